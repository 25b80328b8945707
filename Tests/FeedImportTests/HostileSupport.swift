import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// Helpers for the hostile-input, accounting and concurrency tests: the repo's samples, and
/// feeds laid out the way the command lays them out.
enum Hostile {
  /// The repository's root (three levels above this file).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The path of a file under `Samples/`.
  static func sample(_ relative: String) -> String {
    root.appendingPathComponent("Samples").appendingPathComponent(relative).path
  }

  /// The bytes of a file under `Samples/`.
  static func bytes(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: sample(relative))))
  }

  /// Every `.ics` under `Samples/` (all folders), relative to it, sorted.
  static func allSamples() -> [String] {
    let base = root.appendingPathComponent("Samples")
    let walker = FileManager.default.enumerator(atPath: base.path)
    var found: [String] = []
    while let next = walker?.nextObject() as? String {
      if next.hasSuffix(".ics") { found.append(next) }
    }
    return found.sorted()
  }

  static let utc = DisplayZone(named: "UTC")
  static let august = YearMonth(year: 2024, month: 8)

  /// One month of `feeds` in `zone`, with the import's warnings and the expansion's.
  static func layOut(
    _ feeds: [Feed], month: YearMonth? = august, zone: DisplayZone? = utc,
    options: LayoutOptions = LayoutOptions()
  ) throws -> (layout: MonthLayout, warnings: [ImportWarning]) {
    let month = try unwrap(month)
    let zone = try unwrap(zone)
    let result = try CalendarSource(feeds: feeds).result(
      from: month, count: 1, options: TestSupport.view(zone, options))
    let warnings = result.warnings.compactMap { warning -> ImportWarning? in
      switch warning {
      case .load(let found), .expansion(let found): return found
      case .skipped: return nil
      }
    }
    return (result.layouts[0], warnings)
  }

  /// A feed read from text, laid out on August 2024 in UTC.
  static func layOut(text: String, strict: Bool = false) throws -> (
    feed: Feed, layout: MonthLayout, warnings: [ImportWarning]
  ) {
    let feed = try Feed(text: text, name: "test", options: ImportOptions(strict: strict))
    let (layout, warnings) = try layOut([feed])
    return (feed, layout, warnings)
  }

  /// The UIDs laid out, in segment order, each once.
  static func uids(_ layout: MonthLayout) -> [String] {
    var seen: Set<String> = []
    return layout.segments.map(\.uid).filter { seen.insert($0).inserted }
  }

  /// A calendar around `body` (CRLF lines).
  static func calendar(_ body: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icslanes//tests//EN\r\n" + body
      + "END:VCALENDAR\r\n"
  }

  /// A VEVENT with `uid` and the given property lines.
  static func event(_ uid: String, _ lines: String...) -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240701T090000Z\r\n"
      + lines.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
  }

  struct Missing: Error {}

  static func unwrap<T>(_ value: T?) throws -> T {
    guard let value else { throw Missing() }
    return value
  }
}
