import LaneLayout

extension EventFacts {
  /// The day ordinals of the windows this event's scan keeps it for, as at most two ranges: the
  /// pre-filter keeps the event for `first…last` exactly when one of them meets that window
  /// (see ``mayTouch(first:last:)`` and ``ScanTally/passesOver(_:)``); nil when it keeps the
  /// event for every window.
  ///
  /// A RECURRENCE-ID override has two: the days near the instance it replaces, and its own.
  var keptWindows: [ClosedRange<Int>]? {
    if unreadable || cancelled || uidTruncated || uidEscaped { return nil }
    var ranges: [ClosedRange<Int>] = []
    if overridesInstance {
      guard !hasRange, !recurs, let replaced = recurrenceIdDay else { return nil }
      ranges.append(
        (replaced.ordinal - 2)...(replaced.ordinal + 2 + EventFacts.replacedInstanceMargin))
    }
    guard let start = startDay else { return nil }
    let end: Day
    if let endDay {
      end = endDay
    } else if hasEnd {
      return nil
    } else if let durationDays {
      end = start.adding(days: durationDays)
    } else if hasDuration {
      return nil
    } else {
      end = start.adding(days: 1)
    }
    var lastStart = start
    if recurs {
      let components = start.components
      guard ruleCount == 1, !unboundedRecurrence, let rule,
        let ruleEnd = rule.lastStartDay(
          from: start, startMonth: components.month, startDayOfMonth: components.day)
      else { return nil }
      lastStart = max(start, ruleEnd)
    }
    let length = max(0, start.distance(to: end))
    // Never empty: `lastStart` is not before `start` and `length` not below 0.
    ranges.append((start.ordinal - 2)...(lastStart.ordinal + length + 2))
    return ranges
  }
}
