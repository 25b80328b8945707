import IcsLanes
import LaneLayout
import Testing

/// The text grid compared with golden files: what a user sees must not change by accident.
@Suite("Text grid golden files")
struct GoldenTextTests {
  static let today = Day(year: 2024, month: 8, day: 15)

  @Test("Two feeds merged, English, 100 columns, today marked")
  func twoFeeds() throws {
    let layouts = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin")
    let text = TextGridRenderer(width: 100, today: GoldenTextTests.today).render(layouts)
    try TestFiles.expectGolden(text, "family-team-100.txt")
  }

  @Test("Japanese titles at 80 columns with Japanese names")
  func japanese() throws {
    let layouts = try TestFiles.layouts(["japanese.ics"], month: "2024-08", zone: "Asia/Tokyo")
    let names = try #require(CalendarNames(locale: "ja_JP"))
    let text = TextGridRenderer(width: 80, names: names, today: GoldenTextTests.today)
      .render(layouts)
    try TestFiles.expectGolden(text, "japanese-ja-80.txt")
  }

  @Test("Capped at two lanes, outside days, weeks from Monday, 80 columns")
  func cappedOutsideDays() throws {
    let options = LayoutOptions(weekStart: .monday, maxLanes: 2, showsOutsideDays: true)
    let layouts = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin", options: options)
    let text = TextGridRenderer(width: 80, today: GoldenTextTests.today).render(layouts)
    try TestFiles.expectGolden(text, "capped-outside-80.txt")
  }

  @Test("Colour: calendar colours, today reversed, legend")
  func colour() throws {
    let layouts = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin",
      options: LayoutOptions(maxLanes: 3))
    let text = TextGridRenderer(width: 80, today: GoldenTextTests.today, color: true)
      .render(layouts)
    try TestFiles.expectGolden(text, "color-80.ans")
  }

  @Test("Korean names, narrowest grid")
  func koreanNarrow() throws {
    let layouts = try TestFiles.layouts(["japanese.ics"], month: "2024-08", zone: "Asia/Tokyo")
    let names = try #require(CalendarNames(locale: "ko_KR"))
    let text = TextGridRenderer(width: 20, names: names).render(layouts)
    try TestFiles.expectGolden(text, "japanese-ko-narrow.txt")
  }

  @Test(
    "Every grid line is exactly as wide as the grid",
    arguments: ["japanese.ics", "family.ics", "team.ics"], [50, 80, 101, 132])
  func aligned(sample: String, width: Int) throws {
    let layouts = try TestFiles.layouts([sample], month: "2024-08", zone: "Asia/Tokyo")
    let renderer = TextGridRenderer(width: width)
    let expected = renderer.columnWidth * 7 + 8
    let gridLines = renderer.render(layouts).split(separator: "\n").filter {
      $0.hasPrefix("│") || $0.hasPrefix("├") || $0.hasPrefix("┌") || $0.hasPrefix("└")
    }
    #expect(gridLines.count > 10)
    for line in gridLines {
      #expect(TerminalText.width(of: String(line)) == expected, "\(line)")
    }
    #expect(expected <= max(width, TextGridRenderer.minimumWidth))
  }
}
