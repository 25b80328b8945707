import FeedImport
import LaneLayout

/// How ``CalendarSource`` lays a month out: the display zone plus the `LayoutOptions` of the
/// layout core, flattened into one value.
public struct MonthViewOptions: Sendable, Hashable {
  /// The zone whose days timed occurrences land on.
  public var zone: DisplayZone
  /// The weekday of every row's first column.
  public var weekStart: Weekday
  /// At most this many lanes per week row (at least 1); the rest are counted in
  /// `WeekRow.more`. Nil shows every lane.
  public var maxLanes: Int?
  /// Whether the grid's days from the neighbouring months are laid out too.
  public var showsOutsideDays: Bool
  /// Whether an occurrence continuing from the row above keeps its lane when that lane is free
  /// (`LaneRule.sticky`) instead of plain first-fit (`LaneRule.firstFit`).
  public var stickyLanes: Bool
  /// Which events are laid out (calendar, category, text); empty keeps all.
  public var filter = EventFilter()
  /// Colours given for calendars by name (`#rrggbb`); they win over the feeds' own colours.
  public var calendarColors: [String: String] = [:]

  /// Options in `zone` (there is no default: a server's or a user's own zone is
  /// `DisplayZone.system`, said so); the rest default to Sunday, no lane cap, month days
  /// only, first-fit.
  public init(
    zone: DisplayZone, weekStart: Weekday = .sunday, maxLanes: Int? = nil,
    showsOutsideDays: Bool = false, stickyLanes: Bool = false
  ) {
    self.zone = zone
    self.weekStart = weekStart
    self.maxLanes = maxLanes
    self.showsOutsideDays = showsOutsideDays
    self.stickyLanes = stickyLanes
  }

  /// Options in the zone named `zoneName` (an IANA name such as `Europe/Berlin`).
  ///
  /// - Throws: ``IcsLanesError/unknownTimeZone(_:)`` when no zone has that name.
  public init(
    zoneNamed zoneName: String, weekStart: Weekday = .sunday, maxLanes: Int? = nil,
    showsOutsideDays: Bool = false, stickyLanes: Bool = false
  ) throws(IcsLanesError) {
    let zone = try MonthViewOptions.zone(named: zoneName)
    self.init(
      zone: zone, weekStart: weekStart, maxLanes: maxLanes, showsOutsideDays: showsOutsideDays,
      stickyLanes: stickyLanes)
  }

  /// The display zone named `name` (an IANA name such as `Europe/Berlin`).
  ///
  /// - Throws: ``IcsLanesError/unknownTimeZone(_:)`` when no zone has that name.
  public static func zone(named name: String) throws(IcsLanesError) -> DisplayZone {
    guard let zone = DisplayZone(named: name) else { throw .unknownTimeZone(name) }
    return zone
  }

  /// The same options as the layout core reads them.
  public var layoutOptions: LayoutOptions {
    LayoutOptions(
      weekStart: weekStart, maxLanes: maxLanes, showsOutsideDays: showsOutsideDays,
      laneRule: stickyLanes ? .sticky : .firstFit)
  }

  /// The request for `count` months from `first` with these options.
  func request(first: YearMonth, count: Int = 1) -> MonthRequest {
    MonthRequest(
      first: first, count: count, zone: zone, options: layoutOptions, filter: filter,
      calendarColors: calendarColors)
  }

  /// Throws when an option is out of range.
  func validate() throws(IcsLanesError) {
    if let maxLanes, maxLanes < 1 { throw .invalidMaxLanes(maxLanes) }
  }
}
