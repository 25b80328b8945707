import FeedScan

/// What a whole-feed scan learns, handed out one part at a time in file order, so that an index
/// (the `FeedIndex` target) can answer a window later without scanning the feed again: the
/// parts the loader reads whatever the window (calendars, their properties, VTIMEZONEs,
/// notices, broken events), and for each VEVENT where it starts and the windows the
/// pre-filter keeps it for.
///
/// This is the narrow interface between the scan and an index: ``FeedSurvey/run(path:_:)``
/// surveys a file, and ``FeedReplay`` gives back, for one window, the parts the scan would
/// have kept, so that ``Feed/init(path:replaying:options:)`` loads exactly what a scan with
/// that window loads.
package enum FeedPart: Sendable, Equatable {
  /// A `BEGIN:VCALENDAR` line (or a bare component that stands for one).
  case calendarBegins(line: Int)
  /// X-WR-TIMEZONE, X-WR-CALNAME, COLOR or X-APPLE-CALENDAR-COLOR, unfolded.
  case calendarProperty(name: String, value: String, line: Int)
  /// A whole VTIMEZONE component, as the scan cut it.
  case timeZone(block: [UInt8], line: Int)
  /// A VEVENT that cannot be used as it stands.
  case brokenEvent(line: Int, uid: String?, reason: String)
  /// Something worth a warning that loses no event.
  case notice(line: Int, message: String)
}

/// One part of a ``FeedReplay``.
package enum ReplayPart: Sendable, Equatable {
  /// A part read whatever the window.
  case part(FeedPart)
  /// A VEVENT starting at `line`, read again from the feed.
  case event(line: Int)
}

/// One VEVENT as the survey saw it.
package struct SurveyedEvent: Sendable, Equatable {
  /// The line of its `BEGIN:VEVENT`.
  package var line: Int
  /// Its UID without surrounding spaces and tabs (what ``FeedLoader/uidKey(_:)`` hashes); nil
  /// without UID.
  package var uid: String?
  /// Its UID may be another text for libical than for the scan (``EventFacts/uidReadOtherwise``):
  /// libical's UID of it may then be the UID of any other event.
  package var uidReadOtherwise = false
  /// The day ordinals of the windows the pre-filter keeps it for (it is kept for a window
  /// exactly when this meets it and ``season`` does); nil: kept for every window.
  package var keptWindow: ClosedRange<Int>?
  /// ``StartSeason/stored`` of its ``EventFacts/season``, 0 for none: of the windows its
  /// ``keptWindow`` meets, the pre-filter keeps it for those the season meets.
  package var season = 0
}

/// One item of a survey.
package enum SurveyItem: Sendable {
  /// A part the loader reads whatever the window.
  case part(FeedPart)
  /// A VEVENT.
  case event(SurveyedEvent)
}

/// What a survey learns about the feed as a whole.
package struct FeedSurvey: Sendable, Equatable {
  /// VEVENT components read, broken ones included.
  package var eventsRead = 0
  /// NUL bytes removed from the input.
  package var nulBytes = 0
  /// Whether a VCALENDAR (or a bare iCalendar component) was met.
  package var sawCalendarData = false
  /// Why the input is not iCalendar, from its first line that is not blank.
  package var startDescription = ""
  /// The input offset of every 64th line (see ``LineSplitter/checkpoints``).
  package var checkpoints: [Int] = []
  /// The lines from one checkpoint to the next: a feed has at most this many lines more than
  /// `checkpoints.count` times it.
  package static let checkpointInterval = LineSplitter.checkpointInterval

  /// A survey's facts, as an index stored them.
  package init(
    eventsRead: Int, nulBytes: Int, sawCalendarData: Bool, startDescription: String,
    checkpoints: [Int]
  ) {
    self.eventsRead = eventsRead
    self.nulBytes = nulBytes
    self.sawCalendarData = sawCalendarData
    self.startDescription = startDescription
    self.checkpoints = checkpoints
  }

  /// Scans the file at `path` once, without libical, handing every item to `body` in file
  /// order; throws as loading the file would when it cannot be read or is not iCalendar.
  package static func run(path: String, _ body: (SurveyItem) -> Void) throws(ImportError)
    -> FeedSurvey
  {
    var byteSource = try ByteSource(path: path)
    return try run(&byteSource, body)
  }

  /// Scans the stream of a folder's `.ics` files once, as ``run(path:_:)`` scans a file; the
  /// stream's ``FolderStream/layout`` then says where its bytes came from.
  package static func run(folder stream: FolderStream, _ body: (SurveyItem) -> Void)
    throws(ImportError) -> FeedSurvey
  {
    var byteSource = ByteSource(stream: stream)
    return try run(&byteSource, body)
  }

  private static func run(_ byteSource: inout ByteSource, _ body: (SurveyItem) -> Void)
    throws(ImportError) -> FeedSurvey
  {
    let path = byteSource.path
    var scan = FeedScan(source: path, options: ImportOptions())
    try withoutActuallyEscaping(body) { (body) throws(ImportError) -> Void in
      var sink = SurveySink(body: body)
      _ = try scan.run(from: &byteSource, into: &sink)
    }
    if !scan.sawCalendarData {
      throw .notICalendar(source: path, detail: scan.startDescription)
    }
    return FeedSurvey(
      eventsRead: scan.tally.eventsRead, nulBytes: scan.nulBytes,
      sawCalendarData: scan.sawCalendarData, startDescription: scan.startDescription,
      checkpoints: scan.checkpoints)
  }
}

/// Turns scanned items into survey items.
private struct SurveySink: ScanSink {
  let body: (SurveyItem) -> Void

  mutating func take(_ item: ScannedItem) {
    switch item {
    case .calendarBegins(let line):
      body(.part(.calendarBegins(line: line)))
    case .calendarProperty(let name, let value, let line):
      body(.part(.calendarProperty(name: name, value: value, line: line)))
    case .timeZone(let block, let line):
      body(.part(.timeZone(block: block.withUnsafeBufferPointer { Array($0) }, line: line)))
    case .brokenEvent(let line, let uid, let reason):
      body(.part(.brokenEvent(line: line, uid: uid, reason: reason)))
    case .notice(let line, let message):
      body(.part(.notice(line: line, message: message)))
    case .passedOver:
      // The survey scans without a window: nothing is passed over.
      break
    case .event(_, let line, let facts):
      body(
        .event(
          SurveyedEvent(
            line: line, uid: facts.uid.map { $0.trimmingSpacesAndTabs() },
            uidReadOtherwise: facts.uidReadOtherwise, keptWindow: facts.keptWindow,
            season: facts.season?.stored ?? 0)))
    }
  }

  func chunkEnded() -> Bool { true }
}

extension String {
  /// Without leading and trailing spaces and tabs (as ``FeedLoader/uidKey(_:)`` reads a UID).
  fileprivate func trimmingSpacesAndTabs() -> String {
    var text = Substring(self)
    while let first = text.unicodeScalars.first, first == " " || first == "\t" {
      text = Substring(text.unicodeScalars.dropFirst())
    }
    while let last = text.unicodeScalars.last, last == " " || last == "\t" {
      text = Substring(text.unicodeScalars.dropLast())
    }
    return String(text)
  }
}

/// What an index gives back for one window: the parts a scan with that window keeps, in file
/// order, and what the scan would have counted and remembered of the rest.
package struct FeedReplay: Sendable {
  /// The parts kept, in file order.
  package var parts: [ReplayPart]
  /// The survey of the whole feed.
  package var survey: FeedSurvey
  /// VEVENTs the pre-filter passes over.
  package var eventsPassedOver: Int
  /// The passed-over events that share their UID with another event (the others cannot change
  /// the layout), in file order, as the scan would remember them: their keys, not their texts.
  package var passedOver: PassedOverKeys
  /// What libical made of kept events when an earlier replay read them (``ParsedOutcome``), by
  /// their line: those are taken as they are, neither read from the feed nor parsed again.
  package var parsed: KeptOutcomes
  /// What libical made of the events of ``passedOver`` an earlier load read (their UID group
  /// was read whole, ``FeedLoader/keptGroupsPassedOver()``), by their line.
  package var passedOverParsed = KeptOutcomes()

  /// A replay of `parts`.
  package init(
    parts: [ReplayPart], survey: FeedSurvey, eventsPassedOver: Int, passedOver: PassedOverKeys,
    parsed: KeptOutcomes = KeptOutcomes()
  ) {
    self.parts = parts
    self.survey = survey
    self.eventsPassedOver = eventsPassedOver
    self.passedOver = passedOver
    self.parsed = parsed
  }
}

extension PassedOverKeys {
  /// Remembers a passed-over event an index kept, as ``ScanTally/route(_:)`` remembers it: its
  /// UID as the UTF-8 bytes of ``SurveyedEvent/uid``.
  package mutating func add(uidBytes: UnsafeRawBufferPointer, line: Int) {
    add(uidKey: UIDBytes.key(of: uidBytes.bindMemory(to: UInt8.self)), line: line)
  }
}
