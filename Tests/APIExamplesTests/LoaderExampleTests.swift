import Foundation
import IcsLanes
import Testing

/// Example: one loader for whatever the command takes, and spans from a tool's own `Date`s.
@Suite struct LoaderExampleTests {
  @Test func aFolderLoadsAsTheCommandLoadsIt() throws {
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin")
    let folder = try CalendarSource(contentsOf: SampleFile.path("household"))
    let august = try folder.layOut(month: "2024-08", options: options)
    #expect(folder.feeds.count == 1)
    #expect(august.calendars?.count == 1)
    #expect(!august.segments.isEmpty)
    // A file and a folder side by side, each its own calendar.
    let both = try CalendarSource(contentsOf: [
      SampleFile.path("family.ics"), SampleFile.path("household"),
    ])
    #expect(try both.layOut(month: "2024-08", options: options).calendars?.count == 2)
  }

  @Test func aTimedSpanFromTwoDatesLandsOnTheZonesDays() throws {
    let berlin = try #require(DisplayZone(named: "Europe/Berlin"))
    // 2024-08-12 22:30Z to 2024-08-13 01:00Z: past midnight in Berlin (UTC+2).
    let start = Date(timeIntervalSince1970: 1_723_501_800)
    let end = start.addingTimeInterval(150 * 60)
    let span = try #require(DaySpan(title: "Night call", start: start, end: end, zone: berlin))
    #expect(span.start.description == "2024-08-13T00:30:00+02:00")
    #expect(span.end.description == "2024-08-13T03:00:00+02:00")
    #expect(span.firstDay.description == "2024-08-13" && span.lastDay == span.firstDay)
    #expect(!span.allDay && span.startInstant == 1_723_501_800)

    // Ending at midnight, it does not reach the next day; an end before the start is the start.
    let midnight = Date(timeIntervalSince1970: 1_723_500_000)  // 2024-08-13T00:00+02:00
    let evening = try #require(
      DaySpan(
        title: "Evening", start: midnight.addingTimeInterval(-7_200), end: midnight, zone: berlin))
    #expect(evening.firstDay.description == "2024-08-12" && evening.lastDay == evening.firstDay)
    let backwards = try #require(
      DaySpan(title: "Backwards", start: end, end: start, zone: berlin))
    #expect(backwards.endInstant == backwards.startInstant)
    let far = Date(timeIntervalSince1970: 400_000_000_000)  // in year 14645
    #expect(DaySpan(title: "Far", start: far, end: far, zone: berlin) == nil)
  }
}
