import LaneLayout

/// One week as a week view shows it: the row of a month layout that holds it.
///
/// Lay out the month holding the week's first day with outside days shown
/// (``request(feeds:holding:options:)`` makes that request); the month grid's last row then
/// carries the next month's days, so a week crossing into the next month is whole in it.
///
/// ```swift
/// let request = try WeekLayout.request(
///   feeds: [FeedInput("team.ics")], holding: ISOWeek(year: 2024, week: 32)!.monday,
///   options: MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday))
/// let layout = try CalendarSource.layOut(request).layouts[0]
/// let week = WeekLayout(layout, holding: ISOWeek(year: 2024, week: 32)!.monday)
/// ```
public struct WeekLayout: Sendable {
  /// The month laid out, whose grid holds the week.
  public var month: MonthLayout
  /// The week's row: its lanes, and `more` when the month was laid out with a lane cap.
  public var row: WeekRow

  /// The week holding `day` in `month`, or nil when `month` does not lay out all seven of its
  /// days (a month laid out without outside days, or a day off its grid).
  public init?(_ month: MonthLayout, holding day: Day) {
    guard let row = month.weeks.first(where: { $0.start <= day && day < $0.start.adding(days: 7) }),
      month.firstDay <= row.start, row.start.adding(days: 6) <= month.lastDay
    else { return nil }
    self.month = month
    self.row = row
  }

  /// The week's seven days.
  public var days: ClosedRange<Day> {
    row.start...row.start.adding(days: 6)
  }

  /// The week's number: the ISO week of its Thursday (for a week from Monday, its ISO week).
  public var number: ISOWeek {
    ISOWeek(containing: row.start.adding(days: Weekday.thursday.column(from: month.weekStart)))
  }

  /// The first day of the week holding `day`, for weeks starting on `weekStart`.
  public static func firstDay(of day: Day, weekStart: Weekday) -> Day {
    day.adding(days: -day.weekday.column(from: weekStart))
  }

  /// The request that lays out the week holding `day`: one month, the month of the week's
  /// first day, with outside days shown (whatever `options` says).
  ///
  /// - Throws: as ``LayoutRequest/init(feeds:first:count:options:importOptions:)`` does, and
  ///   ``IcsLanesError/invalidYear(_:)`` for a week outside the years 1 to 9999.
  public static func request(
    feeds: [FeedInput], holding day: Day, options: MonthViewOptions = MonthViewOptions()
  ) throws(IcsLanesError) -> LayoutRequest {
    let first = firstDay(of: day, weekStart: options.weekStart).components
    guard let month = YearMonth(year: first.year, month: first.month) else {
      throw .invalidYear(first.year)
    }
    var view = options
    view.showsOutsideDays = true
    return try LayoutRequest(feeds: feeds, first: month, count: 1, options: view)
  }
}
