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
    let feed = try Feed(text: text, name: "test")
    let displayZone = try requireZone(zone)
    let yearMonth = try requireMonth(month)
    return MonthLayouter.layOut([feed], month: yearMonth, zone: displayZone, options: options)
      .layout
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
      seen.insert("\($0.uid)|\($0.recurrenceId ?? "")|\($0.start)").inserted
    }
    .sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
