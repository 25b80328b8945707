import LaneLayout
import Testing

/// `--sticky-lanes`: a bar continuing from the row above keeps its lane; that can cost lanes.
@Suite("Sticky lanes")
struct StickyLanesTests {
  static func day(_ number: Int) -> Day {
    Day(year: 2024, month: 8, day: number) ?? Day(ordinal: 0)
  }

  // August 2024 from Sunday: row 0 is Jul 28 – Aug 3, row 1 Aug 4 – 10.
  // B (Aug 2–3) comes first and takes lane 0 on Saturday, so A (Aug 3–5) gets lane 1.
  // In row 1, A (Aug 4–5) and C (Aug 6–8) do not meet: first-fit puts both in lane 0.
  static let spans = [
    DaySpan(title: "A", firstDay: day(3), lastDay: day(5), uid: "a"),
    DaySpan(title: "B", firstDay: day(2), lastDay: day(3), uid: "b"),
    DaySpan(title: "C", firstDay: day(6), lastDay: day(8), uid: "c"),
  ]

  static func lanes(_ rule: LaneRule) throws -> [[String]] {
    let month = try #require(YearMonth(year: 2024, month: 8))
    let layout = MonthLayoutEngine.layOut(
      spans, month: month, timeZone: "UTC", options: LayoutOptions(laneRule: rule))
    return layout.weeks[1].lanes.map { $0.map(\.title) }
  }

  @Test("First-fit packs the continuing bar into the lowest lane")
  func firstFit() throws {
    #expect(try StickyLanesTests.lanes(.firstFit) == [["A", "C"]])
  }

  @Test("Sticky keeps the continuing bar in its lane, using one more lane")
  func sticky() throws {
    #expect(try StickyLanesTests.lanes(.sticky) == [["C"], ["A"]])
  }

  @Test("Sticky never leaves an empty lane and never lets two bars share a day")
  func noEmptyLanes() throws {
    // D continues from row 0 lane 1 into row 1, where nothing else is: lane 0 would be empty,
    // so D moves up (the contract forbids empty lanes).
    let spans = [
      DaySpan(title: "B", firstDay: StickyLanesTests.day(1), lastDay: StickyLanesTests.day(3)),
      DaySpan(title: "D", firstDay: StickyLanesTests.day(2), lastDay: StickyLanesTests.day(6)),
    ]
    let month = try #require(YearMonth(year: 2024, month: 8))
    let layout = MonthLayoutEngine.layOut(
      spans, month: month, timeZone: "UTC", options: LayoutOptions(laneRule: .sticky))
    #expect(layout.laneRule == .sticky)
    #expect(layout.weeks[0].lanes.map { $0.map(\.title) } == [["B"], ["D"]])
    #expect(layout.weeks[1].lanes.map { $0.map(\.title) } == [["D"]])
    for week in layout.weeks {
      #expect(week.lanes.allSatisfy { !$0.isEmpty })
    }
  }
}
