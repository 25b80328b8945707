import LaneLayout
import Recurrence

/// The months of the year in which a yearly series' instances start, with how many days each
/// lasts: a birthday every 14 March meets no window of June, whatever year.
///
/// The pre-filter (``EventFacts/mayTouch(first:last:)``) and an index (which stores
/// ``stored``) ask ``mayMeet(first:last:)`` after the series' reach, so that a yearly series
/// whose months lie away from a window is passed over as one that ended before it.
package struct StartSeason: Sendable, Equatable {
  /// Bit `m - 1` for each month `m` (1 = January) in which an instance may start.
  let months: UInt16
  /// Whole days from an instance's first day to its last (0 for a day or less).
  let lengthDays: Int

  /// Every month: no season.
  private static let allMonths: UInt16 = 0xFFF

  /// The season of `months` and `lengthDays`; nil when it holds every month (nothing to test).
  init?(months: UInt16, lengthDays: Int) {
    let months = months & StartSeason.allMonths
    guard months != StartSeason.allMonths, months != 0, lengthDays >= 0 else { return nil }
    self.months = months
    self.lengthDays = lengthDays
  }

  /// Whether an instance starting in one of the months may meet `first…last`, display days:
  /// its own days, read in any zone, lie within ``ZoneMargin`` of the days its start names.
  package func mayMeet(first: Day, last: Day) -> Bool {
    let earliest = first.adding(days: -(ZoneMargin.days + lengthDays))
    let latest = last.adding(days: ZoneMargin.days)
    // A year of starts holds every month.
    guard latest.ordinal - earliest.ordinal < 365 else { return true }
    var (year, month, _) = earliest.components
    let (lastYear, lastMonth, _) = latest.components
    while year < lastYear || (year == lastYear && month <= lastMonth) {
      if months & (1 << (month - 1)) != 0 { return true }
      month += 1
      if month > 12 { (year, month) = (year + 1, 1) }
    }
    return false
  }

  /// One integer for an index: the months in the low 12 bits, the length above them; 0 stands
  /// for no season.
  package var stored: Int { lengthDays << 12 | Int(months) }

  /// The season an index stored (``stored``); nil for 0 (none) or a value no season stores.
  package init?(stored: Int) {
    guard stored > 0 else { return nil }
    self.init(months: UInt16(stored & 0xFFF), lengthDays: stored >> 12)
  }
}
