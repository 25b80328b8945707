import Foundation
import Testing

@testable import LaneLayout

/// The month grid against a brute-force walk, using Foundation's Gregorian calendar as an
/// independent source of weekdays.
struct GridArithmeticTests {
  static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    return calendar
  }()

  /// Foundation's weekday of a date, as our Weekday.
  static func foundationWeekday(year: Int, month: Int, day: Int) -> Weekday? {
    guard let date = gregorian.date(from: DateComponents(year: year, month: month, day: day)) else {
      return nil
    }
    // Foundation: 1 = Sunday … 7 = Saturday.
    let names: [Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
    return names[gregorian.component(.weekday, from: date) - 1]
  }

  @Test func everyMonthOf1900To2100AndEveryWeekStart() throws {
    for year in 1900...2100 {
      for month in 1...12 {
        let yearMonth = try #require(YearMonth(year: year, month: month))
        let length = Day.daysIn(year: year, month: month)
        let weekdays = (1...length).map {
          GridArithmeticTests.foundationWeekday(year: year, month: month, day: $0)
        }
        #expect(yearMonth.firstDay.weekday == weekdays[0])
        #expect(yearMonth.lastDay.components == (year, month, length))
        for weekStart in Weekday.allCases {
          // Brute force: a new row begins on the 1st and on every day that is the week start.
          var rowsFromMonthDays = 1
          for day in 2...length where weekdays[day - 1] == weekStart { rowsFromMonthDays += 1 }
          let grid = MonthGrid(month: yearMonth, weekStart: weekStart)
          let rows = grid.rowStarts
          #expect(rows.count == rowsFromMonthDays, "\(yearMonth) \(weekStart)")
          #expect((4...6).contains(rows.count))
          for start in rows { #expect(start.weekday == weekStart) }
          // The first row holds the 1st, the last row holds the last day.
          #expect(rows[0] <= yearMonth.firstDay && yearMonth.firstDay.ordinal - rows[0].ordinal < 7)
          #expect(
            rows[rows.count - 1] <= yearMonth.lastDay
              && yearMonth.lastDay.ordinal - rows[rows.count - 1].ordinal < 7)
          #expect(grid.lastGridDay.ordinal - grid.firstGridDay.ordinal + 1 == rows.count * 7)
        }
      }
    }
  }

  @Test func dayRoundTripsThroughItsComponents() throws {
    for ordinal in stride(from: -800_000, through: 3_000_000, by: 997) {
      let day = Day(ordinal: ordinal)
      let (year, month, dayOfMonth) = day.components
      let again = try #require(Day(year: year, month: month, day: dayOfMonth))
      #expect(again == day)
    }
    #expect(Day(year: 2024, month: 2, day: 30) == nil)
    #expect(Day(year: 2023, month: 2, day: 29) == nil)
    #expect(Day(year: 2000, month: 2, day: 29) != nil)
    #expect(Day(year: 1900, month: 2, day: 29) == nil)
    #expect(Day(iso: "2024-08-01")?.weekday == .thursday)
    #expect(Day(iso: "0001-01-01")?.description == "0001-01-01")
    #expect(Day(iso: "9999-12-31")?.description == "9999-12-31")
  }

  @Test("Days and months made from extreme numbers are nil, never an overflow")
  func extremeComponents() throws {
    for year in [Int.min, Int.min + 1, -(1 << 37) - 1, (1 << 37) + 1, Int.max - 1, Int.max] {
      for month in [1, 2, 3, 12] {
        #expect(Day(year: year, month: month, day: 1) == nil, "\(year)-\(month)")
      }
    }
    for year in [-(1 << 37), 1 << 37, -1, 0] {
      let day = try #require(Day(year: year, month: 3, day: 1))
      #expect(day.components == (year, 3, 1))
    }
    let month = try #require(YearMonth(year: 2024, month: 8))
    for count in [Int.min, Int.min + 1, -24_284, 95_705, Int.max - 1, Int.max] {
      #expect(month.adding(months: count) == nil, "\(count)")
    }
    #expect(month.adding(months: -24_283) == YearMonth(year: 1, month: 1))
    #expect(month.adding(months: 95_704) == YearMonth(year: 9999, month: 12))
  }

  @Test("Spans a library caller makes from extreme days are laid out and written, never trapped")
  func extremeDaySpans() throws {
    let month = try #require(YearMonth(year: 2024, month: 8))
    let extremes = [Int.min, Int.min + 1, -(1 << 50), -1, 0, 19_950, 1 << 50, Int.max - 1, Int.max]
    var spans: [DaySpan] = []
    for first in extremes {
      for last in extremes {
        spans.append(
          DaySpan(
            title: "\(first)…\(last)", firstDay: Day(ordinal: first), lastDay: Day(ordinal: last)))
      }
    }
    let layout = MonthLayoutEngine.layOut(spans, month: month, timeZone: "UTC")
    let json = try JSONEncoder().encode(layout)
    #expect(!json.isEmpty)
    for first in extremes {
      let day = Day(ordinal: first)
      #expect(day.adding(days: 1) >= day)
      #expect(day.adding(days: -1) <= day)
      #expect(!day.description.isEmpty)
    }
    // Every span that meets the row of 4–10 August 2024 (days 19,939–19,945) has a lane of it.
    let meeting = spans.filter { $0.firstDay.ordinal <= 19_945 && $0.lastDay.ordinal >= 19_939 }
    #expect(layout.weeks[1].lanes.count == meeting.count)
  }

  @Test func parsesMonthsAndWeekdays() {
    #expect(YearMonth(iso: "2024-08")?.description == "2024-08")
    #expect(YearMonth(iso: "2024-13") == nil)
    #expect(YearMonth(iso: "2024-8") == nil)
    #expect(YearMonth(iso: "August") == nil)
    #expect(YearMonth(iso: "0000-01") == nil)
    // Read as bytes: ASCII digits only, nothing before, between or after.
    for text in [
      "2024-08 ", " 2024-08", "2024--8", "+024-08", "2024-+8", "２０２４-08", "2024-0٨", "2024-08-01",
      "2024_08", "20240-8", "", "2024-", "-2024-08", "2024-0\u{301}8",
    ] {
      #expect(YearMonth(iso: text) == nil, "\(text)")
    }
    #expect(YearMonth(iso: "0001-01")?.description == "0001-01")
    #expect(YearMonth(iso: "9999-12")?.description == "9999-12")
    #expect(YearMonth(iso: "2024-08"[...]) == YearMonth(year: 2024, month: 8))
    #expect(YearMonth(iso: "2024-12")?.adding(months: 1)?.description == "2025-01")
    #expect(Weekday(name: "Monday") == .monday)
    #expect(Weekday(name: "mo") == .monday)
    #expect(Weekday(name: "th") == .thursday)
    #expect(Weekday(name: "t") == nil)
    #expect(Weekday(name: "funday") == nil)
  }
}
