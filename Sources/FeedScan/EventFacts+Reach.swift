import LaneLayout
import Recurrence

extension EventFacts {
  /// Whether the pre-filter passes the event over for `window` (nil: it keeps every event): it
  /// cannot touch the window, and its UID reads the same for libical (so that it is read after
  /// all when another event of its UID is kept).
  func passedOver(for window: ClosedRange<Day>?) -> Bool {
    guard let window else { return false }
    return !uidReadOtherwise && !mayTouch(first: window.lowerBound, last: window.upperBound)
  }

  /// Whether the event may have an occurrence whose days meet `first…last`.
  ///
  /// Conservative: anything uncertain is kept. ``ZoneMargin``'s days on both sides cover every
  /// UTC offset and floating time, whatever the display zone. A recurring event without EXRULE,
  /// its RDATEs read whole and its length readable, is passed over for windows before its first
  /// instance (DTSTART, or an earlier RDATE), and after its last one when it has no RRULE or a
  /// single one this scan can bound (``RuleFacts``), and no RDATE PERIOD (its last instance:
  /// the rule's, or the last RDATE); a yearly series is passed over, too, for windows away from
  /// the months its instances start in (``season``). A RECURRENCE-ID override is passed over by
  /// its own days: the instance it replaces is its master's, whose UID group is read whole when
  /// the master is kept. A THISANDFUTURE override and every cancelled event are kept.
  func mayTouch(first: Day, last: Day) -> Bool {
    guard let reach = reachDays else { return true }
    guard ZoneMargin.mayMeet(reach.lowerBound, reach.upperBound, first...last) else {
      return false
    }
    return season?.mayMeet(first: first, last: last) ?? true
  }

  /// The day ordinals the event's occurrences may cover, before ``ZoneMargin``; nil when the
  /// scan cannot bound them, and the event is kept for every window. The one reading of an
  /// event's reach that the pre-filter (``mayTouch(first:last:)``) and the index
  /// (``keptWindow``) share.
  var reachDays: ClosedRange<Int>? {
    if unreadable || cancelled { return nil }
    if overridesInstance, hasRange || recurs { return nil }
    guard let start = startDay, let length = lengthDays else { return nil }
    var firstStart = start
    var lastStart = start
    if recurs {
      guard !unboundedRecurrence else { return nil }
      // No instance of an RRULE starts before DTSTART (RFC 5545 3.3.10; libical's iterator
      // starts there), nor an RDATE before its own day: a series this scan cannot bound still
      // reaches no window before those, only every window from there to libical's last year.
      // The last instance is the rule's last (none: DTSTART) or the last RDATE, whichever is
      // later, when the scan knows both.
      var lastKnown: Day? = start
      if ruleCount > 0 {
        lastKnown = nil
        if ruleCount == 1, let rule {
          let components = start.components
          lastKnown = rule.lastStartDay(
            from: start, startMonth: components.month, startDayOfMonth: components.day
          ).map { max(start, $0) }
        }
      }
      if let dates = recurrenceDays {
        firstStart = min(start, dates.lowerBound)
        lastKnown = recurrenceDatePeriods ? nil : lastKnown.map { max($0, dates.upperBound) }
      }
      lastStart = lastKnown ?? EventFacts.lastInstanceDay
    }
    // Never empty: `lastStart` is not before `firstStart` and `length` not below 0.
    return firstStart.ordinal...(lastStart.ordinal + length)
  }

  /// Whole days from the first day of an occurrence to its last, as the date parts of DTEND or
  /// DURATION's whole days say (a day when neither is given); nil when they cannot be read.
  private var lengthDays: Int? {
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
    return max(0, start.distance(to: end))
  }

  /// For a yearly series whose instances all start in some months of the year
  /// (``RuleFacts/startMonths(startMonth:)``): those months and the days each instance lasts,
  /// which pass the series over for windows away from them. Nil for every other event: one
  /// with RDATEs (they may fall in any month) or several RRULEs. Asked only of an event whose
  /// reach the scan bounds (``mayTouch(first:last:)`` after the reach, the index beside
  /// ``keptWindow``), so it does not work the reach out again.
  package var season: StartSeason? {
    guard recurs, ruleCount == 1, recurrenceDays == nil, !overridesInstance,
      let rule, let start = startDay, let length = lengthDays,
      let months = rule.startMonths(startMonth: start.components.month)
    else { return nil }
    return StartSeason(months: months, lengthDays: length)
  }

  /// The day ordinals of the windows this event's scan keeps it for: the pre-filter keeps the
  /// event for `first…last` exactly when this meets that window (see
  /// ``mayTouch(first:last:)`` and ``ScanTally/passesOver(_:)``) and ``season`` does; nil when
  /// it keeps the event for every window.
  package var keptWindow: ClosedRange<Int>? {
    if uidReadOtherwise { return nil }
    return reachDays.map { ($0.lowerBound - ZoneMargin.days)...($0.upperBound + ZoneMargin.days) }
  }
}
