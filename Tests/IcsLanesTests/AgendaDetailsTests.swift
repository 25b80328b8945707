import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// `--format agenda --details`: each occurrence's details under its first line.
@Suite("Agenda details")
struct AgendaDetailsTests {
  static func layouts(_ text: String, month: String = "2024-08") throws -> [MonthLayout] {
    let options = MonthViewOptions(zone: try #require(DisplayZone(named: "UTC")))
    let request = try LayoutRequest(
      feeds: [FeedInput(text: text)], first: try #require(YearMonth(iso: month)), count: 1,
      options: options)
    return try CalendarSource.layOut(request).layouts
  }

  /// A feed of one event on 2024-08-05 with `lines` among its properties.
  static func feed(_ lines: [String]) -> String {
    ([
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "BEGIN:VEVENT", "UID:d@t",
      "DTSTAMP:20240101T000000Z", "DTSTART:20240805T090000Z", "DTEND:20240805T100000Z",
      "SUMMARY:Review",
    ] + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
  }

  @Test("Status, organizer, attendees, URL and description under the entry, indented to titles")
  func fields() throws {
    let layouts = try TestFiles.layouts(["team.ics"], month: "2024-08", zone: "Europe/Berlin")
    var renderer = AgendaRenderer()
    renderer.showsDetails = true
    let lines = renderer.render(layouts).split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.contains("Weekly planning") })
    let indent = String(repeating: " ", count: 15)
    #expect(
      Array(lines[(index + 1)...(index + 6)]) == [
        indent + "Status: Confirmed", indent + "Organizer: Anna Becker", indent + "Attendees: 3",
        indent + "URL: https://meet.example.com/weekly-planning",
        indent + "Agenda: https://wiki.example.com/team/planning",
        indent + "Bring your sprint board updates.",
      ])
    // Without --details nothing is added.
    let plain = AgendaRenderer().render(layouts)
    #expect(!plain.contains("Status:"))
    #expect(plain.contains("@ Lisbon"))
  }

  @Test("Details once, on the first day listed; the location moves under it")
  func firstDayOnly() throws {
    let layouts = try TestFiles.layouts(["team.ics"], month: "2024-08", zone: "Europe/Berlin")
    var renderer = AgendaRenderer()
    renderer.showsDetails = true
    let text = renderer.render(layouts)
    #expect(text.components(separatedBy: "Location: Lisbon").count == 2)
    #expect(!text.contains("@ Lisbon"))
    #expect(text.components(separatedBy: "URL: https://team.example.com/offsite-2024").count == 2)
    // From a later day, the first day listed carries them.
    let days = try #require(Day(iso: "2024-08-07"))...(try #require(Day(iso: "2024-08-08")))
    renderer.days = days
    let later = renderer.render(layouts).split(separator: "\n").map(String.init)
    let offsite = try #require(later.firstIndex { $0.contains("Team offsite in Lisbon") })
    #expect(later[offsite + 1].hasSuffix("Location: Lisbon"))
  }

  @Test("A long description: wrapped to the width, three lines, the last ending in …")
  func longDescription() throws {
    let words = (1...60).map { "word\($0)" }.joined(separator: " ")
    let layouts = try AgendaDetailsTests.layouts(
      AgendaDetailsTests.feed(["DESCRIPTION:\(words)\\nsecond paragraph"]))
    var renderer = AgendaRenderer()
    renderer.showsDetails = true
    renderer.width = 50
    let lines = renderer.render(layouts).split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.contains("Review") })
    let shown = Array(lines[(index + 1)...])
    #expect(shown.count == 3)
    // 35 columns after the indent of 15.
    #expect(shown[0] == String(repeating: " ", count: 15) + "word1 word2 word3 word4 word5 word6")
    #expect(shown[2].hasSuffix("…"))
    for line in shown { #expect(TerminalText.width(of: line) <= 50) }
    // A short one is whole, without a mark.
    let short = try AgendaDetailsTests.layouts(AgendaDetailsTests.feed(["DESCRIPTION:Bring cake"]))
    #expect(renderer.render(short).contains("               Bring cake\n"))
  }

  @Test("Feed text in details never reaches the terminal as control characters")
  func terminalSafety() throws {
    let layouts = try AgendaDetailsTests.layouts(
      AgendaDetailsTests.feed([
        "DESCRIPTION:red \u{1B}[31malert\u{07}\tend", "URL:https://x.example/\u{1B}]0;t\u{07}",
        "ORGANIZER;CN=\"Eve\u{1B}[2J\":mailto:eve@x.example",
      ]))
    var renderer = AgendaRenderer()
    renderer.showsDetails = true
    let text = renderer.render(layouts)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
    #expect(text.contains("red ␛[31malert␇ end"))
  }

  @Test("--details on the command")
  func command() throws {
    let base = [TestFiles.sample("team.ics"), "--format", "agenda"] + CommandLineTests.august
    let result = try CommandRunner.run(base + ["--details"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("               Status: Tentative\n"))
    #expect(result.stdout.contains("               Organizer: Anna Becker\n"))
    let german = try CommandRunner.run(base + ["--details", "--locale", "de_DE"])
    #expect(german.stdout.contains("               Status: Vorläufig\n"))
    #expect(german.stdout.contains("               Organisator: Anna Becker\n"))
    let grid = try CommandRunner.run(
      [TestFiles.sample("team.ics"), "--details", "--width", "80"] + CommandLineTests.august)
    #expect(grid.status == 64)
    #expect(
      grid.stderr
        == "icslanes: error: --details lists event details in the agenda: add --format agenda (the HTML page's cards and the JSON carry them already)\n"
    )
  }
}
