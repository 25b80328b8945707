import Testing

@testable import LaneLayout

/// Cutting spans into week rows: clipped to the row and the visible days, with the flags.
struct ClippingTests {
  static let august = YearMonth(year: 2024, month: 8)!

  static func day(_ text: String) -> Day { Day(iso: text)! }

  @Test func aTripAcrossTheMonthStartIsClippedToTheMonth() throws {
    // 2024-07-27 … 2024-08-05 (inclusive), Sunday weeks: rows start 07-28, 08-04, …
    let trip = DaySpan(
      title: "Trip", firstDay: Self.day("2024-07-27"), lastDay: Self.day("2024-08-05"))
    let layout = MonthLayoutEngine.layOut([trip], month: Self.august, timeZone: "UTC")
    let segments = layout.segments
    #expect(segments.count == 2)
    #expect(segments[0].firstDay == Self.day("2024-08-01"))
    #expect(segments[0].lastDay == Self.day("2024-08-03"))
    #expect(segments[0].continuesBefore)
    #expect(segments[0].continuesAfter)
    #expect(segments[1].firstDay == Self.day("2024-08-04"))
    #expect(segments[1].lastDay == Self.day("2024-08-05"))
    #expect(segments[1].continuesBefore)
    #expect(!segments[1].continuesAfter)
  }

  @Test func outsideDaysExtendTheVisibleDaysToTheGrid() throws {
    let trip = DaySpan(
      title: "Trip", firstDay: Self.day("2024-07-27"), lastDay: Self.day("2024-08-05"))
    let layout = MonthLayoutEngine.layOut(
      [trip], month: Self.august, timeZone: "UTC", options: LayoutOptions(showsOutsideDays: true))
    #expect(layout.firstDay == Self.day("2024-07-28"))
    #expect(layout.lastDay == Self.day("2024-08-31"))  // a Saturday: the grid ends with the month
    let segments = layout.segments
    #expect(segments[0].firstDay == Self.day("2024-07-28"))
    #expect(segments[0].continuesBefore)
  }

  @Test func weekStartMovesTheCuts() throws {
    let span = DaySpan(
      title: "Week", firstDay: Self.day("2024-08-05"), lastDay: Self.day("2024-08-11"))
    let monday = MonthLayoutEngine.layOut(
      [span], month: Self.august, timeZone: "UTC", options: LayoutOptions(weekStart: .monday))
    #expect(monday.segments.count == 1)
    #expect(!monday.segments[0].continuesBefore && !monday.segments[0].continuesAfter)
    let sunday = MonthLayoutEngine.layOut([span], month: Self.august, timeZone: "UTC")
    #expect(sunday.segments.count == 2)
    #expect(sunday.segments[0].continuesAfter && sunday.segments[1].continuesBefore)
  }

  @Test func spansOutsideTheMonthAreIgnored() {
    let july = DaySpan(
      title: "July", firstDay: Self.day("2024-07-01"), lastDay: Self.day("2024-07-31"))
    let layout = MonthLayoutEngine.layOut([july], month: Self.august, timeZone: "UTC")
    #expect(layout.segments.isEmpty)
    #expect(layout.weeks.count == 5)
    #expect(layout.weeks.allSatisfy { $0.lanes.isEmpty })
  }

  @Test func capCountsHiddenSegmentsPerDay() {
    let spans = (0..<5).map { index in
      DaySpan(title: "S\(index)", firstDay: Self.day("2024-08-12"), lastDay: Self.day("2024-08-13"))
    }
    let layout = MonthLayoutEngine.layOut(
      spans, month: Self.august, timeZone: "UTC", options: LayoutOptions(maxLanes: 2))
    let row = layout.weeks[2]
    #expect(row.lanes.count == 2)
    #expect(row.more == [Self.day("2024-08-12"): 3, Self.day("2024-08-13"): 3])
    #expect(layout.weeks[1].more == nil)
  }

  @Test func stickyKeepsAContinuingBarInItsLane() {
    // Week 1: A (Thu–Sat) sits in lane 1 under B. Week 2: first-fit would move A to lane 0;
    // sticky keeps it in lane 1 and puts C, which starts Sunday, in lane 0.
    let b = DaySpan(title: "B", firstDay: Self.day("2024-08-01"), lastDay: Self.day("2024-08-03"))
    let a = DaySpan(title: "A", firstDay: Self.day("2024-08-02"), lastDay: Self.day("2024-08-05"))
    let c = DaySpan(title: "C", firstDay: Self.day("2024-08-04"), lastDay: Self.day("2024-08-04"))
    let firstFit = MonthLayoutEngine.layOut([a, b, c], month: Self.august, timeZone: "UTC")
    #expect(firstFit.weeks[1].lanes.map { $0.map(\.title) } == [["A"], ["C"]])
    let sticky = MonthLayoutEngine.layOut(
      [a, b, c], month: Self.august, timeZone: "UTC", options: LayoutOptions(laneRule: .sticky))
    #expect(sticky.weeks[0].lanes.map { $0.map(\.title) } == [["B"], ["A"]])
    #expect(sticky.weeks[1].lanes.map { $0.map(\.title) } == [["C"], ["A"]])
    #expect(sticky.laneRule == .sticky)
  }
}
