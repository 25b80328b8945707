import Foundation
import IcsLanes
import Testing

/// Example: the result as plain values — several feeds merged, skipped events with their line,
/// every value Sendable, Equatable and Codable, and layouts made from several tasks at once.
@Suite struct ResultValuesExampleTests {
  /// Encodes `value` and decodes it back; the constraint is the library's promise for results.
  func roundTrip<Value: Sendable & Equatable & Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  @Test func everyPartOfTheResultRoundTrips() throws {
    let source = try CalendarSource(
      contentsOf: [SampleFile.path("family.ics"), SampleFile.path("team.ics")])
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", maxLanes: 3)
    let august = try source.layOut(month: "2024-08", options: options)
    let week = try #require(august.weeks.first { $0.more != nil })
    let segment = try #require(august.segments.first { $0.continuesAfter })
    let occurrence = try #require(august.occurrences.first { $0.segmentCount > 1 })
    let stats = try #require(august.stats)
    let calendar = try #require(august.calendars?.first)

    #expect(try roundTrip(august) == august)
    #expect(try roundTrip(week) == week)
    #expect(try roundTrip(segment) == segment)
    #expect(try roundTrip(occurrence) == occurrence)
    #expect(try roundTrip(stats) == stats)
    #expect(try roundTrip(calendar) == calendar)
    #expect(try roundTrip(august.month) == august.month)
    #expect(try roundTrip(august.firstDay) == august.firstDay)
  }

  @Test func twoFeedsMergeIntoOneLayout() throws {
    let source = try CalendarSource(
      contentsOf: [SampleFile.path("family.ics"), SampleFile.path("team.ics")])
    let august = try source.layOut(month: "2024-08", options: MonthViewOptions(zoneNamed: "UTC"))
    #expect(august.calendars?.map(\.name) == ["Family", "Team"])
    #expect(Set(august.segments.compactMap(\.calendar)) == ["Family", "Team"])
    #expect(august.segments.allSatisfy { $0.calendar != nil })
    #expect(august.stats?.eventsRead == 9 + 17)
    #expect(august.stats?.eventsCancelled == 1)  // the team's cancelled budget review
    #expect(august.stats?.addsUp == true)
  }

  @Test func aSkippedEventSaysWhereItIs() throws {
    let text = """
      BEGIN:VCALENDAR
      VERSION:2.0
      PRODID:-//example//EN
      BEGIN:VEVENT
      UID:fine
      DTSTART;VALUE=DATE:20240805
      SUMMARY:Fine
      END:VEVENT
      BEGIN:VEVENT
      UID:no-start
      SUMMARY:No start
      END:VEVENT
      END:VCALENDAR
      """
    let source = try CalendarSource(text: text, name: "inline")
    let august = try source.layOut(month: "2024-08", options: MonthViewOptions(zoneNamed: "UTC"))
    let skipped = try #require(august.skipped.first)
    #expect(august.skipped.count == 1)
    #expect(skipped.uid == "no-start")
    #expect(skipped.line == 9)
    #expect(!skipped.reason.isEmpty)
    #expect(august.segments.map(\.title) == ["Fine"])
    #expect(august.calendars?.map(\.name) == ["inline"])
  }

  @Test func monthsLaidOutFromSeveralTasksMatchTheYear() async throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("team.ics"))
    let options = try MonthViewOptions(zoneNamed: "America/New_York", weekStart: .monday)
    let year = try source.layOut(year: 2024, options: options)
    let concurrent = try await withThrowingTaskGroup(of: MonthLayout.self) { group in
      for month in 1...12 {
        group.addTask {
          try source.layOut(month: "2024-" + (month < 10 ? "0" : "") + "\(month)", options: options)
        }
      }
      var layouts: [MonthLayout] = []
      for try await layout in group { layouts.append(layout) }
      return layouts.sorted { $0.month < $1.month }
    }
    #expect(concurrent == year)
    #expect(year.contains { !$0.segments.isEmpty })
  }
}
