import Foundation
import Testing

@testable import LaneLayout

/// ISO 8601 weeks, against Foundation's ISO 8601 calendar as an independent oracle.
struct ISOWeekTests {
  @Test("Known weeks: their Mondays, the years with 53 weeks, the text form")
  func known() throws {
    let w32 = try #require(ISOWeek(iso: "2024-W32"))
    #expect(w32.monday == Day(year: 2024, month: 8, day: 5))
    #expect(w32.description == "2024-W32")
    #expect(
      try #require(ISOWeek(year: 2025, week: 1)).monday == Day(year: 2024, month: 12, day: 30))
    #expect(ISOWeek(year: 2020, week: 53) != nil)
    #expect(ISOWeek(year: 2021, week: 53) == nil)
    #expect(ISOWeek(year: 2024, week: 0) == nil)
    #expect(
      ISOWeek(containing: try #require(Day(year: 2021, month: 1, day: 3))).description
        == "2020-W53")
    #expect(ISOWeek(iso: "2024w05")?.description == "2024-W05")
    for bad in ["2024-W5", "2024-W", "24-W32", "2024-32", "2024-W3x", "2024--W32", "", "W32"] {
      #expect(ISOWeek(iso: bad) == nil, "\(bad)")
    }
  }

  @Test("Every day of 1900 to 2100: the week Foundation's ISO 8601 calendar gives")
  func againstFoundation() throws {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let first = try #require(Day(year: 1900, month: 1, day: 1))
    let last = try #require(Day(year: 2100, month: 12, day: 31))
    var day = first
    while day <= last {
      let week = ISOWeek(containing: day)
      let date = Date(timeIntervalSince1970: Double(day.ordinal) * 86_400 + 43_200)
      let parts = calendar.dateComponents([.weekOfYear, .yearForWeekOfYear], from: date)
      if week.week != parts.weekOfYear || week.year != parts.yearForWeekOfYear {
        Issue.record("\(day): \(week), Foundation \(parts)")
        return
      }
      // The week holds the day, and names itself back.
      #expect(week.monday <= day && day < week.monday.adding(days: 7))
      day = day.adding(days: 1)
    }
  }
}
