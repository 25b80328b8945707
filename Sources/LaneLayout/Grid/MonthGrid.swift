/// The grid a month view draws for one month: whole weeks from the week holding the 1st to the
/// week holding the last day (4 to 6 rows), each starting on the chosen weekday.
public struct MonthGrid: Sendable, Hashable {
  /// The month the grid shows.
  public let month: YearMonth
  /// The weekday of every row's first column.
  public let weekStart: Weekday
  /// Whether the days of neighbouring months that fill the first and last rows are laid out.
  public let showsOutsideDays: Bool

  /// The grid of `month` with rows starting on `weekStart`.
  public init(month: YearMonth, weekStart: Weekday = .sunday, showsOutsideDays: Bool = false) {
    self.month = month
    self.weekStart = weekStart
    self.showsOutsideDays = showsOutsideDays
  }

  /// The grid of `month` as `options` lay it out: their week start and outside days. Every
  /// stage that asks which days a month shows asks this grid.
  public init(month: YearMonth, options: LayoutOptions) {
    self.init(
      month: month, weekStart: options.weekStart, showsOutsideDays: options.showsOutsideDays)
  }

  /// The day in the first row's first column.
  public var firstGridDay: Day {
    let first = month.firstDay
    return first.adding(days: -first.weekday.column(from: weekStart))
  }

  /// The first day of each row, in order.
  public var rowStarts: [Day] {
    let last = month.lastDay
    return Array(
      stride(from: firstGridDay.ordinal, through: last.ordinal, by: 7).map(Day.init(ordinal:)))
  }

  /// The day in the last row's last column.
  public var lastGridDay: Day {
    (rowStarts.last ?? firstGridDay).adding(days: 6)
  }

  /// The first day that is laid out: the month's first day, or the grid's with outside days.
  public var firstVisibleDay: Day {
    showsOutsideDays ? firstGridDay : month.firstDay
  }

  /// The last day that is laid out: the month's last day, or the grid's with outside days.
  public var lastVisibleDay: Day {
    showsOutsideDays ? lastGridDay : month.lastDay
  }

  /// The days that are laid out, ``firstVisibleDay`` through ``lastVisibleDay``: the window
  /// occurrences are expanded on and clipped to.
  public var visibleDays: ClosedRange<Day> {
    firstVisibleDay...lastVisibleDay
  }

  /// Every day of the grid, outside days included, whether or not they are laid out.
  public var gridDays: ClosedRange<Day> {
    firstGridDay...lastGridDay
  }
}
