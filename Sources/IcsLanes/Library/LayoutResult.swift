import FeedImport
import LaneLayout

/// What ``CalendarSource/layOut(_:)`` gives: the layouts (each with its skipped events, stats
/// and calendars) and every problem that did not stop the run.
public struct LayoutResult: Sendable {
  /// One layout per month, in order (none when the layouts were handed over one by one, see
  /// ``CalendarSource/layOut(_:each:)``).
  public var layouts: [MonthLayout]
  /// Each feed's loading warnings and skipped events, feed after feed, then the warnings met
  /// expanding the months, month after month.
  public var warnings: [LayoutWarning]
  /// The calendar name of each feed, in the request's order.
  public var calendarNames: [String]

  /// A result.
  public init(layouts: [MonthLayout], warnings: [LayoutWarning], calendarNames: [String]) {
    self.layouts = layouts
    self.warnings = warnings
    self.calendarNames = calendarNames
  }
}

/// A problem that lost nothing, or lost one event, in a ``LayoutResult``.
public enum LayoutWarning: Sendable, Hashable, CustomStringConvertible {
  /// A problem met while loading a feed.
  case load(ImportWarning)
  /// An event of the feed `source` that could not be used (also in each layout's `skipped`).
  case skipped(source: String, event: SkippedEvent)
  /// A problem met while expanding a month (an event with more occurrences than
  /// `ImportOptions.maximumOccurrencesPerEvent`).
  case expansion(ImportWarning)

  /// One line: `source:line: event UID: message`, or for a skipped event
  /// `source:line: event UID skipped: reason`.
  public var description: String {
    switch self {
    case .load(let warning), .expansion(let warning):
      return warning.description
    case .skipped(let source, let event):
      return
        "\(source):\(event.line.map(String.init) ?? "?"): event \(event.uid ?? "(no UID)") skipped: \(event.reason)"
    }
  }
}
