import FeedImport
import LaneLayout

/// What to lay out: which months, in which display zone, with which layout options.
package struct MonthRequest: Sendable {
  /// The months, in order.
  package var months: [YearMonth]
  /// The display zone.
  package var zone: DisplayZone
  /// Week start, lane cap, outside days, lane rule.
  package var options: LayoutOptions
  /// Which events are laid out; empty keeps all.
  package var filter: EventFilter
  /// Colours given for calendars by name (`#rrggbb`); they win over the feeds' own colours.
  package var calendarColors: [String: String]

  /// A request for `count` consecutive months from `first`.
  package init(
    first: YearMonth, count: Int = 1, zone: DisplayZone, options: LayoutOptions = LayoutOptions(),
    filter: EventFilter = EventFilter(), calendarColors: [String: String] = [:]
  ) {
    months = (0..<max(1, count)).compactMap { first.adding(months: $0) }
    self.zone = zone
    self.options = options
    self.filter = filter
    self.calendarColors = calendarColors
  }

  /// The days any of the months shows (the grids' edges, which cover outside days too): the
  /// window to pre-filter a feed for.
  package var window: ClosedRange<Day> {
    let grids = months.map { MonthGrid(month: $0, options: options).gridDays }
    let first = grids.map(\.lowerBound).min() ?? Day(ordinal: 0)
    let last = grids.map(\.upperBound).max() ?? first
    return first...last
  }

  /// Each month's visible days (`MonthGrid.visibleDays`), in order: the windows its
  /// occurrences are expanded on.
  package var visibleDays: [ClosedRange<Day>] {
    months.map { MonthGrid(month: $0, options: options).visibleDays }
  }
}
