import ICalBridge
import LaneLayout

/// Where one occurrence falls in the display zone: its instants, the days it covers, and for a
/// timed one the local times its start and end are written from.
///
/// Worked out once per instance while expanding (to tell whether it meets the window) and
/// reused to build its ``DaySpan``, so that no instance goes through the zone arithmetic twice.
public struct SpanPlacement {
  /// The first display day the occurrence covers.
  public var firstDay: Day
  /// The last display day the occurrence covers.
  public var lastDay: Day
  /// The start, in seconds since 1970 (UTC).
  public var startInstant: Int64
  /// The end, in seconds since 1970 (UTC).
  public var endInstant: Int64
  /// For a timed occurrence: the local start in the display zone, with its offset.
  public var localStart: (time: WallTime, offset: Int)?
  /// For a timed occurrence: the local end in the display zone, with its offset.
  public var localEnd: (time: WallTime, offset: Int)?
  /// For an all-day occurrence: the exclusive end day.
  public var endDay: Day?

  /// An occurrence on `firstDay…lastDay` from `startInstant` to `endInstant`.
  @inlinable public init(
    firstDay: Day, lastDay: Day, startInstant: Int64, endInstant: Int64,
    localStart: (time: WallTime, offset: Int)? = nil,
    localEnd: (time: WallTime, offset: Int)? = nil,
    endDay: Day? = nil
  ) {
    self.firstDay = firstDay
    self.lastDay = lastDay
    self.startInstant = startInstant
    self.endInstant = endInstant
    self.localStart = localStart
    self.localEnd = localEnd
    self.endDay = endDay
  }

  /// Whether the occurrence's days meet `first…last`.
  @inlinable public func meets(_ first: Day, _ last: Day) -> Bool {
    lastDay >= first && firstDay <= last
  }
}
