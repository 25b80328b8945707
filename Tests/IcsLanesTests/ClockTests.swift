import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// `--clock 12|24` and the locale's words in the text grid and the agenda.
@Suite("Clock and translated phrases")
struct ClockTests {
  static let team = TestFiles.sample("team.ics")
  static let family = TestFiles.sample("family.ics")

  static func names(_ locale: String? = nil, clock: ClockStyle? = nil) throws -> CalendarNames {
    var names = try locale.map { try #require(CalendarNames(locale: $0)) } ?? .english
    if let clock { names.clock = clock }
    return names
  }

  static func august(options: LayoutOptions = LayoutOptions()) throws -> [MonthLayout] {
    try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin", options: options)
  }

  @Test("The text grid's bars show 12-hour times when asked, 24-hour by default")
  func textGridClock() throws {
    let layouts = try TestFiles.layouts(["team.ics"], month: "2024-08", zone: "Europe/Berlin")
    let twelve = TextGridRenderer(width: 200, names: try ClockTests.names(clock: .twelveHour))
      .render(layouts)
    #expect(twelve.contains("[9:30am Daily stand-up"))
    #expect(twelve.contains("[4pm Sprint retro"))
    #expect(!twelve.contains("09:30"))
    let plain = TextGridRenderer(width: 200).render(layouts)
    #expect(plain.contains("[09:30 Daily stand-up"))
  }

  @Test("The agenda's times follow the clock and its time column widens to keep titles aligned")
  func agendaClock() throws {
    let layouts = try ClockTests.august()
    let text = AgendaRenderer(names: try ClockTests.names(clock: .twelveHour)).render(layouts)
    #expect(text.contains("9:30am–9:45am"))
    #expect(!text.contains("09:30"))
    // Every entry's title starts in the same column.
    let columns = Set(
      text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  …") }.map {
        line in
        let afterTime = line.dropFirst(2).firstRange(of: "  ").map {
          line.distance(from: line.startIndex, to: $0.upperBound)
        }
        return afterTime.map { position in
          // Skip the padding to the title's first character.
          let rest = line.dropFirst(position)
          return position + rest.prefix { $0 == " " }.count
        } ?? -1
      })
    #expect(columns.count == 1, "\(columns)")
    #expect(columns.first == 2 + 13 + 2)
  }

  @Test("German: +k weitere in the grid, ganztägig in the agenda")
  func germanPhrases() throws {
    let names = try ClockTests.names("de_DE")
    let capped = try ClockTests.august(options: LayoutOptions(maxLanes: 2))
    let grid = TextGridRenderer(width: 120, names: names).render(capped)
    #expect(grid.contains(" weitere"))
    #expect(!grid.contains(" more"))
    let agenda = AgendaRenderer(names: names).render(try ClockTests.august())
    #expect(agenda.contains("  ganztägig  "))
    #expect(!agenda.contains("all day"))
  }

  @Test("The agenda's today mark and empty line are in the locale's words")
  func agendaTodayAndEmpty() throws {
    let layouts = try ClockTests.august()
    var german = AgendaRenderer(names: try ClockTests.names("de_DE"))
    german.today = try #require(Day(year: 2024, month: 8, day: 15))
    let text = german.render(layouts)
    #expect(text.contains(" 2024-08-15 (heute)\n"))
    #expect(!text.contains("today"))
    let empty = try TestFiles.layouts(["team.ics"], month: "1999-01", zone: "Europe/Berlin")
    var japanese = AgendaRenderer(names: try ClockTests.names("ja_JP"))
    japanese.today = german.today
    #expect(japanese.render(empty).contains("\n  (予定なし)\n"))
    #expect(AgendaRenderer().render(empty).contains("\n  (no events)\n"))
  }

  @Test("The agenda's last line for a full day is the locale's and N more")
  func andMore() throws {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
    for number in 0...AgendaRenderer.maximumLinesPerDay {
      text += "BEGIN:VEVENT\r\nUID:e\(number)@t\r\nDTSTAMP:20240101T000000Z\r\n"
      text += "DTSTART;VALUE=DATE:20240805\r\nSUMMARY:E\(number)\r\nEND:VEVENT\r\n"
    }
    text += "END:VCALENDAR\r\n"
    let options = MonthViewOptions(zone: try #require(DisplayZone(named: "UTC")))
    let request = try LayoutRequest(
      feeds: [FeedInput(text: text)], first: try #require(YearMonth(iso: "2024-08")), count: 1,
      options: options)
    let layouts = try CalendarSource.layOut(request).layouts
    let german = AgendaRenderer(names: try ClockTests.names("de_DE")).render(layouts)
    #expect(german.contains("  … und 1 weitere"))
    let english = AgendaRenderer().render(layouts)
    #expect(english.contains("  … and 1 more"))
  }

  @Test("--clock on the command: text, agenda and HTML; the locale's clock by default")
  func command() throws {
    let base = [ClockTests.team, "--width", "200"] + CommandLineTests.august
    let twelve = try CommandRunner.run(base + ["--clock", "12"])
    #expect(twelve.status == 0)
    #expect(twelve.stdout.contains("[9:30am Daily stand-up"))
    let american = try CommandRunner.run(base + ["--locale", "en_US"])
    #expect(american.stdout.contains("[9:30am Daily stand-up"))
    let overridden = try CommandRunner.run(base + ["--locale", "en_US", "--clock", "24"])
    #expect(overridden.stdout.contains("[09:30 Daily stand-up"))
    let agenda = try CommandRunner.run(base + ["--clock", "12", "--format", "agenda"])
    #expect(agenda.stdout.contains("9:30am–9:45am"))
    let html = try CommandRunner.run(base + ["--clock", "12", "--format", "html"])
    #expect(html.stdout.contains("<span class=\"time\" aria-hidden=\"true\">9:30am</span>"))
    let bad = try CommandRunner.run(base + ["--clock", "13"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "icslanes: error: --clock \"13\" is not a clock: use 12 (3:30pm) or 24 (15:30)\n")
  }

  @Test("clock in the configuration file, as a number or text; the flag wins")
  func config() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("icslanes-clock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("config.toml")
    let base = [ClockTests.team, "--width", "200", "--config", file.path] + CommandLineTests.august
    try "clock = 12\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try CommandRunner.run(base).stdout.contains("[9:30am Daily stand-up"))
    try "clock = \"12\"\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try CommandRunner.run(base).stdout.contains("[9:30am Daily stand-up"))
    #expect(
      try CommandRunner.run(base + ["--clock", "24"]).stdout.contains("[09:30 Daily stand-up"))
    try "tz = \"UTC\"\nclock = 11\n".write(to: file, atomically: true, encoding: .utf8)
    let bad = try CommandRunner.run(base)
    #expect(bad.status == 78)
    #expect(
      bad.stderr == "icslanes: error: \(file.path):2: clock \"11\" is not a clock: use 12 or 24\n")
  }
}
