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
  /// ``FeedLoader/uidKey(_:)`` of every event the pre-filter passed over that has a UID.
  var passedOverUIDs: [Int] = []
  var strictProblem: ImportError?

  init(source: String, options: ImportOptions) {
    self.source = source
    self.options = options
  }

  mutating func load(from byteSource: inout ByteSource) throws(ImportError) {
    var splitter = LineSplitter()
    var scanner = ComponentScanner()
    var checkedStart = false
    while try byteSource.readChunk({ (chunk) throws(ImportError) -> Void in
      try splitter.feed(chunk) { (line, number) throws(ImportError) -> Void in
        scanner.scan(line, number: number) { handle($0) }
        if !checkedStart, scanner.sawContent {
          checkedStart = true
          if !scanner.sawCalendarData {
            throw .notICalendar(
              source: source, detail: FeedLoader.describeStart(scanner.firstContentLine))
          }
        }
      }
    }) {
      options.progress?(byteSource.bytesRead, byteSource.totalBytes)
      if let strictProblem { throw strictProblem }
    }
    try splitter.finish { (line, number) throws(ImportError) -> Void in
      scanner.scan(line, number: number) { handle($0) }
    }
    scanner.finish { handle($0) }
    if !scanner.sawCalendarData {
      throw .notICalendar(
        source: source,
        detail: scanner.sawContent
          ? FeedLoader.describeStart(scanner.firstContentLine) : "the input is empty")
    }
    if splitter.nulBytes > 0 {
      warn(line: nil, uid: nil, "\(splitter.nulBytes) NUL byte(s) removed")
    }
    if let strictProblem { throw strictProblem }
  }

  /// A key that matches the UIDs of the byte scan and of libical (trimmed, hashed).
  static func uidKey(_ uid: String) -> Int {
    uid.trimmingASCIIWhitespace().hashValue
  }

  /// Whether an event the pre-filter passed over shares its UID with another event in a way
  /// that changes the layout: a duplicate (another event without RECURRENCE-ID, passed over
  /// or kept) or a THISANDFUTURE override, which can move the passed-over series' instances
  /// anywhere. Overrides that only replace one instance do not matter: the instance they
  /// replace lies outside the window too.
  func passedOverEventsMatter() -> Bool {
    guard !passedOverUIDs.isEmpty else { return false }
    let passed = passedOverUIDs.sorted()
    for index in passed.indices.dropFirst() where passed[index] == passed[index - 1] {
      return true
    }
    let passedSet = Set(passed)
    return records.contains { record in
      !record.uid.isEmpty && (record.recurrenceId == nil || record.thisAndFuture)
        && passedSet.contains(FeedLoader.uidKey(record.uid))
    }
  }

  static func describeStart(_ line: String?) -> String {
    guard let line else { return "the input is empty" }
    let shown = String(
      line.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }.prefix(
        40))
    if line.hasPrefix("<") {
      return "it starts like HTML or XML (\"\(shown)\"), not with BEGIN:VCALENDAR"
    }
    return "it starts with \"\(shown)\", not with BEGIN:VCALENDAR"
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
      var text = block
      text.append(0)
      let parsed = text.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { icalparser_parse_string($0.baseAddress) }
      }
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
      if let window = options.window, !facts.uidTruncated,
        facts.uid?.contains("\\") != true,
        !facts.mayTouch(first: window.lowerBound, last: window.upperBound)
      {
        eventsPassedOver += 1
        if let uid = facts.uid { passedOverUIDs.append(FeedLoader.uidKey(uid)) }
        return
      }
      guard let calendar = calendars.last else { return }
      let parser = EventParser(resolver: calendar.resolver, calendar: calendars.count - 1)
      switch parser.parse(block: block, line: line) {
      case .record(let record, let notes):
        for note in notes { warn(line: line, uid: record.uid, note) }
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

  private mutating func skip(uid: String?, line: Int, reason: String) {
    skipped.append(SkippedEvent(uid: uid, line: line, reason: reason))
    if options.strict, strictProblem == nil {
      strictProblem = .strictFailure(
        source: source, line: line, message: "event skipped: \(reason)")
    }
  }

  mutating func warn(line: Int?, uid: String?, _ message: String) {
    warnings.append(ImportWarning(source: source, line: line, uid: uid, message: message))
    if options.strict, strictProblem == nil {
      strictProblem = .strictFailure(source: source, line: line, message: message)
    }
  }
}
