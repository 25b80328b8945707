import Foundation
import LaneLayout

/// What libical made of one kept VEVENT (``EventParser/Outcome``), as bytes an index keeps, so
/// that a later replay takes the event without reading its lines or parsing them again.
///
/// Everything of the outcome is written field for field, and its zones by a TZID that names
/// them: the zone a TZID names depends only on the VTIMEZONEs read before the event, which a
/// replay of any window reads in the same order, so the name found when the outcome is written
/// gives the same zone when it is read back. An outcome is not kept when one of its zones has
/// no such name (a zone libical chose by itself), or when a TZID of it was not resolved yet
/// (the event is read again at the end of the load, see `FeedLoader`).
///
/// Reading back checks every length, count and value against what can be written; bytes that
/// do not read back whole give nil, which the replay reports as a damaged index.
package enum ParsedOutcome {
  /// The first byte of every kept outcome: bumped whenever the layout below changes.
  static let format: UInt8 = 2

  /// What kept outcomes are valid for: this layout, the libical that parsed them, and the very
  /// program that did (its file's device, inode, size and modification time): a new build of
  /// icslanes, whose parser may read an event otherwise, parses again rather than trust what
  /// an older one kept. An index keeps the signature beside its outcomes and uses them only
  /// while it is the same; nil (the program's file cannot be found) keeps none.
  package static let signature: String? = {
    var status = stat()
    guard stat("/proc/self/exe", &status) == 0 else { return nil }
    let program = [
      UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size),
      UInt64(status.st_mtim.tv_sec), UInt64(status.st_mtim.tv_nsec),
    ].map(String.init).joined(separator: ":")
    return "outcome \(format), libical \(LibicalVersion.text), program \(program)"
  }()

  /// The bytes of `outcome`, the VEVENT at `line` parsed by `resolver`'s calendar just now;
  /// nil when it cannot be kept. A skipped event keeps `fallbackUID` when libical gave none
  /// (as the loader does).
  static func bytes(
    of outcome: EventParser.Outcome, line: Int, resolver: TimeZoneResolver, fallbackUID: String?
  ) -> [UInt8]? {
    var writer = OutcomeWriter(resolver: resolver)
    writer.bytes.append(format)
    writer.integer(line)
    switch outcome {
    case .skipped(let uid, let reason):
      writer.bytes.append(0)
      writer.optionalText(uid ?? fallbackUID)
      writer.text(reason)
    case .record(let record, let warnings):
      guard !record.hasUnresolvedZone else { return nil }
      writer.bytes.append(1)
      writer.count(warnings.count)
      for warning in warnings { writer.text(warning) }
      guard writer.record(record) else { return nil }
    }
    return writer.bytes
  }

  /// The outcome `bytes` hold for the VEVENT at `line`, its zones named again through
  /// `resolver`; nil when the bytes do not read back whole, were written for another line, or a
  /// zone's name no longer names a zone.
  static func outcome(from bytes: [UInt8], line: Int, resolver: TimeZoneResolver)
    -> EventParser.Outcome?
  {
    outcome(from: bytes[...], line: line, resolver: resolver)
  }

  /// ``outcome(from:line:resolver:)`` of bytes in a larger buffer (``KeptOutcomes``).
  static func outcome(from bytes: ArraySlice<UInt8>, line: Int, resolver: TimeZoneResolver)
    -> EventParser.Outcome?
  {
    var reader = OutcomeReader(bytes: bytes, resolver: resolver)
    guard reader.byte() == format, reader.integer() == line, let kind = reader.byte() else {
      return nil
    }
    let outcome: EventParser.Outcome
    switch kind {
    case 0:
      guard let uid = reader.optionalText(), let reason = reader.text() else { return nil }
      outcome = .skipped(uid: uid, reason: reason)
    case 1:
      guard let count = reader.count() else { return nil }
      var warnings: [String] = []
      for _ in 0..<count {
        guard let warning = reader.text() else { return nil }
        warnings.append(warning)
      }
      guard let record = reader.record() else { return nil }
      outcome = .record(record, warnings: warnings)
    default:
      return nil
    }
    return reader.atEnd ? outcome : nil
  }
}

/// Writes the parts of an outcome: integers as zigzag varints, texts as their UTF-8 length and
/// bytes, a zone as 0 (none), 1 (UTC), 2 and its TZID (first use) or 3 + k (the k-th TZID
/// written before).
private struct OutcomeWriter {
  let resolver: TimeZoneResolver
  var bytes: [UInt8] = []
  private var zones: [LibicalZone] = []

  init(resolver: TimeZoneResolver) {
    self.resolver = resolver
    bytes.reserveCapacity(256)
  }

  mutating func integer(_ value: Int) {
    var rest = UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func count(_ value: Int) { integer(value) }

  mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func text(_ value: String) {
    integer(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }

  mutating func optionalText(_ value: String?) {
    flag(value != nil)
    if let value { text(value) }
  }

  /// False when `zone` has no name to write.
  mutating func zone(_ zone: LibicalZone?) -> Bool {
    guard let zone else {
      integer(0)
      return true
    }
    if zone.isUTC {
      integer(1)
      return true
    }
    if let known = zones.firstIndex(where: { $0 === zone }) {
      integer(3 + known)
      return true
    }
    guard let name = resolver.name(of: zone) else { return false }
    integer(2)
    text(name)
    zones.append(zone)
    return true
  }

  mutating func time(_ value: WallTime) -> Bool {
    // Field by field: an array of the six would be one allocation for every time written.
    integer(Int(value.year))
    integer(Int(value.month))
    integer(Int(value.day))
    integer(Int(value.hour))
    integer(Int(value.minute))
    integer(Int(value.second))
    bytes.append((value.isDate ? 1 : 0) | (value.isDaylight ? 2 : 0))
    return zone(value.zone)
  }

  mutating func rule(_ rule: RecurrenceRule) -> Bool {
    integer(rule.frequency.map { Int($0.rawValue) } ?? -1)
    guard time(rule.until) else { return false }
    integer(Int(rule.count))
    integer(Int(rule.interval))
    integer(rule.weekStart)
    for list in [
      rule.bySecond, rule.byMinute, rule.byHour, rule.byDay, rule.byMonthDay, rule.byYearDay,
      rule.byWeekNumber, rule.byMonth, rule.bySetPosition,
    ] {
      count(list.count)
      for value in list { integer(Int(value)) }
    }
    optionalText(rule.rscale)
    integer(Int(rule.skip))
    return true
  }

  mutating func duration(_ value: PeriodDuration) {
    flag(value.isNegative)
    for field in [value.days, value.weeks, value.hours, value.minutes, value.seconds] {
      integer(Int(field))
    }
  }

  mutating func record(_ record: EventRecord) -> Bool {
    text(record.uid)
    text(record.title)
    optionalText(record.location)
    count(record.categories.count)
    for category in record.categories { text(category) }
    optionalText(record.color)
    integer(record.line)
    integer(record.calendar)
    guard time(record.start) else { return false }
    integer(record.length.days)
    integer(record.length.seconds)
    flag(record.rule != nil)
    if let rule = record.rule, !self.rule(rule) { return false }
    count(record.extraRules.count)
    for rule in record.extraRules {
      guard self.rule(rule) else { return false }
    }
    count(record.rdates.count)
    for date in record.rdates {
      guard time(date.time), time(date.periodStart), time(date.periodEnd) else { return false }
      duration(date.periodDuration)
    }
    count(record.exdates.count)
    for date in record.exdates {
      guard time(date) else { return false }
    }
    flag(record.recurrenceId != nil)
    if let recurrenceId = record.recurrenceId, !time(recurrenceId) { return false }
    flag(record.thisAndFuture)
    flag(record.cancelled)
    integer(record.sequence)
    details(record.details)
    return true
  }

  /// An event's details: a flag, then each field (the status as its raw text).
  mutating func details(_ details: EventDetails?) {
    flag(details != nil)
    guard let details else { return }
    optionalText(details.description)
    flag(details.descriptionTruncated)
    optionalText(details.url)
    optionalText(details.status?.rawValue)
    optionalText(details.organizer)
    flag(details.attendeeCount != nil)
    if let count = details.attendeeCount { integer(count) }
  }
}

/// Reads what ``OutcomeWriter`` wrote; every method gives nil past the end or for a value out
/// of its type's range.
private struct OutcomeReader {
  let bytes: ArraySlice<UInt8>
  let resolver: TimeZoneResolver
  /// The index in ``bytes`` read next.
  private var offset: Int
  private var zones: [LibicalZone] = []

  init(bytes: ArraySlice<UInt8>, resolver: TimeZoneResolver) {
    self.bytes = bytes
    self.resolver = resolver
    offset = bytes.startIndex
  }

  var atEnd: Bool { offset == bytes.endIndex }

  mutating func byte() -> UInt8? {
    guard offset < bytes.endIndex else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func integer() -> Int? {
    // Most values (fields of a time, counts, flags) are one byte.
    if offset < bytes.endIndex, bytes[offset] < 0x80 {
      let raw = Int(bytes[offset])
      offset += 1
      return (raw >> 1) ^ -(raw & 1)
    }
    var raw: UInt = 0
    var shift: UInt = 0
    while true {
      guard let next = byte(), shift < UInt(UInt.bitWidth) else { return nil }
      raw |= UInt(next & 0x7F) << shift
      if next < 0x80 { break }
      shift += 7
    }
    return Int(bitPattern: raw >> 1) ^ -Int(bitPattern: raw & 1)
  }

  /// A count of items, each at least one byte long: never more than the bytes left.
  mutating func count() -> Int? {
    guard let value = integer(), value >= 0, value <= bytes.endIndex - offset else { return nil }
    return value
  }

  mutating func int32() -> Int32? { integer().flatMap { Int32(exactly: $0) } }

  mutating func int16() -> Int16? { integer().flatMap { Int16(exactly: $0) } }

  mutating func uint32() -> UInt32? { integer().flatMap { UInt32(exactly: $0) } }

  mutating func flag() -> Bool? {
    switch byte() {
    case 0: false
    case 1: true
    default: nil
    }
  }

  mutating func text() -> String? {
    guard let length = count() else { return nil }
    defer { offset += length }
    return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
  }

  /// `.some(nil)` for an absent text, nil for bytes that do not read.
  mutating func optionalText() -> String?? {
    switch flag() {
    case false?: .some(nil)
    case true?: text().map { .some($0) } ?? nil
    case nil: nil
    }
  }

  /// `.some(nil)` for no zone, nil for bytes that do not read or a name that names no zone.
  mutating func zone() -> LibicalZone?? {
    guard let tag = integer() else { return nil }
    switch tag {
    case 0: return .some(nil)
    case 1: return .some(LibicalZone.utc)
    case 2:
      guard let length = count() else { return nil }
      defer { offset += length }
      guard let zone = resolver.zone(namedBytes: bytes[offset..<(offset + length)]) else {
        return nil
      }
      zones.append(zone)
      return .some(zone)
    default:
      guard tag >= 3, tag - 3 < zones.count else { return nil }
      return .some(zones[tag - 3])
    }
  }

  mutating func time() -> WallTime? {
    guard let year = int32(), let month = int32(), let day = int32(), let hour = int32(),
      let minute = int32(), let second = int32(), let flags = byte(), flags < 4,
      let zone = zone()
    else { return nil }
    return WallTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      isDate: flags & 1 != 0, isDaylight: flags & 2 != 0, zone: zone)
  }

  mutating func rule() -> RecurrenceRule? {
    guard let rawFrequency = integer() else { return nil }
    var frequency: RecurrenceFrequency?
    if rawFrequency != -1 {
      guard let raw = UInt32(exactly: rawFrequency), let known = RecurrenceFrequency(rawValue: raw)
      else { return nil }
      frequency = known
    }
    guard let until = time(), let count = int32(), let interval = int16(),
      let weekStart = integer()
    else { return nil }
    // Most of the nine lists are empty: those take no allocation.
    guard let bySecond = list(), let byMinute = list(), let byHour = list(), let byDay = list(),
      let byMonthDay = list(), let byYearDay = list(), let byWeekNumber = list(),
      let byMonth = list(), let bySetPosition = list(),
      let rscale = optionalText(), let skip = uint32()
    else { return nil }
    return RecurrenceRule(
      frequency: frequency, until: until, count: count, interval: interval,
      weekStart: weekStart, bySecond: bySecond, byMinute: byMinute, byHour: byHour,
      byDay: byDay, byMonthDay: byMonthDay, byYearDay: byYearDay, byWeekNumber: byWeekNumber,
      byMonth: byMonth, bySetPosition: bySetPosition, rscale: rscale, skip: skip)
  }

  /// One of a rule's BY lists: its count, then its values.
  mutating func list() -> [Int16]? {
    guard let length = count() else { return nil }
    if length == 0 { return [] }
    var list: [Int16] = []
    list.reserveCapacity(length)
    for _ in 0..<length {
      guard let value = int16() else { return nil }
      list.append(value)
    }
    return list
  }

  mutating func duration() -> PeriodDuration? {
    guard let isNegative = flag(), let days = uint32(), let weeks = uint32(),
      let hours = uint32(), let minutes = uint32(), let seconds = uint32()
    else { return nil }
    return PeriodDuration(
      isNegative: isNegative, days: days, weeks: weeks, hours: hours, minutes: minutes,
      seconds: seconds)
  }

  mutating func record() -> EventRecord? {
    guard let uid = text(), let title = text(), let location = optionalText(),
      let categoryCount = count()
    else { return nil }
    var categories: [String] = []
    for _ in 0..<categoryCount {
      guard let category = text() else { return nil }
      categories.append(category)
    }
    guard let color = optionalText(), let line = integer(), let calendar = integer(),
      let start = time(), let days = integer(), let seconds = integer(), let hasRule = flag()
    else { return nil }
    var rule: RecurrenceRule?
    if hasRule {
      guard let read = self.rule() else { return nil }
      rule = read
    }
    guard let extraCount = count() else { return nil }
    var extraRules: [RecurrenceRule] = []
    for _ in 0..<extraCount {
      guard let extra = self.rule() else { return nil }
      extraRules.append(extra)
    }
    guard let rdateCount = count() else { return nil }
    var rdates: [RecurrenceDate] = []
    for _ in 0..<rdateCount {
      guard let time = time(), let periodStart = self.time(), let periodEnd = self.time(),
        let duration = duration()
      else { return nil }
      rdates.append(
        RecurrenceDate(
          time: time, periodStart: periodStart, periodEnd: periodEnd, periodDuration: duration))
    }
    guard let exdateCount = count() else { return nil }
    var exdates: [WallTime] = []
    exdates.reserveCapacity(exdateCount)
    for _ in 0..<exdateCount {
      guard let date = time() else { return nil }
      exdates.append(date)
    }
    guard let hasRecurrenceId = flag() else { return nil }
    var recurrenceId: WallTime?
    if hasRecurrenceId {
      guard let read = time() else { return nil }
      recurrenceId = read
    }
    guard let thisAndFuture = flag(), let cancelled = flag(), let sequence = integer(),
      let details = details()
    else {
      return nil
    }
    var record = EventRecord(
      uid: uid, title: title, location: location, line: line, calendar: calendar, start: start,
      length: OccurrenceLength(days: days, seconds: seconds), rule: rule, rdates: rdates,
      exdates: exdates, recurrenceId: recurrenceId, thisAndFuture: thisAndFuture,
      cancelled: cancelled, sequence: sequence)
    record.categories = categories
    record.color = color
    record.extraRules = extraRules
    record.details = details
    return record
  }

  /// What ``OutcomeWriter/details(_:)`` wrote: `.some(nil)` for none, nil for bytes that do
  /// not read.
  mutating func details() -> EventDetails?? {
    guard let present = flag() else { return nil }
    guard present else { return .some(nil) }
    guard let description = optionalText(), let truncated = flag(), let url = optionalText(),
      let statusText = optionalText(), let organizer = optionalText(), let hasCount = flag()
    else { return nil }
    var status: EventDetails.Status?
    if let statusText {
      guard let known = EventDetails.Status(rawValue: statusText) else { return nil }
      status = known
    }
    var attendees: Int?
    if hasCount {
      guard let count = integer(), count >= 0 else { return nil }
      attendees = count
    }
    var details = EventDetails(
      url: url, status: status, organizer: organizer, attendeeCount: attendees)
    details.restore(description: description, truncated: truncated)
    return .some(details)
  }
}
