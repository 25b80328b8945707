import LaneLayout
import Testing

@testable import FeedImport
@testable import ICalBridge

/// ``ParsedOutcome`` writes every field of an outcome and reads it back: the extremes of each
/// number, every optional part present and absent, zones by name; and it refuses bytes that do
/// not read back whole.
@Suite struct ParsedOutcomeBytesTests {
  /// A record with every part set, its numbers at `extreme` (the least or greatest value of
  /// their types), its zones those of `resolver` (looked up first, as the parser looks them up).
  static func record(extreme: Bool, resolver: TimeZoneResolver) throws -> EventRecord {
    let berlin = try #require(resolver.zone(named: "Europe/Berlin"))
    let tokyo = try #require(resolver.zone(named: "Asia/Tokyo"))
    let small: Int32 = extreme ? .min : -7
    func time(_ zone: LibicalZone?, _ value: Int32) -> WallTime {
      WallTime(
        year: value, month: 12, day: 31, hour: 23, minute: 59, second: 60, isDate: false,
        isDaylight: true, zone: zone)
    }
    let rule = RecurrenceRule(
      frequency: .yearly, until: time(tokyo, extreme ? .max : 2030), count: extreme ? .max : 3,
      interval: extreme ? .min : 2, weekStart: extreme ? .max : 2, bySecond: [60, 0],
      byMinute: [59], byHour: [23, 0], byDay: [-53 * 8 - 7, 1, .max], byMonthDay: [-31, 31],
      byYearDay: Array(-366...(-300)).map(Int16.init), byWeekNumber: [-53, 53],
      byMonth: [1, 12], bySetPosition: [.min, -1], rscale: "GREGORIAN", skip: .max)
    var record = EventRecord(
      uid: "ü-\u{0}-uid", title: extreme ? String(repeating: "é", count: 5_000) : "",
      location: extreme ? nil : "Raum 1", line: extreme ? .max : 1, calendar: 3,
      start: time(berlin, small), length: OccurrenceLength(days: extreme ? .min : 0, seconds: -1),
      rule: extreme ? rule : nil,
      rdates: [
        RecurrenceDate(
          time: time(nil, 1), periodStart: time(LibicalZone.utc, 2), periodEnd: time(berlin, 3),
          periodDuration: PeriodDuration(
            isNegative: true, days: .max, weeks: 0, hours: 1, minutes: 2, seconds: 3))
      ],
      exdates: [time(berlin, 2024), time(tokyo, 2025), time(nil, 2026)],
      recurrenceId: extreme ? time(tokyo, .max) : nil, thisAndFuture: extreme, cancelled: !extreme,
      sequence: extreme ? .min : .max)
    record.categories = extreme ? ["a", "", "b,c"] : []
    record.color = extreme ? "#00ff00" : nil
    record.extraRules = extreme ? [rule, rule] : []
    return record
  }

  @Test(arguments: [false, true])
  func everyFieldReadsBack(extreme: Bool) throws {
    let resolver = TimeZoneResolver()
    let record = try ParsedOutcomeBytesTests.record(extreme: extreme, resolver: resolver)
    let outcome = EventParser.Outcome.record(record, warnings: ["one", "", "thrée"])
    let bytes = try #require(
      ParsedOutcome.bytes(of: outcome, line: 42, resolver: resolver, fallbackUID: nil))
    let back = try #require(ParsedOutcome.outcome(from: bytes, line: 42, resolver: resolver))
    guard case .record(let read, let warnings) = back else {
      Issue.record("not a record")
      return
    }
    #expect(warnings == ["one", "", "thrée"])
    // Written again, the record read back gives the same bytes: every field came back.
    #expect(
      ParsedOutcome.bytes(of: back, line: 42, resolver: resolver, fallbackUID: nil) == bytes)
    #expect(read.start.zone === record.start.zone)
    #expect(
      read.exdates.map { $0.zone.map(ObjectIdentifier.init) }
        == record.exdates.map { $0.zone.map(ObjectIdentifier.init) })
    #expect(read.rdates.first?.periodStart.zone?.isUTC == true)
    #expect(read.uid == record.uid && read.title == record.title)
    #expect(read.rule?.byYearDay == record.rule?.byYearDay)
    #expect(read.sequence == record.sequence && read.length == record.length)
    // The fields a writer and reader could both leave out, one by one.
    #expect(read.categories == record.categories && read.color == record.color)
    #expect(read.location == record.location && read.extraRules.count == record.extraRules.count)
    #expect(read.thisAndFuture == record.thisAndFuture && read.cancelled == record.cancelled)
    #expect((read.recurrenceId == nil) == (record.recurrenceId == nil))
    #expect(read.rdates.count == 1 && read.exdates.count == 3)
    #expect(read.line == record.line && read.calendar == record.calendar)
  }

  /// A skipped event keeps the scan's UID when libical gave none.
  @Test func aSkippedEventReadsBack() throws {
    let resolver = TimeZoneResolver()
    let bytes = try #require(
      ParsedOutcome.bytes(
        of: .skipped(uid: nil, reason: "no DTSTART"), line: 7, resolver: resolver,
        fallbackUID: "scan-uid"))
    let back = try #require(ParsedOutcome.outcome(from: bytes, line: 7, resolver: resolver))
    guard case .skipped(let uid, let reason) = back else {
      Issue.record("not skipped")
      return
    }
    #expect(uid == "scan-uid" && reason == "no DTSTART")
  }

  /// Bytes cut short anywhere, grown, or written for another line never read back.
  @Test func bytesThatDoNotReadBackWholeAreRefused() throws {
    let resolver = TimeZoneResolver()
    let record = try ParsedOutcomeBytesTests.record(extreme: true, resolver: resolver)
    let bytes = try #require(
      ParsedOutcome.bytes(
        of: .record(record, warnings: ["w"]), line: 9, resolver: resolver, fallbackUID: nil))
    for length in 0..<bytes.count {
      #expect(
        ParsedOutcome.outcome(from: Array(bytes[..<length]), line: 9, resolver: resolver) == nil)
    }
    #expect(ParsedOutcome.outcome(from: bytes + [0], line: 9, resolver: resolver) == nil)
    #expect(ParsedOutcome.outcome(from: bytes, line: 10, resolver: resolver) == nil)
    var otherFormat = bytes
    otherFormat[0] &+= 1
    #expect(ParsedOutcome.outcome(from: otherFormat, line: 9, resolver: resolver) == nil)
  }

  /// A zone no TZID names in the calendar (one the parser was handed without a lookup) is not
  /// written: the outcome is not kept.
  @Test func aZoneWithoutANameIsNotKept() throws {
    let resolver = TimeZoneResolver()
    let record = try ParsedOutcomeBytesTests.record(extreme: false, resolver: TimeZoneResolver())
    // This resolver never looked up the record's zones: it has no name for them.
    _ = resolver.zone(named: "Europe/Berlin")
    var moved = record
    let chicago: LibicalZone = try #require(TimeZoneResolver().zone(named: "America/Chicago"))
    moved.start.zone = chicago
    #expect(
      ParsedOutcome.bytes(
        of: .record(moved, warnings: []), line: 1, resolver: resolver, fallbackUID: nil) == nil)
  }
}
