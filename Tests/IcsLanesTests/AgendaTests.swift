import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// `--format agenda`: the month's occurrences day by day.
@Suite("Agenda")
struct AgendaTests {
  @Test("Two feeds merged, August 2024, Berlin: the golden list")
  func golden() throws {
    let result = try CommandRunner.run(
      [TestFiles.sample("family.ics"), TestFiles.sample("team.ics"), "--format", "agenda"]
        + CommandLineTests.august)
    #expect(result.status == 0)
    try TestFiles.expectGolden(result.stdout, "agenda-family-team.txt")
    // The same again: deterministic.
    let again = try CommandRunner.run(
      [TestFiles.sample("family.ics"), TestFiles.sample("team.ics"), "--format", "agenda"]
        + CommandLineTests.august)
    #expect(again.stdout == result.stdout)
  }

  @Test("A lane cap hides nothing from the agenda")
  func everyOccurrence() throws {
    let base =
      [TestFiles.sample("family.ics"), TestFiles.sample("team.ics"), "--format", "agenda"]
      + CommandLineTests.august
    let capped = try CommandRunner.run(base + ["--max-lanes", "1"])
    let plain = try CommandRunner.run(base)
    #expect(capped.stdout == plain.stdout)
    // Every occurrence is listed on each day it covers: as many lines as occurrence-days.
    let layout = try #require(
      TestFiles.layouts(
        ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin"
      ).first)
    let days = layout.occurrences.reduce(0) { $0 + $1.firstDay.distance(to: $1.lastDay) + 1 }
    let lines = plain.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(lines.count == days)
  }

  @Test("Time column: all day, a range, past midnight; which day of several")
  func timeColumn() throws {
    let layout = try #require(
      TestFiles.layouts(["family.ics"], month: "2024-08", zone: "Europe/Berlin").first)
    let text = AgendaRenderer().render([layout])
    #expect(text.contains("Sat 2024-08-10\n"))
    #expect(
      text.contains(
        "Sat 2024-08-10\n  20:00 →      Neighbourhood party (day 1/2)  @ Courtyard  [Family]\n"))
    #expect(
      text.contains(
        "Sun 2024-08-11\n  → 00:30      Neighbourhood party (day 2/2)  @ Courtyard  [Family]\n"))
    #expect(text.contains("  08:30–09:15  Dentist  [Family]\n"))
    #expect(
      text.contains("  all day      Summer trip to the coast (day 6/10)  @ Brittany  [Family]\n"))
    #expect(text.contains("  22:00–00:00  Open-air concert"))
    #expect(text.contains("  21:00 →      Night shift (day 1/2)  [Family]\n"))
  }
}
