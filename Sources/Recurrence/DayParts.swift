import ICalBridge
import LaneLayout

/// The BY parts of an RRULE that name days (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY),
/// read as limits on the days of a period (RFC 5545 3.3.10): a day is the rule's when every
/// part given holds it. A part that expands a FREQ (BYMONTHDAY of a YEARLY rule) is a limit
/// on the period's every day, which gives the same set.
package struct DayParts {
  /// BYMONTH: bit m for month m.
  var months: UInt16 = 0
  /// BYMONTHDAY: bit d for day d, bit 32 + d for day −d.
  var monthDays: UInt64 = 0
  /// BYYEARDAY as written (±1…366).
  var yearDays: [Int] = []
  /// BYWEEKNO as written (±1…53).
  var weeks: [Int] = []
  /// BYDAY without a position: bit w for libical's weekday w (1 = Sunday … 7 = Saturday).
  var weekdays: UInt8 = 0
  /// BYDAY with a position: the nth (or, negative, nth-last) weekday of the month or year.
  var positioned: [(weekday: Int, position: Int)] = []
  /// Whether a BYDAY position counts in the year (YEARLY without BYMONTH), not the month.
  var positionsInYear = false
  /// The weeks BYWEEKNO counts.
  var numbering = WeekNumbering(weekStart: 2)

  /// Whether no part limits the days.
  var allowsEveryDay: Bool {
    months == 0 && monthDays == 0 && yearDays.isEmpty && weeks.isEmpty && weekdays == 0
      && positioned.isEmpty
  }

  /// Whether the day `ordinal` (of `year`, `month`, `day`) is one of the parts' days.
  func holds(_ ordinal: Int, year: Int, month: Int, day: Int) -> Bool {
    if months != 0, months & (1 << UInt16(month)) == 0 { return false }
    let monthLength = Day.daysIn(year: year, month: month)
    if monthDays != 0 {
      let fromEnd = monthLength - day + 1
      guard monthDays & (1 << UInt64(day)) != 0 || monthDays & (1 << UInt64(32 + fromEnd)) != 0
      else { return false }
    }
    if !yearDays.isEmpty || (positionsInYear && !positioned.isEmpty) {
      let yearDay = ordinal - Day.daysSinceEpoch(year: year, month: 1, day: 1) + 1
      let yearLength = Day.isLeap(year) ? 366 : 365
      if !yearDays.isEmpty,
        !yearDays.contains(yearDay) && !yearDays.contains(yearDay - yearLength - 1)
      {
        return false
      }
      if positionsInYear {
        return holdsWeekday(ordinal, place: yearDay, length: yearLength) && holdsWeek(ordinal)
      }
    }
    return holdsWeekday(ordinal, place: day, length: monthLength) && holdsWeek(ordinal)
  }

  /// Whether BYDAY holds the day `ordinal`, the `place`-th of a month or year of `length` days.
  private func holdsWeekday(_ ordinal: Int, place: Int, length: Int) -> Bool {
    guard weekdays != 0 || !positioned.isEmpty else { return true }
    let weekday = LibicalWeekday.of(ordinal)
    if weekdays & (1 << UInt8(weekday)) != 0 { return true }
    let fromStart = (place - 1) / 7 + 1
    let fromEnd = -((length - place) / 7 + 1)
    return positioned.contains {
      $0.weekday == weekday && ($0.position == fromStart || $0.position == fromEnd)
    }
  }

  /// Whether BYWEEKNO holds the day `ordinal` (by the week of its own week-numbering year).
  private func holdsWeek(_ ordinal: Int) -> Bool {
    guard !weeks.isEmpty else { return true }
    let year = numbering.weekYear(of: ordinal)
    let number = (ordinal - numbering.firstWeekStart(ofYear: year)) / 7 + 1
    let count = numbering.weekCount(ofYear: year)
    return weeks.contains(number) || weeks.contains(number - count - 1)
  }
}
