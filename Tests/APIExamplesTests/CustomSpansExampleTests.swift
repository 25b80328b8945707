import LaneLayout
import Testing

/// Example: a tool's own events, not from iCalendar, laid out with LaneLayout alone.
@Suite struct CustomSpansExampleTests {
  func day(_ text: String) throws -> Day {
    try #require(Day(iso: text))
  }

  func time(_ text: String) throws -> LocalDateTime {
    try #require(LocalDateTime(contract: text))
  }

  @Test func ownAllDaySpansStackIntoLanes() throws {
    let spans = [
      DaySpan(title: "Conference", firstDay: try day("2025-03-03"), lastDay: try day("2025-03-05")),
      DaySpan(title: "Offsite", firstDay: try day("2025-03-04"), lastDay: try day("2025-03-11")),
      DaySpan(title: "Deadline", firstDay: try day("2025-03-06"), lastDay: try day("2025-03-06")),
    ]
    let march = try #require(YearMonth(year: 2025, month: 3))
    let layout = MonthLayoutEngine.layOut(
      spans, month: march, timeZone: "UTC", options: LayoutOptions(weekStart: .monday))

    // 2025-03-01 is a Saturday: rows start on Mondays from 24 February.
    #expect(layout.weeks.count == 6)
    let week = layout.weeks[1]
    #expect(week.start.description == "2025-03-03")
    #expect(week.lanes.map { $0.map(\.title) } == [["Conference", "Deadline"], ["Offsite"]])
    let offsite = week.lanes[1][0]
    #expect(offsite.lastDay.description == "2025-03-09")
    #expect(!offsite.continuesBefore && offsite.continuesAfter)
    let rest = layout.weeks[2].lanes.flatMap { $0 }
    #expect(rest.map(\.title) == ["Offsite"])
    #expect(rest.first?.continuesBefore == true && rest.first?.lastDay.description == "2025-03-11")
    #expect(layout.stats == nil)
  }

  @Test func ownTimedSpansOrderByTheirInstants() throws {
    // Two one-day timed spans on the same day: the earlier start takes lane 0 whatever the
    // input order.
    let late = DaySpan(
      uid: "b", recurrenceId: nil, title: "Late", allDay: false,
      start: try time("2025-03-12T18:00:00+00:00"),
      end: try time("2025-03-12T19:00:00+00:00"), firstDay: try day("2025-03-12"),
      lastDay: try day("2025-03-12"),
      startInstant: 1_741_802_400, endInstant: 1_741_806_000)
    let early = DaySpan(
      uid: "a", recurrenceId: nil, title: "Early", allDay: false,
      start: try time("2025-03-12T08:00:00+00:00"),
      end: try time("2025-03-12T09:00:00+00:00"), firstDay: try day("2025-03-12"),
      lastDay: try day("2025-03-12"),
      startInstant: 1_741_766_400, endInstant: 1_741_770_000)
    let march = try #require(YearMonth(year: 2025, month: 3))
    let layout = MonthLayoutEngine.layOut([late, early], month: march, timeZone: "UTC")
    let row = try #require(layout.weeks.first { $0.days.contains(try day("2025-03-12")) })
    #expect(row.lanes.map { $0.map(\.title) } == [["Early"], ["Late"]])
  }

  @Test func ownSpansHonourTheLaneCapAndOutsideDays() throws {
    let first = try day("2025-02-27")
    let spans = (0..<3).map {
      DaySpan(title: "Busy \($0)", firstDay: first, lastDay: first.adding(days: 2))
    }
    let march = try #require(YearMonth(year: 2025, month: 3))
    let layout = MonthLayoutEngine.layOut(
      spans, month: march, timeZone: "UTC",
      options: LayoutOptions(weekStart: .monday, maxLanes: 2, showsOutsideDays: true))
    #expect(layout.firstDay.description == "2025-02-24")
    let row = layout.weeks[0]
    #expect(row.lanes.count == 2)
    #expect(
      row.more == [try day("2025-02-27"): 1, try day("2025-02-28"): 1, try day("2025-03-01"): 1])
  }
}
