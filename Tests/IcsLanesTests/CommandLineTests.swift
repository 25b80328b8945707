import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

/// Every view flag, run through the built `icslanes` binary.
@Suite("Command line views")
struct CommandLineTests {
  static let family = TestFiles.sample("family.ics")
  static let team = TestFiles.sample("team.ics")
  static let japanese = TestFiles.sample("japanese.ics")
  static let august = ["--month", "2024-08", "--tz", "Europe/Berlin", "--today", "2024-08-15"]

  static func json(_ result: CommandRunner.Result) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(object as? [String: Any])
  }

  @Test("The text view is the golden grid, sized by --width")
  func textMatchesGolden() throws {
    let result = try CommandRunner.run(
      [CommandLineTests.family, CommandLineTests.team, "--width", "100"] + CommandLineTests.august)
    #expect(result.status == 0)
    try TestFiles.expectGolden(result.stdout, "family-team-100.txt")
  }

  @Test("CJK sample at 80 columns with --locale ja_JP")
  func japanese() throws {
    let result = try CommandRunner.run(
      [
        CommandLineTests.japanese, "--month", "2024-08", "--tz", "Asia/Tokyo", "--width", "80",
        "--locale", "ja_JP", "--today", "2024-08-15",
      ])
    #expect(result.status == 0)
    try TestFiles.expectGolden(result.stdout, "japanese-ja-80.txt")
  }

  @Test("Width comes from COLUMNS when --width is absent")
  func columns() throws {
    let result = try CommandRunner.run(
      [CommandLineTests.family] + CommandLineTests.august, environment: ["COLUMNS": "64"])
    let border = try #require(result.stdout.split(separator: "\n").dropFirst().first)
    #expect(border.count == 7 * 8 + 8)
  }

  @Test("--color: never, always, auto on a pipe, auto on a terminal, NO_COLOR")
  func color() throws {
    let base = [CommandLineTests.family, "--width", "80"] + CommandLineTests.august
    let escape = "\u{1B}["
    #expect(try !CommandRunner.run(base + ["--color", "never"]).stdout.contains(escape))
    #expect(try CommandRunner.run(base + ["--color", "always"]).stdout.contains(escape))
    #expect(
      try CommandRunner.run(base + ["--color", "always"], environment: ["NO_COLOR": "1"]).stdout
        .contains(escape))
    #expect(try !CommandRunner.run(base).stdout.contains(escape))
    let terminal = try CommandRunner.runOnTerminal(
      base, environment: ["TERM": "xterm", "COLORTERM": "truecolor"])
    #expect(terminal.stdout.contains("\u{1B}[48;2;"))
    #expect(terminal.stdout.contains("\u{1B}[7m 15"))
    // Without COLORTERM=truecolor|24bit: the nearest of the 256 colours, never 24-bit.
    let palette = try CommandRunner.runOnTerminal(base, environment: ["TERM": "xterm-256color"])
    #expect(palette.stdout.contains("\u{1B}[48;5;"))
    #expect(!palette.stdout.contains("\u{1B}[48;2;"))
    let noColor = try CommandRunner.runOnTerminal(
      base, environment: ["TERM": "xterm", "NO_COLOR": "1"])
    #expect(noColor.stdout.contains("August 2024"))
    #expect(!noColor.stdout.contains(escape))
    #expect(noColor.stdout.contains(" 15*"))
    let bad = try CommandRunner.run(base + ["--color", "sometimes"])
    #expect(bad.status == 64)
  }

  @Test("--max-lanes: at most N lanes, +k more in text and more in JSON")
  func maxLanes() throws {
    let args = [
      CommandLineTests.family, CommandLineTests.team, "--max-lanes", "2", "--width", "80",
    ]
    let text = try CommandRunner.run(args + CommandLineTests.august)
    #expect(text.stdout.contains(" +5 more "))
    let json = try CommandLineTests.json(
      try CommandRunner.run(args + CommandLineTests.august + ["--format", "json"]))
    let weeks = try #require(json["weeks"] as? [[String: Any]])
    for week in weeks {
      let lanes = try #require(week["lanes"] as? [[Any]])
      #expect(lanes.count <= 2)
    }
    let more = try #require(weeks[1]["more"] as? [String: Int])
    #expect(more["2024-08-08"] == 5)
  }

  @Test("--outside-days: the grid's edges become firstDay and lastDay")
  func outsideDays() throws {
    let result = try CommandRunner.run(
      [CommandLineTests.family, "--outside-days", "--format", "json"] + CommandLineTests.august)
    let json = try CommandLineTests.json(result)
    #expect(json["firstDay"] as? String == "2024-07-28")
    #expect(json["lastDay"] as? String == "2024-08-31")
    let monday = try CommandLineTests.json(
      try CommandRunner.run(
        [CommandLineTests.family, "--outside-days", "--format", "json", "--week-start", "monday"]
          + CommandLineTests.august))
    #expect(monday["firstDay"] as? String == "2024-07-29")
    #expect(monday["lastDay"] as? String == "2024-09-01")
    let text = try CommandRunner.run(
      [CommandLineTests.family, "--outside-days", "--week-start", "monday", "--width", "80"]
        + CommandLineTests.august)
    #expect(text.stdout.contains("│ 29       │ 30       │ 31       │ 1 "))
  }

  @Test("--locale ko_KR names; an unknown locale is a usage error")
  func locale() throws {
    let korean = try CommandRunner.run(
      [CommandLineTests.japanese, "--locale", "ko_KR", "--width", "80"] + CommandLineTests.august)
    #expect(korean.stdout.contains("2024년 8월"))
    #expect(korean.stdout.contains("│ 일       │ 월       │"))
    let bad = try CommandRunner.run(
      [CommandLineTests.japanese, "--locale", "qq_ZZ"] + CommandLineTests.august)
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("icslanes: error: --locale"))
    #expect(bad.stderr.split(separator: "\n").count == 1)
  }

  @Test("Several feeds merge; each segment names its calendar, each calendar has a colour")
  func severalFeeds() throws {
    let json = try CommandLineTests.json(
      try CommandRunner.run(
        [CommandLineTests.family, CommandLineTests.team, "--format", "json"]
          + CommandLineTests.august))
    let calendars = try #require(json["calendars"] as? [[String: String]])
    #expect(calendars.map { $0["name"] } == ["Family", "Team"])
    #expect(calendars.allSatisfy { ($0["color"] ?? "").hasPrefix("#") })
    let weeks = try #require(json["weeks"] as? [[String: Any]])
    let names = Set(
      weeks.flatMap { week in
        ((week["lanes"] as? [[[String: Any]]]) ?? []).flatMap {
          $0.compactMap { $0["calendar"] as? String }
        }
      })
    #expect(names == ["Family", "Team"])
    let html = try CommandRunner.run(
      [CommandLineTests.family, CommandLineTests.team, "--format", "html"]
        + CommandLineTests.august)
    for calendar in calendars {
      #expect(html.stdout.contains("--c:\(calendar["color"] ?? "?")"))
    }
  }

  @Test("--sticky-lanes marks the JSON layout")
  func sticky() throws {
    let json = try CommandLineTests.json(
      try CommandRunner.run(
        [CommandLineTests.family, CommandLineTests.team, "--sticky-lanes", "--format", "json"]
          + CommandLineTests.august))
    #expect(json["laneRule"] as? String == "sticky")
  }

  @Test("--format json escapes C0, DEL and C1 controls, for one month and streamed months")
  func jsonControls() throws {
    let hostile = [TestFiles.sample("hostile/terminal-escape.ics"), "--format", "json"]
    for months in ["1", "2"] {
      let result = try CommandRunner.run(
        hostile + ["--month", "2024-08", "--tz", "UTC", "--months", months])
      #expect(result.status == 0)
      let raw = result.stdout.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
      }
      #expect(raw.isEmpty, "raw controls with --months \(months)")
      #expect(result.stdout.contains("\\u001b]0;pwned\\u0007"))
      #expect(result.stdout.contains("\\u009b31m C1"))
      let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      #expect(months == "1" ? parsed is [String: Any] : (parsed as? [Any])?.count == 2)
    }
  }

  @Test("--months N streams the same JSON array the library renders for the request")
  func monthsMatchTheLibrary() throws {
    for count in [1, 2, 5] {
      let result = try CommandRunner.run(
        [
          CommandLineTests.family, CommandLineTests.team, "--format", "json", "--month", "2024-06",
          "--months", "\(count)", "--tz", "Europe/Berlin", "--max-lanes", "2", "--outside-days",
        ])
      #expect(result.status == 0)
      let feeds = try [CommandLineTests.family, CommandLineTests.team].map {
        try Feed(contentsOf: $0)
      }
      let zone = try #require(DisplayZone(named: "Europe/Berlin"))
      let request = MonthRequest(
        first: try #require(YearMonth(year: 2024, month: 6)), count: count, zone: zone,
        options: LayoutOptions(maxLanes: 2, showsOutsideDays: true))
      let layouts = MonthLayouter.layOut(feeds, request: request).layouts
      let expected =
        count == 1
        ? try JSONLayoutRenderer.render(layouts[0])
        : try JSONLayoutRenderer.render(layouts)
      #expect(result.stdout == expected, "--months \(count)")
    }
  }

  @Test("--format html with --months: one page, one section per month")
  func html() throws {
    let result = try CommandRunner.run(
      [CommandLineTests.family, "--format", "html", "--months", "2"] + CommandLineTests.august)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
    #expect(result.stdout.contains("id=\"m-2024-09\""))
    #expect(result.stdout.contains("class=\"day today\""))
  }

  @Test("--today must be a date")
  func today() throws {
    let bad = try CommandRunner.run([
      CommandLineTests.family, "--month", "2024-08", "--today", "soon",
    ])
    #expect(bad.status == 64)
    let outside = try CommandRunner.run(
      [CommandLineTests.family, "--month", "2024-08", "--today", "2024-09-15", "--width", "80"])
    #expect(!outside.stdout.contains("*"))
  }

  @Test("--help lists the view flags")
  func help() throws {
    let result = try CommandRunner.run(["--help"])
    #expect(result.status == 0)
    for flag in [
      "--color <color>", "--locale <locale>", "text, json, html", "--max-lanes", "--sticky-lanes",
      "--outside-days", "--width",
    ] {
      #expect(result.stdout.contains(flag), "\(flag)")
    }
    #expect(!result.stdout.contains("--today"))
  }

  @Test("A feed without X-WR-CALNAME is named by its file name")
  func fileName() throws {
    let directory = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("home.ics")
    let feed = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:h@test",
      "DTSTAMP:20240801T000000Z", "DTSTART;VALUE=DATE:20240805", "SUMMARY:Painter",
      "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    try feed.write(to: path, atomically: true, encoding: .utf8)
    let json = try CommandLineTests.json(
      try CommandRunner.run(
        [path.path, CommandLineTests.family, "--format", "json"] + CommandLineTests.august))
    let calendars = try #require(json["calendars"] as? [[String: String]])
    #expect(calendars.map { $0["name"] } == ["home", "Family"])
    let weeks = try #require(json["weeks"] as? [[String: Any]])
    let painter = weeks.flatMap { ($0["lanes"] as? [[[String: Any]]]) ?? [] }.joined()
      .first { $0["title"] as? String == "Painter" }
    #expect(painter?["calendar"] as? String == "home")
  }
}
