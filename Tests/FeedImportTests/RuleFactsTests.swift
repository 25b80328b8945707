import CLibical
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// The byte scan's bound of an RRULE (issue 14, item 5): with UNTIL whatever its BY parts, with
/// COUNT only when every period holds an instance; never before libical's real last instance.
@Suite struct RuleFactsTests {
  static func facts(_ rule: String) -> RuleFacts {
    var bytes = Array(rule.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      RuleFacts(value: UnsafeBufferPointer(buffer)[...])
    }
  }

  /// The day of libical's last instance of `rule` from DTSTART `start` (a finite rule).
  static func libicalLastDay(_ rule: String, start: String) -> Day? {
    let recurrence = icalrecurrencetype_from_string(rule)
    let dtstart = icaltime_from_string(start)
    guard let iterator = icalrecur_iterator_new(recurrence, dtstart) else { return nil }
    defer { icalrecur_iterator_free(iterator) }
    var last: icaltimetype?
    var steps = 0
    while steps < 100_000 {
      let next = icalrecur_iterator_next(iterator)
      if icaltime_is_null_time(next) != 0 { break }
      last = next
      steps += 1
    }
    return last.flatMap { Day(year: Int($0.year), month: Int($0.month), day: Int($0.day)) }
  }

  static let bounded: [String] = [
    "FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=31;UNTIL=20201231T000000Z",
    "FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=9,17;UNTIL=20210101T000000Z",
    "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR;UNTIL=20200630",
    "FREQ=DAILY;BYDAY=MO,WE;UNTIL=20200301T000000Z",
    "FREQ=YEARLY;BYMONTH=1,7;COUNT=9",
    "FREQ=MONTHLY;BYDAY=MO,WE;COUNT=30;INTERVAL=2",
    "FREQ=MONTHLY;BYMONTHDAY=1,15,28;COUNT=40",
    "FREQ=YEARLY;BYDAY=SU;BYMONTH=2;COUNT=12;INTERVAL=3",
    "FREQ=DAILY;BYHOUR=8,20;COUNT=50",
  ]

  static let unbounded: [String] = [
    // A period may hold no instance: COUNT gives no bound.
    "FREQ=YEARLY;BYMONTHDAY=31;COUNT=5",
    "FREQ=MONTHLY;BYMONTHDAY=30;COUNT=5",
    "FREQ=MONTHLY;BYSETPOS=1;BYDAY=MO;COUNT=5",
    "FREQ=DAILY;BYMONTH=6;COUNT=5",
    // Rules libical rejects stay for libical to reject, UNTIL or not.
    "FREQ=MONTHLY;BYYEARDAY=10;UNTIL=20200101T000000Z",
    "FREQ=WEEKLY;BYMONTHDAY=3;UNTIL=20200101T000000Z",
    "FREQ=WEEKLY;BYDAY=1MO;UNTIL=20200101T000000Z",
    "FREQ=YEARLY;BYMONTH=13;UNTIL=20200101T000000Z",
    "FREQ=YEARLY;BYHOUR=1,2,3,4,5,6,7,8,9,10;BYMINUTE=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30;BYSECOND=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30;UNTIL=20200101T000000Z",
    "FREQ=YEARLY;BYEASTER=1;UNTIL=20200101T000000Z",
    // libical stops reading at an empty part: these repeat without end (found by the import
    // fuzzer, whose pre-filtered month missed the instances the whole feed shows).
    "FREQ=WEEKLY;;UNTIL=20200101T000000Z", "FREQ=DAILY;;COUNT=5", ";FREQ=DAILY;COUNT=5",
  ]

  @Test(arguments: bounded)
  func boundedRulesEndNoEarlierThanLibical(rule: String) throws {
    let start = try #require(Day(year: 2019, month: 1, day: 14))
    let facts = RuleFactsTests.facts(rule)
    let bound = try #require(facts.lastStartDay(from: start, startMonth: 1, startDayOfMonth: 14))
    let last = try #require(RuleFactsTests.libicalLastDay(rule, start: "20190114T090000"))
    #expect(bound.ordinal >= last.ordinal, "\(rule): bound \(bound), libical \(last)")
  }

  @Test(arguments: unbounded)
  func unprovableRulesAreKept(rule: String) throws {
    let start = try #require(Day(year: 2019, month: 1, day: 14))
    #expect(
      RuleFactsTests.facts(rule).lastStartDay(from: start, startMonth: 1, startDayOfMonth: 14)
        == nil, "\(rule)")
  }

  /// A MONTHLY rule whose only BY parts are times falls on DTSTART's day of month, which
  /// months from the 29th on skip: any bound given is no earlier than libical's last instance
  /// (one from the 31st with COUNT=12 ends 19 months on, where one instance a month would end
  /// in 12).
  @Test(arguments: [
    "FREQ=MONTHLY;BYHOUR=10;COUNT=12", "FREQ=MONTHLY;BYMINUTE=5,35;COUNT=30",
    "FREQ=MONTHLY;BYHOUR=9;COUNT=7;INTERVAL=2", "FREQ=YEARLY;BYHOUR=9;BYMONTH=2;COUNT=5",
  ])
  func timeOnlyPartsBoundNoEarlierThanLibicalFromAnyDay(rule: String) throws {
    for month in [1, 3, 8, 12] {
      for day in [27, 28, 29, 30, 31] {
        let start = try #require(Day(year: 2019, month: month, day: day))
        let text = "2019" + (month < 10 ? "0" : "") + "\(month)\(day)T090000"
        // No instance at all (30 February): any bound holds.
        guard let last = RuleFactsTests.libicalLastDay(rule, start: text) else { continue }
        let bound = RuleFactsTests.facts(rule).lastStartDay(
          from: start, startMonth: month, startDayOfMonth: day)
        #expect(bound.map { $0.ordinal >= last.ordinal } ?? true, "\(rule) from \(start)")
      }
    }
  }

  @Test func yearlyMonthsFromDTSTARTsDayBoundOnlyUpToThe28th() throws {
    let rule = "FREQ=YEARLY;BYMONTH=2,4;COUNT=6"
    let early = try #require(Day(year: 2019, month: 1, day: 28))
    let late = try #require(Day(year: 2019, month: 1, day: 30))
    #expect(
      RuleFactsTests.facts(rule).lastStartDay(from: early, startMonth: 1, startDayOfMonth: 28)
        != nil)
    #expect(
      RuleFactsTests.facts(rule).lastStartDay(from: late, startMonth: 1, startDayOfMonth: 30) == nil
    )
  }

  /// The whole path: a month of a feed whose rules have an empty part is the same with the
  /// pre-filter as without.
  @Test func rulesWithAnEmptyPartLayOutAsWhole() throws {
    let text = Hostile.calendar(
      Hostile.event(
        "until", "DTSTART:20070508T101500Z", "DURATION:PT1H",
        "RRULE:FREQ=WEEKLY;;UNTIL=20090102T055900Z", "SUMMARY:Weekly")
        + Hostile.event(
          "count", "DTSTART:20070508T101500Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;;COUNT=5",
          "SUMMARY:Daily"))
    let first = try #require(YearMonth(year: 2024, month: 7))
    let totals = try FilteredMonths.compare(
      text, name: "empty-part", from: first, count: 3, zoneName: "UTC")
    #expect(totals.shown == 6)
  }
}
