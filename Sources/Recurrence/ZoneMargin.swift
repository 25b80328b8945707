import ICalBridge
import LaneLayout

/// How far an occurrence may lie outside a window of display days and still land on it, in
/// some display zone: the one owner of "two days cover every UTC offset". The byte scan's
/// pre-filter, the loader's re-read check, a series' reach and the expansion all ask it.
///
/// A day written in a feed (a date, a floating or zoned wall time, a UTC instant's date) lands
/// at most one day off in any display zone: UTC offsets run from −12 to +14 hours, and a
/// floating time is read in a zone too. Two days either side cover that with a day to spare.
public enum ZoneMargin {
  /// Whole days either side of a window.
  public static let days = 2

  /// The same margin in seconds, for instants.
  static let seconds = Int64(days) * 86_400

  /// How far past a display zone's local midnight a DST jump may move it: an instant more than
  /// this clear of the window's local midnights is inside or outside it whatever the day's
  /// offset changes (no zone jumps by more than 2 hours).
  package static let dstJumpSeconds: Int64 = 3 * 3_600
  /// More than any zone's UTC offset, local mean times of the 19th century included (Manila
  /// and Sitka were nearly 16 hours off): how far a floating time read in some zone may lie
  /// from the same wall time read as UTC.
  package static let largestOffsetSeconds: Int64 = 16 * 3_600

  /// How far before an instant to start counting wall-clock days so as to find every step of a
  /// rule that may start at or after it: a wall clock is less than ``seconds`` off its instant in
  /// any zone, and a day more covers the rounding to whole days.
  static let wallClockLeadSeconds = seconds + 86_400

  /// The first instant an occurrence starting on or after `first` (a display day) can have:
  /// UTC midnight of `first`, less the margin.
  static func earliestInstant(onOrAfter first: Day) -> Int64 {
    Int64(first.ordinal) * 86_400 - seconds
  }

  /// The instant before which every occurrence starting on or before `last` (a display day)
  /// starts: UTC midnight after `last`, plus the margin.
  static func latestInstant(through last: Day) -> Int64 {
    Int64(last.ordinal + 1) * 86_400 + seconds
  }

  /// The day ordinals `first…last`, as written in a feed, widened by the margin: the display
  /// days they may land on.
  @inlinable public static func widened(_ first: Int, _ last: Int) -> ClosedRange<Int> {
    (first - days)...(last + days)
  }

  /// Whether days `first…last`, as written in a feed, may land on `window` in some display zone.
  @inlinable public static func mayMeet(_ first: Int, _ last: Int, _ window: ClosedRange<Day>)
    -> Bool
  {
    first <= window.upperBound.ordinal + days && last >= window.lowerBound.ordinal - days
  }
}
