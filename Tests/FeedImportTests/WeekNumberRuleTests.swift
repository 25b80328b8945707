import CLibical
import Foundation
import LaneLayout
import Testing

@testable import FeedImport

/// YEARLY rules on weeks of the year (`WeekNumberRule`) are counted out in Swift, because
/// libical 3.0.16 numbers the weeks off RFC 5545. Checked against Foundation's week numbering
/// (weeks from WKST, the first with at least four days of the year is week 1), which shares no
/// code with icslanes.
@Suite struct WeekNumberRuleTests {
  /// The days (ordinals) a rule's instances fall on from `startDay` to before `endDay`, found
  /// day by day with Foundation's calendar: the weekday is one of `weekdays`, the week's number
  /// in its week-numbering year (or that number counted from the year's last week) is one of
  /// `weeks`, and that year is one of every `interval` from DTSTART's.
  static func foundationDays(
    weeks: [Int], weekdays: [Int], weekStart: Int, interval: Int, from startDay: Int,
    to endDay: Int
  ) throws -> [Int] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    calendar.firstWeekday = weekStart
    calendar.minimumDaysInFirstWeek = 4
    func date(_ ordinal: Int) -> Date { Date(timeIntervalSince1970: Double(ordinal) * 86_400) }
    var weeksInYear: [Int: Int] = [:]
    func weeksIn(_ year: Int) -> Int {
      if let known = weeksInYear[year] { return known }
      // 28 December is always in its year's last week.
      let count = calendar.component(
        .weekOfYear, from: date(Day.daysSinceEpoch(year: year, month: 12, day: 28)))
      weeksInYear[year] = count
      return count
    }
    let firstYear = calendar.component(.yearForWeekOfYear, from: date(startDay))
    var found: [Int] = []
    for ordinal in startDay..<endDay {
      let day = date(ordinal)
      guard weekdays.contains(calendar.component(.weekday, from: day)) else { continue }
      let number = calendar.component(.weekOfYear, from: day)
      let year = calendar.component(.yearForWeekOfYear, from: day)
      guard (year - firstYear) % interval == 0,
        weeks.contains(number) || weeks.contains(number - weeksIn(year) - 1)
      else { continue }
      found.append(ordinal)
    }
    return found
  }

  @Test func randomRulesFallOnTheWeeksFoundationNumbers() throws {
    let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    var random = SeededRandom(state: 53)
    var compared = 0
    for _ in 0..<150 {
      var start = WallTime()
      (start.year, start.month, start.day) = (
        Int32(1995 + random.next(35)), Int32(1 + random.next(12)), Int32(1 + random.next(28))
      )
      start.hour = Int32(random.next(24))
      let startDay = try #require(start.dayValue).ordinal
      let weeks = (0...random.next(3)).map { _ in
        random.next(3) == 0
          ? -(1 + random.next(53)) : [1, 52, 53, 1 + random.next(53)][random.next(4)]
      }
      var weekdays = Array(Set((0...random.next(3)).map { _ in 1 + random.next(7) })).sorted()
      let weekStart = random.next(2) == 0 ? 2 : 1 + random.next(7)
      let interval = 1 + random.next(3)
      let count = random.next(2) == 0 ? 1 + random.next(30) : 0
      var text = "FREQ=YEARLY;BYWEEKNO=\(weeks.map(String.init).joined(separator: ","))"
      if random.next(5) == 0 {
        // No BYDAY: DTSTART's weekday.
        weekdays = [LibicalWeekday.of(startDay)]
      } else {
        text += ";BYDAY=\(weekdays.map { names[$0 - 1] }.joined(separator: ","))"
      }
      text += ";WKST=\(names[weekStart - 1]);INTERVAL=\(interval)"
      if count > 0 { text += ";COUNT=\(count)" }
      let rule = RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil })
      let shape = try #require(WeekNumberRule(rule, start: start), "\(text)")

      // A window somewhere in the 12 years from DTSTART, looked at for two years.
      let windowDay = startDay + random.next(12 * 365)
      let endDay = windowDay + 2 * 366
      var expected = try Self.foundationDays(
        weeks: weeks, weekdays: weekdays, weekStart: weekStart, interval: interval,
        from: startDay, to: endDay)
      if count > 0 {
        // DTSTART takes the first of the COUNT places when it is not one of the rule's days.
        let places = expected.first == startDay ? count : count - 1
        expected = Array(expected.prefix(max(0, places)))
      }
      expected = expected.filter { $0 >= windowDay }
      var counted: [Int] = []
      SeriesExpander.weekNumberInstances(
        from: start, shape: shape, rule: rule, earliest: Int64(windowDay) * 86_400
      ) { wall in
        guard let day = wall.dayValue?.ordinal, day < endDay else { return false }
        #expect(wall.hour == start.hour)
        if day >= windowDay { counted.append(day) }
        return true
      }
      #expect(
        counted == expected,
        "\(text) from \(start.year)-\(start.month)-\(start.day), window from \(Day(ordinal: windowDay))"
      )
      #expect(
        shape.holds(startDay)
          == (try Self.foundationDays(
            weeks: weeks, weekdays: weekdays, weekStart: weekStart, interval: interval,
            from: startDay, to: startDay + 1) == [startDay]))
      if !expected.isEmpty { compared += 1 }
    }
    #expect(compared > 60)
  }

  @Test(arguments: [
    ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", true),
    ("FREQ=YEARLY;BYWEEKNO=-53,1;WKST=SU;COUNT=4", true),
    ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO", false),
    ("FREQ=YEARLY;BYWEEKNO=20;BYMONTH=5", false),
    ("FREQ=YEARLY;BYWEEKNO=20;BYHOUR=9,17", false),
    ("FREQ=YEARLY;BYWEEKNO=20;BYSETPOS=1;BYDAY=MO,TU", false),
    ("FREQ=MONTHLY;BYWEEKNO=20", false),
    ("FREQ=YEARLY;BYDAY=MO", false),
  ])
  func onlyWeeksAndPlainWeekdaysAreCountedOut(text: String, countedOut: Bool) {
    let rule = RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil })
    #expect(rule.countsWeeksOfYear == countedOut)
    var start = WallTime()
    (start.year, start.month, start.day) = (2024, 5, 16)
    #expect((WeekNumberRule(rule, start: start) != nil) == countedOut)
  }
}
