import FeedScan
import ICalBridge
import LaneLayout

/// Reads a feed from bytes to ``EventRecord``s: the scan (``FeedScan``) cuts components and
/// passes over events that cannot touch the window, libical reads the rest one at a time, on
/// the loading thread or, for a large feed, on a worker thread while the scan goes on (see
/// ``LoadPipeline``).
struct FeedLoader: ScanSink {
  let source: String
  let options: ImportOptions

  var calendars: [FeedCalendar] = []
  var records = RecordList()
  var warnings: [ImportWarning] = []
  var skipped: [SkippedEvent] = []
  /// The scan's counts and passed-over UIDs, once ``load(from:)`` has read the feed.
  var tally: ScanTally
  /// The scan's ``LineSplitter/checkpoints``, once ``load(from:)`` has read the feed.
  var checkpoints: [Int] = []
  var strictProblem: ImportError?
  /// Repeats dropped as they were read (``dropsAsRepeat(_:)``), in the order read.
  var droppedRepeats: [DroppedRepeat] = []
  /// For each UID and RECURRENCE-ID read (by a hash), the index of the record used so far.
  var repeatIndex: [Int: Int] = [:]
  /// The rules and EXDATE lists read so far, for later records with the same.
  private var recurrenceShelf = RecurrenceShelf()
  /// The titles and locations read so far, for later records with the same.
  private var textShelf = TextShelf()
  /// What is left of the feed's budget of zone changes for libical (``ObservanceRules``).
  var zoneBudget = ObservanceRules.feedBudget
  /// VTIMEZONE blocks already read, with the zone and TZID they gave, so that a later
  /// VCALENDAR repeating one byte for byte shares its zone (a folder of one-event files).
  private var readZones: [ZoneBlock: (zone: LibicalZone, tzid: String)] = [:]
  /// Which calendar later VCALENDARs repeating its head may share (``CalendarSharing``).
  var sharing = CalendarSharing()
  /// Events with a TZID not (yet) resolved, to read again once every VTIMEZONE has been seen.
  private var deferred: [DeferredEvent] = []
  /// Whether ``parse(block:line:facts:calendar:)`` keeps the bytes of each outcome in
  /// ``parsed`` (while a replay reads its kept events, for the index to keep).
  var keepsParsed = false
  /// The outcomes parsed while ``keepsParsed``, by line (``ParsedOutcome``).
  var parsed: [(line: Int, outcome: [UInt8])] = []
  /// In a replay, what an index kept of passed-over events (``FeedReplay/passedOverParsed``):
  /// ``readAgain(lines:keys:from:)`` takes these instead of parsing them, and keeps what it
  /// parses in ``parsed``.
  var passedOverOutcomes: KeptOutcomes?

  private struct DeferredEvent {
    let index: Int
    let block: [UInt8]
    let line: Int
    let calendar: Int
    let notes: [String]
  }

  init(source: String, options: ImportOptions) {
    self.source = source
    self.options = options
    tally = ScanTally(window: options.window)
  }

  /// VEVENT components read (passed over and broken ones included).
  var eventsRead: Int { tally.eventsRead }
  /// VEVENTs the pre-filter passed over (and the second pass did not read after all).
  var eventsPassedOver: Int { tally.eventsPassedOver }

  /// Reads the whole feed: scans it, parses what the pre-filter keeps, then the events whose
  /// VTIMEZONE came after them. The first problem under `strict` is thrown.
  mutating func load(from byteSource: inout ByteSource) throws(ImportError) {
    var scan = FeedScan(source: source, options: options)
    let stopped: Bool
    if FeedLoader.overlapsScan(options.scanOverlap, totalBytes: byteSource.totalBytes) {
      stopped = try loadOverlapped(&scan, from: &byteSource)
    } else {
      stopped = try scan.run(from: &byteSource, into: &self)
    }
    if stopped, let strictProblem { throw strictProblem }
    tally = scan.tally
    checkpoints = scan.checkpoints
    try finishLoad(
      sawCalendarData: scan.sawCalendarData, startDescription: scan.startDescription,
      nulBytes: scan.nulBytes)
  }

  /// The end of a load, once every item is taken: the events whose VTIMEZONE came after them,
  /// and the feed-wide warnings.
  mutating func finishLoad(sawCalendarData: Bool, startDescription: String, nulBytes: Int)
    throws(ImportError)
  {
    endCalendar()
    resolveDeferred()
    if !sawCalendarData {
      throw .notICalendar(source: source, detail: startDescription)
    }
    if nulBytes > 0 {
      warn(line: nil, uid: nil, "\(nulBytes) NUL byte(s) removed")
    }
    if warningsLeftOut > 0 {
      warnings.append(
        ImportWarning(
          source: source, line: nil, uid: nil,
          message: "\(warningsLeftOut) more warning(s) about this feed not listed"))
    }
    if let strictProblem { throw strictProblem }
  }

  /// A key that matches the UIDs of the byte scan and of libical (trimmed, hashed).
  static func uidKey(_ uid: String) -> Int {
    UIDBytes.key(of: uid)
  }

  /// Takes one event off the tally's passed-over count: the second reading parses it after
  /// all.
  mutating func countReadAgain() {
    tally.eventsPassedOver -= 1
  }

  /// Whether a second reading is under way (``readAgain(lines:keys:from:)``): every VTIMEZONE
  /// has been seen by then.
  var readsAgain = false

  /// Lets go of the scan's keys of passed-over events and its checkpoints, once
  /// ``keptGroupsPassedOver()`` and any second reading are done with them.
  mutating func releaseScanKeys() {
    tally.passedOver = PassedOverKeys()
    checkpoints = []
    passedOverOutcomes = nil
  }

  /// The records read, leaving none here: the only reference to their array, so that
  /// ``Feed/group(_:dropped:source:)`` can compact it in place.
  mutating func takeRecords() -> RecordList {
    var taken = RecordList()
    swap(&taken, &records)
    return taken
  }

  mutating func parse(block: [UInt8], line: Int, facts: EventFacts, calendar: Int) {
    let resolver = calendars[calendar].resolver
    let outcome = EventParser(resolver: resolver, calendar: calendar).parse(
      block: block, line: line)
    if keepsParsed,
      let bytes = ParsedOutcome.bytes(
        of: outcome, line: line, resolver: resolver, fallbackUID: facts.uid)
    {
      parsed.append((line, bytes))
    }
    take(outcome, block: block, line: line, fallbackUID: facts.uid, calendar: calendar)
  }

  /// Takes a kept event's outcome as ``parse(block:line:facts:calendar:)`` takes libical's;
  /// `block` is read again at the end when a TZID of the event was not resolved.
  mutating func take(
    _ outcome: EventParser.Outcome, block: [UInt8], line: Int, fallbackUID: String?, calendar: Int
  ) {
    switch outcome {
    case .record(let record, let notes):
      if record.hasUnresolvedZone, !readsAgain {
        // The VTIMEZONE may come later in the file (RFC 5545 does not fix the order): read the
        // event again once the whole feed has been seen.
        deferred.append(
          DeferredEvent(
            index: records.count, block: block, line: line, calendar: calendar, notes: notes))
      } else {
        for note in notes { warnOnce(line: line, uid: record.uid, note) }
      }
      if dropsAsRepeat(record) { return }
      var record = record
      record.shareRecurrence(on: &recurrenceShelf)
      record.title = textShelf.share(record.title)
      record.location = record.location.map { textShelf.share($0) }
      records.append(record)
    case .skipped(let uid, let reason):
      skip(uid: uid ?? fallbackUID, line: line, reason: reason)
    }
  }

  /// Reads an item the scan kept (first pass): libical parses VTIMEZONEs and events.
  mutating func take(_ item: ScannedItem) {
    switch item {
    case .calendarBegins:
      beginCalendar()
    case .calendarProperty(let name, let value, let line):
      takeHead(.property(name: name, value: value), line: line)
    case .timeZone(let block, let line):
      takeHead(.timeZone(block: block), line: line)
    case .event(let block, let line, let facts):
      guard !calendars.isEmpty else { return }
      settleCalendar()
      parse(block: block, line: line, facts: facts, calendar: calendars.count - 1)
    case .brokenEvent(let line, let uid, let reason):
      skip(uid: uid, line: line, reason: reason)
    case .notice(let line, let message):
      warn(line: line, uid: nil, message)
    case .passedOver:
      // Counted and keyed by the scan's tally (``ScanTally/route(_:)``), which never hands it on.
      break
    }
  }

  /// Applies a calendar property or VTIMEZONE to `calendar`; false when the VTIMEZONE is not
  /// one read before (libical read it).
  mutating func apply(_ part: CalendarSharing.HeadPart, line: Int, to calendar: FeedCalendar)
    -> Bool
  {
    switch part {
    case .property(let name, let value):
      if name == "X-WR-CALNAME" {
        calendar.name = value.trimmingASCIIWhitespace()
      } else if name == "COLOR" || name == "X-APPLE-CALENDAR-COLOR" {
        // RFC 7986's COLOR wins over Apple's when a calendar has both.
        if let hex = ColorText.hex(value), calendar.color == nil || name == "COLOR" {
          calendar.color = hex
        }
      } else {
        let zoneName = value.trimmingASCIIWhitespace()
        calendar.wallZoneName = zoneName
        calendar.wallZone = calendar.resolver.zone(named: zoneName)
      }
      return true
    case .timeZone(let block):
      if let earlier = readZones[ZoneBlock(bytes: block)] {
        calendar.resolver.adopt(earlier.zone, named: earlier.tzid)
        return true
      }
      readTimeZone(block, line: line, into: calendar)
      return false
    }
  }

  /// Reads a VTIMEZONE block libical has not read before into `calendar`.
  private mutating func readTimeZone(_ block: [UInt8], line: Int, into calendar: FeedCalendar) {
    switch calendar.resolver.read(timeZoneBlock: block, budget: &zoneBudget) {
    case .added(let zone, let tzid, let droppedRules):
      if droppedRules {
        warn(
          line: line, uid: nil,
          "a VTIMEZONE observance repeats other than yearly or has BY values out of range; that RRULE is not used"
        )
      }
      if let zone, readZones.count < 1_000 {
        readZones[ZoneBlock(bytes: block)] = (zone, tzid)
      }
    case .unreadable:
      warn(line: line, uid: nil, "a VTIMEZONE libical cannot read (or without TZID); not used")
    case .overBudget:
      warn(
        line: line, uid: nil,
        "a VTIMEZONE past the feed's budget of \(ObservanceRules.feedBudget) zone changes for libical to work out; not used, its TZID is read like an unknown one"
      )
    }
  }

  /// A chunk's items are read: the load goes on unless `strict` met a problem.
  func chunkEnded() -> Bool {
    strictProblem == nil
  }

  /// Reads again the events whose TZID was unknown when they were met, now that every
  /// VTIMEZONE of their calendar is known; re-resolves X-WR-TIMEZONE the same way.
  private mutating func resolveDeferred() {
    for calendar in calendars {
      if let name = calendar.wallZoneName {
        calendar.wallZone = calendar.resolver.zone(named: name)
      }
    }
    let pending = deferred
    deferred = []
    for event in pending {
      let parser = EventParser(
        resolver: calendars[event.calendar].resolver, calendar: event.calendar)
      var notes = event.notes
      if case .record(let record, let again) = parser.parse(block: event.block, line: event.line) {
        records[event.index] = record
        notes = again
      }
      for note in notes { warnOnce(line: event.line, uid: records[event.index].uid, note) }
    }
  }

  private mutating func skip(uid: String?, line: Int, reason: String) {
    skipped.append(SkippedEvent(uid: uid, line: line, reason: reason))
    if options.strict, strictProblem == nil {
      let name = uid.map { $0.isEmpty ? "(no UID)" : $0 } ?? "(no UID)"
      strictProblem = .strictFailure(
        source: source, line: line, message: "event \(name) skipped: \(reason)")
    }
  }

  /// Warns, except that the Windows-1252 note is given once per feed.
  mutating func warnOnce(line: Int?, uid: String?, _ message: String) {
    if message == EventParser.windows1252Note {
      if warnedWindows1252 { return }
      warnedWindows1252 = true
    }
    warn(line: line, uid: uid, message)
  }

  private var warnedWindows1252 = false

  /// At most this many warnings are kept per feed; the rest are counted in a last one.
  static let warningLimit = 1_000
  private var warningsLeftOut = 0

  mutating func warn(line: Int?, uid: String?, _ message: String) {
    if warnings.count < FeedLoader.warningLimit {
      warnings.append(ImportWarning(source: source, line: line, uid: uid, message: message))
    } else {
      warningsLeftOut += 1
    }
    if options.strict, strictProblem == nil {
      strictProblem = .strictFailure(source: source, line: line, message: message)
    }
  }
}

/// A VTIMEZONE block as a dictionary key, hashed as one run of bytes rather than byte by byte.
private struct ZoneBlock: Hashable {
  let bytes: [UInt8]

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
