/// Proleptic Gregorian calendar arithmetic on day numbers (days since
/// 1970-01-01), with no Foundation involvement.
enum Civil {
  static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Day number of a calendar date. The year is shifted so that it starts in
  /// March; leap days then fall at the end of the shifted year, and whole
  /// 400-year cycles have a fixed length of 146097 days.
  static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let cycle = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfCycle = shiftedYear - cycle * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
    // 719468 = days from 0000-03-01 to 1970-01-01.
    return cycle * 146097 + dayOfCycle - 719468
  }

  /// Inverse of `dayNumber`.
  static func date(fromDayNumber dayNumber: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = dayNumber + 719468
    let cycle = (shifted >= 0 ? shifted : shifted - 146096) / 146097
    let dayOfCycle = shifted - cycle * 146097
    let yearOfCycle =
      (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36524 - dayOfCycle / 146096) / 365
    let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// 0 = Sunday ... 6 = Saturday. 1970-01-01 was a Thursday.
  static func weekday(_ dayNumber: Int) -> Int {
    let w = (dayNumber + 4) % 7
    return w < 0 ? w + 7 : w
  }

  /// Day number of the n-th (1-based) Sunday of a month.
  static func nthSunday(_ n: Int, year: Int, month: Int) -> Int {
    let first = dayNumber(year: year, month: month, day: 1)
    return first + (7 - weekday(first)) % 7 + 7 * (n - 1)
  }

  static func lastSunday(year: Int, month: Int) -> Int {
    let last = dayNumber(year: year, month: month, day: daysInMonth(year: year, month: month))
    return last - weekday(last)
  }
}
