import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// Paths and helpers shared by the import tests.
enum TestSupport {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The path of a file under Samples/.
  static func sample(_ name: String) -> String {
    root.appendingPathComponent("Samples").appendingPathComponent(name).path
  }

  /// A feed around the given VEVENT lines (and optional VTIMEZONE text and calendar properties).
  static func feed(_ events: [String], header: String = "") -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    if !header.isEmpty { lines.append(header) }
    for event in events {
      lines.append("BEGIN:VEVENT")
      lines.append(event)
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// The layout of one month of `text` in `zone`.
  static func layOut(
    _ text: String, month: String, zone: String = "UTC", options: LayoutOptions = LayoutOptions()
  ) throws -> MonthLayout {
    var request = try LayoutRequest(
      feeds: [FeedInput(text: text, source: "test")], first: try requireMonth(month),
      options: view(try requireZone(zone), options))
    // Every event parsed, as a feed loaded once for any month is.
    request.prefilter = false
    return try CalendarSource.layOut(request).layouts[0]
  }

  /// The facade's view options for `options` in `zone`.
  static func view(_ zone: DisplayZone, _ options: LayoutOptions = LayoutOptions())
    -> MonthViewOptions
  {
    MonthViewOptions(
      zone: zone, weekStart: options.weekStart, maxLanes: options.maxLanes,
      showsOutsideDays: options.showsOutsideDays, stickyLanes: options.laneRule == .sticky)
  }

  /// The layout of `month` of feeds loaded already, through the facade.
  static func layOut(
    _ feeds: [Feed], month: YearMonth, zone: DisplayZone, options: LayoutOptions = LayoutOptions()
  ) throws -> MonthLayout {
    try CalendarSource(feeds: feeds).layOut(month, options: view(zone, options))
  }

  static func requireZone(_ name: String) throws -> DisplayZone {
    guard let zone = DisplayZone(named: name) else { throw TestFailure("unknown zone \(name)") }
    return zone
  }

  static func requireMonth(_ text: String) throws -> YearMonth {
    guard let month = YearMonth(iso: text) else { throw TestFailure("bad month \(text)") }
    return month
  }

  /// Each occurrence once (segments of one occurrence share uid, recurrence id and start).
  static func occurrences(_ layout: MonthLayout) -> [Segment] {
    var seen = Set<String>()
    return layout.segments.filter {
      seen.insert("\($0.uid)|\($0.recurrenceId?.description ?? "")|\($0.start)").inserted
    }
    .sorted { ($0.start.description, $0.uid) < ($1.start.description, $1.uid) }
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
