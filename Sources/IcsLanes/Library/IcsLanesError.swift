import FeedImport
import LaneLayout

/// What went wrong when loading feeds or laying months out through ``CalendarSource``, and where.
///
/// Each case carries the offending value (the month text, the zone name, the lane cap) or, for a
/// feed, the feed's source and the `ImportError` that names the line when there is one.
public enum IcsLanesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The feed `source` could not be loaded.
  case feed(source: String, error: ImportError)
  /// The text is not a month written `YYYY-MM` with a year 1–9999.
  case invalidMonth(String)
  /// The year is outside 1–9999.
  case invalidYear(Int)
  /// No time zone has this name.
  case unknownTimeZone(String)
  /// A lane cap must be at least 1.
  case invalidMaxLanes(Int)
  /// A range of months must hold 1 to ``LayoutRequest/maximumMonthCount`` months.
  case invalidMonthCount(Int)
  /// The range of `count` months from `first` runs past December 9999.
  case monthsPastLastYear(first: YearMonth, count: Int)
  /// An index kept in one file (``FeedIndexLocation/file(_:)``) holds one feed's index, but
  /// `feedFiles` feeds are files or folders.
  case indexFileForManyFeeds(index: String, feedFiles: Int)

  /// One line saying what went wrong and where.
  public var description: String {
    switch self {
    case .feed(let source, let error):
      if case .lineTooLong = error { return "\(source): \(error)" }
      return error.description
    case .invalidMonth(let text):
      return "month \"\(text)\": not a month; write YYYY-MM, e.g. 2024-08"
    case .invalidYear(let year):
      return "year \(year): outside 1–9999"
    case .unknownTimeZone(let name):
      return "time zone \"\(name)\": not known; use an IANA name such as Europe/Berlin or UTC"
    case .invalidMaxLanes(let cap):
      return "maxLanes \(cap): must be at least 1"
    case .invalidMonthCount(let count):
      return "month count \(count): must be 1 to \(LayoutRequest.maximumMonthCount)"
    case .monthsPastLastYear(let first, let count):
      return "\(count) months from \(first): runs past 9999-12"
    case .indexFileForManyFeeds(let index, let files):
      return "index \(index): a file holds the index of one feed, not of \(files) files and folders"
    }
  }
}
