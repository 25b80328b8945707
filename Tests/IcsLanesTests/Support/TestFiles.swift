import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Paths of the package's samples and golden files, found from this source file.
enum TestFiles {
  /// The package's root directory.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The path of `Samples/<name>`.
  static func sample(_ name: String) -> String {
    root.appendingPathComponent("Samples").appendingPathComponent(name).path
  }

  /// The golden file `Tests/IcsLanesTests/Golden/<name>`.
  static func golden(_ name: String) -> URL {
    root.appendingPathComponent("Tests/IcsLanesTests/Golden").appendingPathComponent(name)
  }

  /// Compares `actual` with the golden file `name`. With `ICSLANES_UPDATE_GOLDEN=1` in the
  /// environment the file is rewritten instead (and the test still checks it was written).
  static func expectGolden(
    _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = golden(name)
    if ProcessInfo.processInfo.environment["ICSLANES_UPDATE_GOLDEN"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    if actual != expected {
      let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let index =
        zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(actualLines.count, expectedLines.count)
      let got = index < actualLines.count ? String(actualLines[index]) : "(end)"
      let want = index < expectedLines.count ? String(expectedLines[index]) : "(end)"
      Issue.record(
        "\(name) differs at line \(index + 1):\n got: \(got)\nwant: \(want)",
        sourceLocation: sourceLocation)
    }
  }

  /// The layouts of `samples` for `months` months from `month`, as the command makes them.
  static func layouts(
    _ samples: [String], month: String, months: Int = 1, zone: String,
    options: LayoutOptions = LayoutOptions(), filter: EventFilter = EventFilter(),
    calendarColors: [String: String] = [:]
  ) throws -> [MonthLayout] {
    let first = try #require(YearMonth(iso: month))
    let displayZone = try #require(DisplayZone(named: zone))
    var view = MonthViewOptions(
      zone: displayZone, weekStart: options.weekStart, maxLanes: options.maxLanes,
      showsOutsideDays: options.showsOutsideDays, stickyLanes: options.laneRule == .sticky)
    view.filter = filter
    view.calendarColors = calendarColors
    let request = try LayoutRequest(
      feeds: samples.map { FeedInput(sample($0)) }, first: first, count: months, options: view)
    return try CalendarSource.layOut(request).layouts
  }
}
