import LaneLayout

/// The years libical reads a DTSTART in: `icaltime_is_valid_time` refuses later ones, so an
/// event that starts after the year 3000 is skipped ("libical handles years 1 to 3000 only").
/// The scan keeps such an event for every window, so that it is listed as skipped in every
/// month, as it is when the feed is read whole.
package enum LibicalYears {
  /// The years of a usable DTSTART.
  static let usable = 1...3000
  /// The last day a usable DTSTART can fall on.
  package static let lastDay = Day(
    ordinal: Day.daysSinceEpoch(year: usable.upperBound, month: 12, day: 31))
}
