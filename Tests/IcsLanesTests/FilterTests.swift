import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// `--calendar`, `--category` and `--grep`: which events are laid out, in every format, with
/// counts that still add up.
@Suite("Filters")
struct FilterTests {
  static let samples = ["family.ics", "team.ics"]

  static func layout(_ filter: EventFilter) throws -> MonthLayout {
    try #require(
      TestFiles.layouts(samples, month: "2024-08", zone: "Europe/Berlin", filter: filter).first)
  }

  static func titles(_ layout: MonthLayout) -> Set<String> {
    Set(layout.segments.map(\.title))
  }

  @Test("--calendar keeps one calendar's events, any case; the counts add up")
  func calendar() throws {
    let all = try FilterTests.layout(EventFilter())
    let team = try FilterTests.layout(EventFilter(calendars: ["team"]))
    #expect(!team.segments.isEmpty)
    #expect(team.segments.allSatisfy { $0.calendar == "Team" })
    let stats = try #require(team.stats)
    let allStats = try #require(all.stats)
    #expect(stats.addsUp)
    #expect(stats.eventsRead == allStats.eventsRead)
    #expect(stats.eventsFiltered == allStats.eventsShown - stats.eventsShown)
    #expect(stats.eventsFiltered > 0)
    #expect(allStats.eventsFiltered == 0)
    // Both calendars named: everything.
    let both = try FilterTests.layout(EventFilter(calendars: ["Family", "TEAM"]))
    #expect(both.segments == all.segments)
    // The calendars list still names every feed, so colours stay put.
    #expect(team.calendars == all.calendars)
  }

  @Test("--category matches a CATEGORIES value, from one property or several")
  func category() throws {
    let holiday = try FilterTests.layout(EventFilter(categories: ["HOLIDAY"]))
    // The trip writes "Holiday,Travel"; the camp writes two CATEGORIES properties.
    #expect(FilterTests.titles(holiday) == ["Summer trip to the coast", "Kids' summer camp"])
    #expect(holiday.stats?.addsUp == true)
    let travel = try FilterTests.layout(EventFilter(categories: ["travel"]))
    #expect(FilterTests.titles(travel) == ["Summer trip to the coast"])
    let none = try FilterTests.layout(EventFilter(categories: ["Holi"]))
    #expect(none.segments.isEmpty)
    #expect(none.stats?.eventsShown == 0)
    #expect(none.stats?.addsUp == true)
    let kept = try #require(holiday.segments.first { $0.title == "Kids' summer camp" })
    #expect(kept.categories == ["Kids", "Holiday"])
  }

  @Test("--grep finds text in the title or the location, any case")
  func grep() throws {
    let lisbon = try FilterTests.layout(EventFilter(texts: ["LISBON"]))
    #expect(FilterTests.titles(lisbon) == ["Team offsite in Lisbon"])
    let brittany = try FilterTests.layout(EventFilter(texts: ["brittany"]))
    #expect(FilterTests.titles(brittany) == ["Summer trip to the coast"])
    // Kinds combine with "and", values of one kind with "or".
    let either = try FilterTests.layout(EventFilter(texts: ["lisbon", "dentist"]))
    #expect(FilterTests.titles(either) == ["Team offsite in Lisbon", "Dentist"])
    let and = try FilterTests.layout(EventFilter(calendars: ["Family"], texts: ["lisbon"]))
    #expect(and.segments.isEmpty)
    #expect(and.stats?.addsUp == true)
  }

  @Test("Filters apply to every format of the command, and --stats says how many were left out")
  func command() throws {
    let base =
      [TestFiles.sample("family.ics"), TestFiles.sample("team.ics")] + CommandLineTests.august
    let filter = ["--calendar", "Family", "--grep", "party"]
    let text = try CommandRunner.run(base + filter + ["--width", "100"])
    #expect(text.stdout.contains("[F Neighbou"))
    #expect(!text.stdout.contains("Daily"))
    let json = try CommandLineTests.json(
      try CommandRunner.run(base + filter + ["--format", "json"]))
    let stats = try #require(json["stats"] as? [String: Int])
    #expect(stats["eventsShown"] == 1)
    #expect(stats["eventsFiltered"] == 24)
    let html = try CommandRunner.run(base + filter + ["--format", "html"])
    #expect(html.stdout.contains("Neighbourhood party"))
    #expect(!html.stdout.contains("Dentist"))
    let agenda = try CommandRunner.run(base + filter + ["--format", "agenda"])
    #expect(agenda.stdout.contains("Neighbourhood party"))
    #expect(!agenda.stdout.contains("Dentist"))
    let counted = try CommandRunner.run(base + filter + ["--stats"])
    #expect(counted.stderr.contains("+ 24 filtered out;"))
    // A name no feed has is a warning, not silence.
    let typo = try CommandRunner.run(base + ["--calendar", "Famly", "--color-of", "Tem=red"])
    #expect(typo.status == 0)
    #expect(typo.stderr.contains("--calendar \"Famly\": no calendar has this name"))
    #expect(typo.stderr.contains("--color-of \"Tem\": no calendar has this name"))
    // The months array validates as the JSON of each month does.
    let months = try CommandRunner.run(
      base + ["--category", "holiday", "--months", "2", "--format", "json"])
    #expect(months.status == 0)
    let array = try JSONSerialization.jsonObject(with: Data(months.stdout.utf8)) as? [[String: Any]]
    #expect(array?.count == 2)
  }
}
