import LaneLayout

extension EventFacts {
  /// The day ordinals of the windows this event's scan keeps it for, as at most two ranges: the
  /// pre-filter keeps the event for `first…last` exactly when one of them meets that window
  /// (see ``mayTouch(first:last:)`` and ``ScanTally/passesOver(_:)``); nil when it keeps the
  /// event for every window.
  ///
  /// A RECURRENCE-ID override has two: the days near the instance it replaces, and its own.
  var keptWindows: [ClosedRange<Int>]? {
    if uidTruncated || uidEscaped { return nil }
    return reachDays?.map {
      ($0.lowerBound - ZoneMargin.days)...($0.upperBound + ZoneMargin.days)
    }
  }
}
