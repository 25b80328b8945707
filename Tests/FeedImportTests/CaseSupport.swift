import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// Loads the recurrence and time-zone case feeds of `Samples/cases` and lists what a month
/// shows of them.
enum CaseSupport {
  /// The display zones every case is checked in (the ones compared with the reference).
  static let zones = [
    "UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo", "Pacific/Auckland",
  ]

  /// The path of a case feed.
  static func path(_ file: String) -> String {
    TestSupport.root.appendingPathComponent("Samples/cases").appendingPathComponent(file).path
  }

  /// The layout of `month` of a case feed in `zone` (week starting on Sunday).
  static func layout(_ file: String, month: String, zone: String) throws -> MonthLayout {
    var request = try LayoutRequest(
      feeds: [FeedInput(path(file))], first: try TestSupport.requireMonth(month),
      options: TestSupport.view(
        try TestSupport.requireZone(zone), LayoutOptions(weekStart: .sunday)))
    // Every event parsed, so that a case's warnings are those of its whole feed.
    request.prefilter = false
    return try CalendarSource.layOut(request).layouts[0]
  }

  /// Each occurrence of `uid` shown in `month` (once, however many week rows it crosses).
  static func occurrences(_ file: String, uid: String, month: String, zone: String = "UTC")
    throws -> [Segment]
  {
    TestSupport.occurrences(try layout(file, month: month, zone: zone)).filter { $0.uid == uid }
  }

  /// The starts of `uid`'s occurrences in `month`, in order.
  static func starts(_ file: String, uid: String, month: String, zone: String = "UTC") throws
    -> [String]
  {
    try occurrences(file, uid: uid, month: month, zone: zone).map(\.start.description)
  }

  /// The warnings a case feed raises when loaded.
  static func warnings(_ file: String) throws -> [String] {
    try Feed(contentsOf: path(file)).warnings.map(\.message)
  }
}
