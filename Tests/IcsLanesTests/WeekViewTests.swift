import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// `--week` and `--format week`: one week row, laid out from its month with outside days.
@Suite("Week view")
struct WeekViewTests {
  static let feeds = ["family.ics", "team.ics"]

  /// The week holding `day` of `samples` in Berlin, weeks from `weekStart`.
  static func week(
    _ day: Day, weekStart: Weekday = .monday, samples: [String] = feeds
  ) throws -> WeekLayout {
    let options = MonthViewOptions(
      zone: try #require(DisplayZone(named: "Europe/Berlin")), weekStart: weekStart)
    let request = try WeekLayout.request(
      feeds: samples.map { FeedInput(TestFiles.sample($0)) }, holding: day, options: options)
    let layout = try #require(CalendarSource.layOut(request).layouts.first)
    return try #require(WeekLayout(layout, holding: day))
  }

  static func day(_ text: String) throws -> Day { try #require(Day(iso: text)) }

  @Test("A week crossing into the next month is whole, and the same as that month's first row")
  func crossingMonths() throws {
    let monday = try WeekViewTests.day("2024-08-26")
    let week = try WeekViewTests.week(monday)
    #expect(week.month.month == YearMonth(year: 2024, month: 8))
    #expect(week.days == monday...(try WeekViewTests.day("2024-09-01")))
    let segments = week.row.lanes.joined()
    #expect(
      segments.contains { $0.title == "On call: Farid" && $0.lastDay == monday.adding(days: 6) })
    // Laid out from September (with outside days) the row is the same.
    let september = try WeekViewTests.week(try WeekViewTests.day("2024-09-01"))
    #expect(september.month.month == YearMonth(year: 2024, month: 8))
    let options = MonthViewOptions(
      zone: try #require(DisplayZone(named: "Europe/Berlin")), weekStart: .monday,
      showsOutsideDays: true)
    let request = try LayoutRequest(
      feeds: WeekViewTests.feeds.map { FeedInput(TestFiles.sample($0)) },
      first: try #require(YearMonth(year: 2024, month: 9)), options: options)
    let layout = try #require(CalendarSource.layOut(request).layouts.first)
    #expect(layout.weeks.first == week.row)
    // The page of the week dims none of its days.
    let html = HTMLWeekRenderer().render(week)
    #expect(html.contains("data-day=\"2024-09-01\""))
    #expect(!html.contains("class=\"day outside"))
  }

  @Test("Every lane at full height: no cap unless asked")
  func uncapped() throws {
    let week = try WeekViewTests.week(try WeekViewTests.day("2024-08-07"))
    #expect(week.row.lanes.count == 7)
    #expect(week.row.more == nil)
    let html = HTMLWeekRenderer().render(week)
    #expect(!html.contains("class=\"more"))
    #expect(html.contains("grid-row: 8;"))
    #expect(!html.contains("class=\"day outside"))
    // The month page of the same layout hides lanes past its row height.
    #expect(HTMLMonthRenderer().render(week.month).contains("class=\"more"))
  }

  @Test("Headings: one month, two months, two years, a locale's")
  func headings() throws {
    let english = CalendarNames.english
    let days = { (a: String, b: String) in
      (try WeekViewTests.day(a))...(try WeekViewTests.day(b))
    }
    #expect(
      english.title(ofWeek: 32, days: try days("2024-08-05", "2024-08-11"))
        == "Week 32 · 5–11 August 2024")
    #expect(
      english.title(ofWeek: 35, days: try days("2024-08-26", "2024-09-01"))
        == "Week 35 · 26 August – 1 September 2024")
    #expect(
      english.title(ofWeek: 1, days: try days("2024-12-30", "2025-01-05"))
        == "Week 1 · 30 December 2024 – 5 January 2025")
    let german = try #require(CalendarNames(locale: "de_DE"))
    #expect(
      german.title(ofWeek: 32, days: try days("2024-08-05", "2024-08-11"))
        == "Woche 32 · 5.–11. August 2024")
  }

  @Test("The text week: heading, days in the header, every timed bar led by its time")
  func text() throws {
    let week = try WeekViewTests.week(try WeekViewTests.day("2024-08-07"), samples: ["team.ics"])
    let text = TextGridRenderer(width: 80, today: try WeekViewTests.day("2024-08-07"))
      .render(week)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Week 32 · 5–11 August 2024")
    #expect(lines[2].hasPrefix("│ Mon 5    │ Tue 6    │ Wed 7*   │"))
    // A day column of 10 has room for the time and a letter of the title.
    #expect(lines.contains { $0.hasPrefix("│[14:00 W…]│[09:30 D…]│[09:00 SwiftConf Be…]│") })
    for line in lines.dropFirst() {
      #expect(TerminalText.width(of: line) == 78)
    }
  }

  @Test("Week numbers of weeks from Sunday: the ISO week of their Thursday")
  func sundayWeeks() throws {
    let week = try WeekViewTests.week(try WeekViewTests.day("2024-08-07"), weekStart: .sunday)
    #expect(week.days.lowerBound == (try WeekViewTests.day("2024-08-04")))
    #expect(week.number.description == "2024-W32")
  }

  @Test("--week on the command: ISO weeks from Monday, dates by --week-start, errors")
  func command() throws {
    let base = [TestFiles.sample("team.ics"), "--tz", "Europe/Berlin", "--width", "80"]
    let iso = try CommandRunner.run(base + ["--week", "2024-W32"])
    #expect(iso.status == 0)
    #expect(iso.stdout.contains("Week 32 · 5–11 August 2024"))
    #expect(iso.stdout.contains("│ Mon 5    │"))
    let date = try CommandRunner.run(base + ["--week", "2024-08-07", "--format", "week"])
    #expect(date.stdout.contains("Week 32 · 4–10 August 2024"))
    #expect(date.stdout.contains("│ Sun 4    │"))
    let today = try CommandRunner.run(base + ["--format", "week", "--today", "2024-08-28"])
    #expect(today.stdout.contains("Week 35 · 25–31 August 2024"))
    let agenda = try CommandRunner.run(base + ["--week", "2024-W35", "--format", "agenda"])
    #expect(agenda.stdout.hasPrefix("Mon 2024-08-26\n"))
    #expect(agenda.stdout.contains("Sun 2024-09-01\n"))
    #expect(!agenda.stdout.contains("2024-09-02"))
    let html = try CommandRunner.run(base + ["--week", "2024-W32", "--format", "html"])
    #expect(html.stdout.contains("<h1>Week 32 · 5–11 August 2024</h1>"))
    let errors: [([String], String)] = [
      (
        ["--week", "2024-W53"],
        "--week \"2024-W53\" is not a week: use an ISO week (2024-W32), a date (2024-08-07) or today"
      ),
      (
        ["--week", "2024-W32", "--format", "json"],
        "--week shows a week as text, html or agenda: --format json lays out months"
      ),
      (
        ["--week", "2024-W32", "--month", "2024-08"],
        "--week shows one week: leave out --month and --months"
      ),
      (
        ["--format", "week", "--from", "today"],
        "--week and --from, --days or --to both choose days: give one"
      ),
    ]
    for (arguments, message) in errors {
      let result = try CommandRunner.run(base + arguments)
      #expect(result.status == 64)
      #expect(result.stderr == "icslanes: error: \(message)\n")
    }
  }
}
