import ICalBridge
import LaneLayout

/// RFC 5545's weeks of the year (3.3.10, BYWEEKNO): weeks start on WKST, week 1 is the first
/// with at least four days of the year (the week holding 4 January, so it may start in the
/// December before), and a year has 52 or 53 of them.
package struct WeekNumbering {
  /// WKST, libical's number (1 = Sunday … 7 = Saturday).
  let weekStart: Int

  /// The ordinal of the first day of the week holding the day `ordinal`.
  func weekStartDay(of ordinal: Int) -> Int {
    ordinal - (LibicalWeekday.of(ordinal) - weekStart + 7) % 7
  }

  /// The ordinal of the first day of week 1 of `year`.
  func firstWeekStart(ofYear year: Int) -> Int {
    weekStartDay(of: Day.daysSinceEpoch(year: year, month: 1, day: 4))
  }

  /// The week-numbering year of the day `ordinal`.
  func weekYear(of ordinal: Int) -> Int {
    let year = Day(ordinal: ordinal).components.year
    if ordinal < firstWeekStart(ofYear: year) { return year - 1 }
    if ordinal >= firstWeekStart(ofYear: year + 1) { return year + 1 }
    return year
  }

  /// The weeks (52 or 53) of the week-numbering year `year`.
  func weekCount(ofYear year: Int) -> Int {
    (firstWeekStart(ofYear: year + 1) - firstWeekStart(ofYear: year)) / 7
  }
}
