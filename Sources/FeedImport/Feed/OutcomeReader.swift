import Foundation
import ICalBridge
import LaneLayout

/// Reads what ``OutcomeWriter`` wrote; every method gives nil past the end or for a value out
/// of its type's range.
struct OutcomeReader {
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
