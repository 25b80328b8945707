import LaneLayout
import Testing

@testable import FeedImport

/// A window visits only the series its reach index finds (``SeriesReachIndex``) and counts the
/// rest all at once: its batch is the one visiting every series gives, span for span, count
/// for count, warning for warning, on windows of every length, near the feed and far from it.
@Suite struct SeriesReachIndexTests {
  /// A batch as text: its spans with their events, its counts and warnings.
  static func describe(_ batch: SpanBatch) -> [String] {
    var lines = zip(batch.spans, batch.eventOfSpan).map { "\($0.0) \($0.1)" }
    lines.append(
      "shown \(batch.eventsShown) outside \(batch.eventsOutside)"
        + " cancelled \(batch.eventsCancelled) filtered \(batch.eventsFiltered)")
    lines += batch.warnings.map(\.description)
    return lines
  }

  /// Windows from a day to years long, from before the feed's first year to after its last.
  static func windows(seed: UInt64) -> [ClosedRange<Day>] {
    var random = SeededRandom(state: seed)
    let origin = Day(ordinal: Day.daysSinceEpoch(year: 2017, month: 1, day: 1))
    return (0..<40).map { _ in
      let start = origin.adding(days: random.next(9 * 365))
      let length = [0, 6, 41, 90, 400, 1_500][random.next(6)]
      return start...start.adding(days: length)
    }
  }

  @Test(arguments: [UInt64(3), 17, 29])
  func aWindowGetsWhatVisitingEverySeriesGives(seed: UInt64) throws {
    var writer = MixedFeedWriter(seed: seed)
    let feed = try Feed(text: writer.text(events: 1_200), name: "mixed")
    let zone = try #require(DisplayZone(named: "Pacific/Kiritimati"))
    var touched = 0
    for window in SeriesReachIndexTests.windows(seed: seed) {
      let indexed = feed.spans(from: window.lowerBound, through: window.upperBound, in: zone)
      let everySeries = feed.spansVisitingEverySeries(
        from: window.lowerBound, through: window.upperBound, in: zone)
      #expect(
        SeriesReachIndexTests.describe(indexed) == SeriesReachIndexTests.describe(everySeries),
        "\(window)")
      let visited = feed.reachIndex.series(
        touching: window.lowerBound.ordinal,
        window.upperBound.ordinal)
      #expect(visited == visited.sorted())
      #expect(
        visited.allSatisfy {
          feed.series[$0].mayTouch(first: window.lowerBound, last: window.upperBound)
        })
      #expect(
        visited.count
          == feed.series.count { $0.mayTouch(first: window.lowerBound, last: window.upperBound) })
      touched += visited.count < feed.series.count && indexed.eventsShown > 0 ? 1 : 0
    }
    // Windows that visit some series, not all, and show events: the comparison means something.
    #expect(touched > 10)
  }

  @Test func severalWindowsGetWhatVisitingEverySeriesGives() throws {
    var writer = MixedFeedWriter(seed: 41)
    let feed = try Feed(text: writer.text(events: 1_200), name: "mixed")
    let zone = try #require(DisplayZone(named: "America/New_York"))
    let windows = SeriesReachIndexTests.windows(seed: 41)
    for start in stride(from: 0, to: windows.count - 3, by: 4) {
      let some = Array(windows[start..<(start + 3)])
      let batches = feed.spans(for: some, in: zone)
      for (batch, window) in zip(batches, some) {
        let everySeries = feed.spansVisitingEverySeries(
          from: window.lowerBound, through: window.upperBound, in: zone)
        #expect(
          SeriesReachIndexTests.describe(batch) == SeriesReachIndexTests.describe(everySeries),
          "\(window) of \(some)")
      }
    }
  }
}
