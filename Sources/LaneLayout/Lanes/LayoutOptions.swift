/// How a month is laid out.
public struct LayoutOptions: Sendable, Hashable, Codable {
  /// The weekday of every row's first column.
  public var weekStart: Weekday
  /// At most this many lanes are listed per row; the rest are counted in ``WeekRow/more``.
  public var maxLanes: Int?
  /// Whether the grid's days from the neighbouring months are laid out too.
  public var showsOutsideDays: Bool
  /// The lane rule.
  public var laneRule: LaneRule

  /// Options with the defaults: Sunday, no lane cap, month days only, first-fit.
  public init(
    weekStart: Weekday = .sunday, maxLanes: Int? = nil, showsOutsideDays: Bool = false,
    laneRule: LaneRule = .firstFit
  ) {
    self.weekStart = weekStart
    self.maxLanes = maxLanes
    self.showsOutsideDays = showsOutsideDays
    self.laneRule = laneRule
  }
}
