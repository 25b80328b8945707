import CLibical
import LaneLayout

/// Reads a feed from bytes to ``EventRecord``s: the scanner cuts components, the pre-filter
/// passes over events that cannot touch the window, libical reads the rest one at a time.
/// Call inside ``LibicalGate``.
struct FeedLoader {
  let source: String
  let options: ImportOptions

  var calendars: [FeedCalendar] = []
  var records: [EventRecord] = []
  var warnings: [ImportWarning] = []
  var skipped: [SkippedEvent] = []
  var eventsRead = 0
  var eventsPassedOver = 0
  var strictProblem: ImportError?
  /// Events with a TZID not (yet) resolved, to read again once every VTIMEZONE has been seen.
  private var deferred: [DeferredEvent] = []

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
  }

  mutating func load(from byteSource: inout ByteSource) throws(ImportError) {
    var splitter = LineSplitter()
    var scanner = ComponentScanner()
    do {
      try read(from: &byteSource, splitter: &splitter, scanner: &scanner)
    } catch .lineTooLong(let line, let limit) {
      throw .notICalendar(source: source, detail: "line \(line) is longer than \(limit >> 20) MiB")
    }
    scanner.finish { handle($0) }
    resolveDeferred()
    if !scanner.sawCalendarData {
      throw .notICalendar(source: source, detail: FeedLoader.describeStart(of: scanner))
    }
    if splitter.nulBytes > 0 {
      warn(line: nil, uid: nil, "\(splitter.nulBytes) NUL byte(s) removed")
    }
    if warningsLeftOut > 0 {
      warnings.append(
        ImportWarning(
          source: source, line: nil, uid: nil,
          message: "\(warningsLeftOut) more warning(s) about this feed not listed"))
    }
    if let strictProblem { throw strictProblem }
  }

  /// Reads every line into the scanner; stops at the first content line when it is not
  /// iCalendar, and at the first problem under `strict`.
  private mutating func read(
    from byteSource: inout ByteSource, splitter: inout LineSplitter,
    scanner: inout ComponentScanner
  ) throws(ImportError) {
    var checkedStart = false
    while let chunk = try byteSource.nextChunk() {
      try splitter.feed(chunk) { (line, number) throws(ImportError) -> Void in
        scanner.scan(line, number: number) { handle($0) }
        if !checkedStart, scanner.sawContent {
          checkedStart = true
          if !scanner.sawCalendarData {
            throw .notICalendar(source: source, detail: FeedLoader.describeStart(of: scanner))
          }
        }
      }
      options.progress?(byteSource.bytesRead, byteSource.totalBytes)
      if let strictProblem { throw strictProblem }
    }
    try splitter.finish { (line, number) throws(ImportError) -> Void in
      scanner.scan(line, number: number) { handle($0) }
    }
  }

  /// C0, DEL, C1 and the Unicode line and paragraph separators.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }

  /// Why a feed is not iCalendar, from its first line that is not blank.
  static func describeStart(of scanner: ComponentScanner) -> String {
    guard scanner.sawContent, let line = scanner.firstContentLine else {
      return "the input is empty"
    }
    let shown = String(
      line.unicodeScalars.map { FeedLoader.isControl($0) ? "?" : Character($0) }.prefix(40))
    let number = scanner.firstContentLineNumber
    if line.hasPrefix("<") {
      return "line \(number) starts like HTML or XML (\"\(shown)\"), not with BEGIN:VCALENDAR"
    }
    return "line \(number) starts with \"\(shown)\", not with BEGIN:VCALENDAR"
  }

  private mutating func handle(_ item: ScannedItem) {
    switch item {
    case .calendarBegins:
      calendars.append(FeedCalendar())
    case .calendarProperty(let name, let value, _):
      guard let calendar = calendars.last else { return }
      if name == "X-WR-CALNAME" {
        calendar.name = value.trimmingASCIIWhitespace()
      } else {
        let zoneName = value.trimmingASCIIWhitespace()
        calendar.wallZoneName = zoneName
        calendar.wallZone = calendar.resolver.zone(named: zoneName)
      }
    case .timeZone(let block, let line):
      guard let calendar = calendars.last else { return }
      let parsed = ComponentParser.parse(block)
      if let parsed, icalcomponent_isa(parsed) == ICAL_VTIMEZONE_COMPONENT,
        icalcomponent_get_first_property(parsed, ICAL_TZID_PROPERTY) != nil
      {
        calendar.resolver.add(timeZoneComponent: parsed)
      } else {
        if let parsed { icalcomponent_free(parsed) }
        warn(line: line, uid: nil, "a VTIMEZONE libical cannot read (or without TZID); not used")
      }
    case .event(let block, let line, let facts):
      eventsRead += 1
      if let window = options.window,
        !facts.mayTouch(first: window.lowerBound, last: window.upperBound)
      {
        eventsPassedOver += 1
        return
      }
      guard let calendar = calendars.last else { return }
      let parser = EventParser(resolver: calendar.resolver, calendar: calendars.count - 1)
      switch parser.parse(block: block, line: line) {
      case .record(let record, let notes):
        if record.hasUnresolvedZone {
          // The VTIMEZONE may come later in the file (RFC 5545 does not fix the order).
          deferred.append(
            DeferredEvent(
              index: records.count, block: block, line: line, calendar: calendars.count - 1,
              notes: notes))
        } else {
          for note in notes { warn(line: line, uid: record.uid, note) }
        }
        records.append(record)
      case .skipped(let uid, let reason):
        skip(uid: uid ?? facts.uid, line: line, reason: reason)
      }
    case .brokenEvent(let line, let uid, let reason):
      eventsRead += 1
      skip(uid: uid, line: line, reason: reason)
    case .notice(let line, let message):
      warn(line: line, uid: nil, message)
    }
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
      for note in notes { warn(line: event.line, uid: records[event.index].uid, note) }
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
