import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Several windows from one expansion (``Feed/spans(for:in:)``) give each window exactly what
/// expanding it alone gives: the same spans in the same order, the same counts and warnings.
@Suite struct ManyWindowsTests {
  /// Every sample feed: the cases, the hostile ones and the three examples.
  static let samples: [String] = {
    let root = TestSupport.root.appendingPathComponent("Samples")
    var paths: [String] = []
    for folder in ["", "cases", "hostile"] {
      let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      paths += names.filter { $0.hasSuffix(".ics") }.sorted()
        .map { url.appendingPathComponent($0).path }
    }
    return paths
  }()

  /// The visible days of `count` months from `first`, outside days shown in every other one.
  static func windows(from first: YearMonth, count: Int, weekStart: Weekday)
    -> [ClosedRange<Day>]
  {
    (0..<count).compactMap { offset in
      guard let month = first.adding(months: offset) else { return nil }
      let grid = MonthGrid(month: month, weekStart: weekStart, showsOutsideDays: offset % 2 == 1)
      return grid.firstVisibleDay...grid.lastVisibleDay
    }
  }

  /// Checks `feed`'s batches for `windows` against one expansion per window.
  static func expectSameAsAlone(
    _ feed: Feed, _ windows: [ClosedRange<Day>], _ zone: DisplayZone, _ label: String
  ) -> (spans: Int, warnings: Int) {
    let together = feed.spans(for: windows, in: zone)
    #expect(together.count == windows.count, "\(label)")
    var spans = 0
    var warnings = 0
    for (window, batch) in zip(windows, together) {
      let alone = feed.spans(from: window.lowerBound, through: window.upperBound, in: zone)
      let where_ = "\(label) \(window.lowerBound)…\(window.upperBound)"
      #expect(batch.spans == alone.spans, "\(where_)")
      #expect(batch.eventsShown == alone.eventsShown, "\(where_)")
      #expect(batch.eventsOutside == alone.eventsOutside, "\(where_)")
      #expect(batch.eventsCancelled == alone.eventsCancelled, "\(where_)")
      #expect(batch.warnings == alone.warnings, "\(where_)")
      spans += alone.spans.count
      warnings += alone.warnings.count
    }
    return (spans, warnings)
  }

  @Test(arguments: ["UTC", "Pacific/Auckland"])
  func everySampleOverTenMonths(zoneName: String) throws {
    let zone = try TestSupport.requireZone(zoneName)
    let first = try TestSupport.requireMonth("2024-02")
    var spans = 0
    for path in ManyWindowsTests.samples where !path.hasSuffix("rrule-bombs.ics") {
      let feed = try Feed(contentsOf: path)
      let weekStart: Weekday = path.count % 2 == 0 ? .sunday : .monday
      let windows = ManyWindowsTests.windows(from: first, count: 10, weekStart: weekStart)
      spans += ManyWindowsTests.expectSameAsAlone(feed, windows, zone, path).spans
    }
    #expect(ManyWindowsTests.samples.count > 40)
    #expect(spans > 400)
  }

  @Test func mixedFeedOverThreeYears() throws {
    var writer = MixedFeedWriter(seed: 11)
    let feed = try Feed(text: writer.text(events: 1_500), name: "mixed")
    let zone = try TestSupport.requireZone("Europe/Berlin")
    let first = try TestSupport.requireMonth("2018-12")
    let windows = ManyWindowsTests.windows(from: first, count: 38, weekStart: .monday)
    let (spans, _) = ManyWindowsTests.expectSameAsAlone(feed, windows, zone, "mixed")
    #expect(spans > 3_000)
  }

  /// Series that meet the occurrence cap are expanded window by window, each with its own cap.
  @Test(.timeLimit(.minutes(2)))
  func cappedSeriesKeepTheirCapPerWindow() throws {
    let feed = try Feed(contentsOf: TestSupport.sample("hostile/rrule-bombs.ics"))
    let zone = try TestSupport.requireZone("UTC")
    let first = try TestSupport.requireMonth("2024-07")
    let windows = ManyWindowsTests.windows(from: first, count: 2, weekStart: .sunday)
    let (_, warnings) = ManyWindowsTests.expectSameAsAlone(feed, windows, zone, "bombs")
    // Series meet the cap in both windows (five cap warnings in all).
    #expect(warnings >= 4)
  }

  /// The months of one request, laid out together, are the months laid out one by one.
  @Test func requestMatchesMonthByMonth() throws {
    let feeds = try ["family.ics", "team.ics", "cases/recurrence-thisandfuture.ics"].map {
      try Feed(contentsOf: TestSupport.sample($0))
    }
    let zone = try TestSupport.requireZone("Asia/Tokyo")
    let request = MonthRequest(
      first: try TestSupport.requireMonth("2024-05"), count: 7, zone: zone,
      options: LayoutOptions(weekStart: .monday, maxLanes: 3, showsOutsideDays: true))
    let (layouts, warnings) = MonthLayouter.layOut(feeds, request: request)
    var expectedWarnings: [ImportWarning] = []
    for (index, month) in request.months.enumerated() {
      let alone = MonthLayouter.layOut(
        feeds, month: month, zone: zone, options: request.options)
      #expect(layouts[index] == alone.layout, "\(month)")
      expectedWarnings += alone.warnings
    }
    #expect(warnings == expectedWarnings)
    #expect(layouts.reduce(0) { $0 + $1.segments.count } > 50)
  }
}
