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
  /// The same for passed-over RECURRENCE-ID overrides, with the day of the instance replaced.
  var passedOverOverrides: [(uid: Int, replacedDay: Int)] = []
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
    var text = uid
    return text.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      var hasher = Hasher()
      hasher.combine(
        bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
      return hasher.finalize()
    }
  }

  /// The UIDs (as ``uidKey(_:)``) of events the pre-filter passed over that share their UID
  /// with another event in a way that changes the layout: a duplicate (another event without
  /// RECURRENCE-ID, passed over or kept) or a THISANDFUTURE override, which can move the
  /// passed-over series' instances anywhere; and see ``overrideConflicts()``. Overrides that
  /// only replace one instance far from the window do not matter.
  mutating func conflictingUIDs() -> Set<Int> {
    var conflicts = overrideConflicts()
    guard !passedOverUIDs.isEmpty else { return conflicts }
    // Sorted in place: with a million events passed over, a copy would be 8 MB more.
    passedOverUIDs.sort()
    let passed = passedOverUIDs
    for index in passed.indices.dropFirst() where passed[index] == passed[index - 1] {
      conflicts.insert(passed[index])
    }
    for record in records
    where !record.uid.isEmpty && (record.recurrenceId == nil || record.thisAndFuture) {
      let key = FeedLoader.uidKey(record.uid)
      if FeedLoader.sorted(passed, contains: key) { conflicts.insert(key) }
    }
    return conflicts
  }

  /// Binary search in an ascending array.
  static func sorted(_ values: [Int], contains value: Int) -> Bool {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < values.count && values[low] == value
  }

  /// The UIDs of passed-over overrides that meet a kept event of their series in a way that
  /// changes the layout: a THISANDFUTURE override; a master that is cancelled, does not recur
  /// (its instance then shows a RECURRENCE-ID), or whose replaced instance would last into the
  /// window; or a kept override of the same instance (a duplicate).
  private func overrideConflicts() -> Set<Int> {
    guard let window = options.window, !passedOverOverrides.isEmpty else { return [] }
    var conflicts: Set<Int> = []
    // Two passed-over overrides of one instance: duplicates, counted as such without the filter.
    let ordered = passedOverOverrides.sorted { ($0.uid, $0.replacedDay) < ($1.uid, $1.replacedDay) }
    for index in ordered.indices.dropFirst()
    where ordered[index].uid == ordered[index - 1].uid
      && ordered[index].replacedDay - ordered[index - 1].replacedDay <= 1
    {
      conflicts.insert(ordered[index].uid)
    }
    let keys = Set(passedOverOverrides.map(\.uid))
    var kept: [Int: [Int]] = [:]
    for (index, record) in records.enumerated() where !record.uid.isEmpty {
      let key = FeedLoader.uidKey(record.uid)
      if keys.contains(key) { kept[key, default: []].append(index) }
    }
    guard !kept.isEmpty else { return conflicts }
    for override in passedOverOverrides {
      for index in kept[override.uid] ?? [] {
        let record = records[index]
        let matters: Bool
        if record.thisAndFuture {
          matters = true
        } else if let recurrenceId = record.recurrenceId {
          let day = LibicalTime.day(of: recurrenceId)
          matters = day.map { abs($0.ordinal - override.replacedDay) <= 1 } ?? true
        } else if record.cancelled || !record.recurs {
          matters = true
        } else {
          let lengthDays =
            max(0, record.length.days) + (max(0, record.length.seconds) + 86_399) / 86_400
          matters =
            override.replacedDay - 2 <= window.upperBound.ordinal
            && override.replacedDay + lengthDays + 2 >= window.lowerBound.ordinal
        }
        if matters { conflicts.insert(override.uid) }
      }
    }
    return conflicts
  }

  /// Reads the feed a second time and parses the passed-over events whose UID is in `keys`,
  /// so that those series are laid out exactly as without the pre-filter.
  mutating func readAgain(for keys: Set<Int>, from byteSource: inout ByteSource)
    throws(ImportError)
  {
    secondPass = SecondPass(keys: keys)
    defer { secondPass = nil }
    var splitter = LineSplitter()
    var scanner = ComponentScanner()
    while try byteSource.readChunk({ (chunk) throws(ImportError) -> Void in
      try splitter.feed(chunk) { (line, number) throws(ImportError) -> Void in
        scanner.scan(line, number: number) { handle($0) }
      }
    }) {}
    try splitter.finish { (line, number) throws(ImportError) -> Void in
      scanner.scan(line, number: number) { handle($0) }
    }
    scanner.finish { handle($0) }
    // Back to file order, which the grouping of series relies on.
    records.sort { $0.line < $1.line }
  }

  /// The state of ``readAgain(for:from:)``.
  struct SecondPass {
    let keys: Set<Int>
    var calendar = -1
  }

  var secondPass: SecondPass?

  /// Whether the first pass passed `facts` over.
  private func passesOver(_ facts: EventFacts) -> Bool {
    guard let window = options.window else { return false }
    return !facts.uidTruncated && !facts.uidEscaped
      && !facts.mayTouch(first: window.lowerBound, last: window.upperBound)
  }

  /// ``handle(_:)`` during the second pass: only passed-over events of the keys are parsed.
  private mutating func handleAgain(_ item: ScannedItem) {
    switch item {
    case .calendarBegins:
      secondPass?.calendar += 1
    case .event(let block, let line, let facts):
      guard let pass = secondPass, let uid = facts.uid, passesOver(facts),
        pass.keys.contains(FeedLoader.uidKey(uid)), calendars.indices.contains(pass.calendar)
      else { return }
      eventsPassedOver -= 1
      parse(block: block, line: line, facts: facts, calendar: pass.calendar)
    default:
      break
    }
  }

  private mutating func parse(block: [UInt8], line: Int, facts: EventFacts, calendar: Int) {
    let parser = EventParser(resolver: calendars[calendar].resolver, calendar: calendar)
    switch parser.parse(block: block, line: line) {
    case .record(let record, let notes):
      for note in notes { warn(line: line, uid: record.uid, note) }
      records.append(record)
    case .skipped(let uid, let reason):
      skip(uid: uid ?? facts.uid, line: line, reason: reason)
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
    if secondPass != nil {
      handleAgain(item)
      return
    }
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
      if passesOver(facts) {
        eventsPassedOver += 1
        if let uid = facts.uid {
          if facts.overridesInstance, let replaced = facts.recurrenceIdDay {
            passedOverOverrides.append((FeedLoader.uidKey(uid), replaced.ordinal))
          } else {
            passedOverUIDs.append(FeedLoader.uidKey(uid))
          }
        }
        return
      }
      guard !calendars.isEmpty else { return }
      parse(block: block, line: line, facts: facts, calendar: calendars.count - 1)
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
