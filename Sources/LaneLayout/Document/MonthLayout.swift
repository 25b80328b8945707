/// One month laid out: the contract's `icslanes.layout/1` object as a value.
///
/// Encoding it with `JSONEncoder` gives exactly the contract's JSON.
public struct MonthLayout: Sendable, Hashable, Codable {
  /// The contract's schema name.
  public static let schemaName = "icslanes.layout/1"

  /// Always ``schemaName``.
  public var schema: String
  /// The month laid out.
  public var month: YearMonth
  /// The display time zone, an IANA name.
  public var timeZone: String
  /// The weekday of every row's first column.
  public var weekStart: Weekday
  /// The first visible day.
  public var firstDay: Day
  /// The last visible day.
  public var lastDay: Day
  /// The lane rule used.
  public var laneRule: LaneRule
  /// One row per grid week, in order.
  public var weeks: [WeekRow]
  /// Events that could not be used.
  public var skipped: [SkippedEvent]
  /// Counts of what happened to the events, when the layout came from a feed.
  public var stats: LayoutStats?
  /// The calendars (feeds) merged into this layout, with their colours, when known.
  public var calendars: [CalendarInfo]?

  /// A layout with every field given.
  public init(
    month: YearMonth, timeZone: String, weekStart: Weekday, firstDay: Day, lastDay: Day,
    laneRule: LaneRule, weeks: [WeekRow], skipped: [SkippedEvent] = [], stats: LayoutStats? = nil,
    calendars: [CalendarInfo]? = nil
  ) {
    schema = MonthLayout.schemaName
    self.month = month
    self.timeZone = timeZone
    self.weekStart = weekStart
    self.firstDay = firstDay
    self.lastDay = lastDay
    self.laneRule = laneRule
    self.weeks = weeks
    self.skipped = skipped
    self.stats = stats
    self.calendars = calendars
  }

  /// Every segment of the month, row by row and lane by lane.
  public var segments: [Segment] {
    weeks.flatMap { $0.lanes.flatMap { $0 } }
  }
}

/// A calendar (feed) in a layout: its name and the colour views give it.
public struct CalendarInfo: Sendable, Hashable, Codable {
  /// X-WR-CALNAME, or the file name.
  public var name: String
  /// A `#rrggbb` colour, stable for the name.
  public var color: String

  /// A calendar entry.
  public init(name: String, color: String) {
    self.name = name
    self.color = color
  }
}
