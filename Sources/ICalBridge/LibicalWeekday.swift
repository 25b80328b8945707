import LaneLayout

/// Weekdays as libical numbers them (1 = Sunday … 7 = Saturday), on day ordinals (days since
/// 1970-01-01, a Thursday): the one reckoning of the zone rules and of the recurrence rules
/// counted out in Swift.
///
/// Public and inlinable, though no product exports it, so that the expansion's loops get
/// ``of(_:)`` inlined: Swift inlines across targets only what is public.
public enum LibicalWeekday {
  /// libical's weekday of the day `ordinal`.
  @inlinable public static func of(_ ordinal: Int) -> Int { ((ordinal % 7 + 7) % 7 + 4) % 7 + 1 }

  /// The ordinal of the `position`-th `weekday` of `month` in `year`, counted from the month's
  /// end when `position` is negative (−1: the last). A fifth one may fall outside the month:
  /// callers check.
  static func positioned(_ weekday: Int, position: Int, year: Int, month: Int) -> Int {
    if position > 0 {
      let first = Day.daysSinceEpoch(year: year, month: month, day: 1)
      return first + (weekday - of(first) + 7) % 7 + 7 * (position - 1)
    }
    let last = Day.daysSinceEpoch(
      year: year, month: month, day: Day.daysIn(year: year, month: month))
    return last - (of(last) - weekday + 7) % 7 + 7 * (position + 1)
  }
}
