import ICalBridge
import LaneLayout

/// How an RRULE's FREQ cuts wall-clock time into periods, numbered so that one period follows
/// another by one (years; months; weeks from WKST; days; hours; minutes; seconds). A YEARLY rule
/// with BYWEEKNO has week-numbering years as its periods (RFC 5545 3.3.10: its weeks may start
/// in the December before).
package struct PeriodClock {
  let frequency: RecurrenceFrequency
  /// The weeks of WEEKLY periods and of BYWEEKNO.
  let numbering: WeekNumbering
  /// Whether YEARLY periods are week-numbering years.
  let weekYears: Bool

  /// Seconds in one sub-daily period (1 for SECONDLY, 60, 3 600); 0 for a day or longer.
  var unit: Int64 {
    switch frequency {
    case .secondly: 1
    case .minutely: 60
    case .hourly: 3_600
    default: 0
    }
  }

  /// The number of the period holding the wall time `wall` (seconds of its fields read as UTC).
  func period(of wall: Int64) -> Int {
    let unit = unit
    if unit > 0 { return Int(PeriodClock.floorDivide(wall, unit)) }
    let ordinal = Int(PeriodClock.floorDivide(wall, 86_400))
    switch frequency {
    case .yearly:
      return weekYears ? numbering.weekYear(of: ordinal) : Day(ordinal: ordinal).components.year
    case .monthly:
      let (year, month, _) = Day(ordinal: ordinal).components
      return year * 12 + month - 1
    case .weekly:
      return Int(PeriodClock.floorDivide(Int64(numbering.weekStartDay(of: ordinal)), 7))
    default:
      return ordinal
    }
  }

  /// The first and last day (ordinals) of period `period`.
  func days(of period: Int) -> ClosedRange<Int> {
    switch frequency {
    case .yearly:
      if weekYears {
        return numbering.firstWeekStart(
          ofYear: period)...(numbering.firstWeekStart(ofYear: period + 1) - 1)
      }
      return Day.daysSinceEpoch(
        year: period, month: 1, day: 1)...(Day.daysSinceEpoch(year: period + 1, month: 1, day: 1)
        - 1)
    case .monthly:
      let year = Int(PeriodClock.floorDivide(Int64(period), 12))
      let month = period - year * 12 + 1
      let first = Day.daysSinceEpoch(year: year, month: month, day: 1)
      return first...(first + Day.daysIn(year: year, month: month) - 1)
    case .weekly:
      let first = numbering.weekStartDay(of: period * 7 + 6)
      return first...(first + 6)
    case .daily:
      return period...period
    default:
      let day = Int(PeriodClock.floorDivide(Int64(period) * unit, 86_400))
      return day...day
    }
  }

  /// The first wall second of period `period`.
  func start(of period: Int) -> Int64 {
    let unit = unit
    if unit > 0 { return Int64(period) * unit }
    return Int64(days(of: period).lowerBound) * 86_400
  }

  /// `value` divided by `divisor` (positive), rounded down.
  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
