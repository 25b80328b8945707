import ICalBridge
import LaneLayout

/// Where one occurrence falls in the display zone: its instants, the days it covers, and for a
/// timed one the local times its start and end are written from.
///
/// Worked out once per instance while expanding (to tell whether it meets the window) and
/// reused to build its ``DaySpan``, so that no instance goes through the zone arithmetic twice.
struct SpanPlacement {
  var firstDay: Day
  var lastDay: Day
  var startInstant: Int64
  var endInstant: Int64
  /// For a timed occurrence: the local start and end in the display zone, with their offsets.
  var localStart: (time: WallTime, offset: Int)?
  var localEnd: (time: WallTime, offset: Int)?
  /// For an all-day occurrence: the exclusive end day.
  var endDay: Day?

  /// Whether the occurrence's days meet `first…last`.
  func meets(_ first: Day, _ last: Day) -> Bool {
    lastDay >= first && firstDay <= last
  }
}
