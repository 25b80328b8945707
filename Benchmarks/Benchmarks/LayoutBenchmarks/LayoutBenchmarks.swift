import Benchmark
import FeedImport
import Foundation
import IcsLanes
import LaneLayout

// The icslanes suite for package-benchmark. Feeds come from icslanes-feedgen (see
// BENCHMARKS.md); a benchmark whose feed is missing reports so and measures nothing.
//
//   swift package --package-path Benchmarks benchmark
//   swift package --package-path Benchmarks benchmark --filter "100k"

/// Where the generated feeds are: $FEEDS_DIR, else .feeds next to Package.swift.
private let feedsDirectory: String = {
  if let path = ProcessInfo.processInfo.environment["FEEDS_DIR"] { return path }
  // The plugin runs benchmarks with the package directory as the working directory.
  return FileManager.default.currentDirectoryPath + "/.feeds"
}()

private func feedPath(_ name: String) -> String? {
  let path = feedsDirectory + "/" + name
  guard FileManager.default.fileExists(atPath: path) else {
    FileHandle.standardError.write(
      Data("LayoutBenchmarks: \(path) is missing; generate it (see BENCHMARKS.md)\n".utf8))
    return nil
  }
  return path
}

/// The month every feed benchmark lays out (inside the generator's 2015–2030 range).
private let benchmarkMonth = YearMonth(year: 2020, month: 6)!
private let utc = DisplayZone(named: "UTC")!

/// The request the command makes for `count` months of `path` from `first`, in UTC.
private func commandRequest(_ path: String, _ first: YearMonth, count: Int = 1) throws
  -> LayoutRequest
{
  try LayoutRequest(
    feeds: [FeedInput(path)], first: first, count: count, options: MonthViewOptions(zone: utc))
}

/// Loads `request`'s feed pre-filtered for its months and renders them as JSON, through the
/// library's facade, as the CLI does.
private func importAndLayOut(_ request: LayoutRequest) throws -> Int {
  try JSONLayoutRenderer.render(CalendarSource.layOut(request).layouts).utf8.count
}

private let endToEndMetrics: [BenchmarkMetric] = [
  .wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal,
]

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: endToEndMetrics, timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(20), maxIterations: 20)

  for (label, file, iterations) in [
    ("10k", "feed-10k-s1.ics", 20), ("100k", "feed-100k-s1.ics", 10),
    ("1M", "feed-1M-s1.ics", 3),
  ] {
    Benchmark(
      "Import and lay out one month, \(label) events",
      configuration: .init(maxIterations: iterations)
    ) { benchmark in
      guard let path = feedPath(file) else { return }
      let request = try commandRequest(path, benchmarkMonth)
      for _ in benchmark.scaledIterations {
        blackHole(try importAndLayOut(request))
      }
    }
  }

  Benchmark("Twelve months from one load, 100k events", configuration: .init(maxIterations: 10)) {
    benchmark in
    guard let path = feedPath("feed-100k-s1.ics") else { return }
    let request = try commandRequest(path, YearMonth(year: 2020, month: 1)!, count: 12)
    for _ in benchmark.scaledIterations {
      blackHole(try importAndLayOut(request))
    }
  }

  // The same two without the JSON: what one load answers, apart from writing the answer out.
  for (label, first, count) in [
    ("One month", YearMonth(year: 2020, month: 6)!, 1),
    ("Twelve months", YearMonth(year: 2020, month: 1)!, 12),
  ] {
    Benchmark(
      "\(label) from one load, 100k events, no JSON", configuration: .init(maxIterations: 10)
    ) { benchmark in
      guard let path = feedPath("feed-100k-s1.ics") else { return }
      let request = try commandRequest(path, first, count: count)
      for _ in benchmark.scaledIterations {
        blackHole(try CalendarSource.layOut(request).layouts.count)
      }
    }
  }

  Benchmark("Dense month end to end, 10k occurrences", configuration: .init(maxIterations: 10)) {
    benchmark in
    guard let path = feedPath("dense-2020-06-10k-s1.ics") else { return }
    let request = try commandRequest(path, benchmarkMonth)
    for _ in benchmark.scaledIterations {
      blackHole(try importAndLayOut(request))
    }
  }

  // Lanes only: the spans of the dense month are made before the measurement, and they and
  // the feed are freed after it.
  Benchmark(
    "Dense month lanes, 10k occurrences",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds,
      maxDuration: .seconds(10), maxIterations: 200)
  ) { benchmark in
    guard let path = feedPath("dense-2020-06-10k-s1.ics") else { return }
    let grid = MonthGrid(month: benchmarkMonth, weekStart: .sunday, showsOutsideDays: false)
    let feed = try Feed(contentsOf: path)
    let spans = feed.spans(from: grid.firstVisibleDay, through: grid.lastVisibleDay, in: utc).spans
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(MonthLayoutEngine.layOut(spans, month: benchmarkMonth, timeZone: "UTC"))
    }
    // Without this stop, the implicit one after the closure also measures freeing the spans
    // and the feed: about 4 ms, more than the layout itself.
    benchmark.stopMeasurement()
    withExtendedLifetime((feed, spans)) {}
  }
}
