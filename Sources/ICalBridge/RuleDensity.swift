import CLibical

/// How many instances an RRULE can give in one period of its FREQ: an upper bound that only
/// grows with the BY parts that add instances (times of day finer than FREQ).
///
/// libical walks a period's instances one by one, also when it jumps to a window: a YEARLY rule
/// with BYHOUR, BYMINUTE and BYSECOND lists holds 31 million instances a year, and a single step
/// into such a year takes libical seconds. Rules denser than ``limit`` are not expanded.
package enum RuleDensity {
  /// The most instances per FREQ period a rule may have to be expanded (the vocabulary's
  /// ``RuleDensityLimit``, which the byte scan reads too).
  static let limit = RuleDensityLimit.instancesPerPeriod

  /// An upper bound of the instances one FREQ period of `rule` holds.
  static func instancesPerPeriod(_ rule: icalrecurrencetype) -> Int {
    let days: Int
    switch rule.freq {
    case ICAL_YEARLY_RECURRENCE: days = 366
    case ICAL_MONTHLY_RECURRENCE: days = 31
    case ICAL_WEEKLY_RECURRENCE: days = 7
    default: days = 1
    }
    return days * timesPerDay(rule)
  }

  /// The instances BYHOUR, BYMINUTE and BYSECOND add to each day of a period: only the parts
  /// finer than FREQ add any.
  static func timesPerDay(_ rule: icalrecurrencetype) -> Int {
    var times = 1
    if rule.freq.rawValue > ICAL_HOURLY_RECURRENCE.rawValue {
      times *= max(1, count(rule.by_hour))
    }
    if rule.freq.rawValue > ICAL_MINUTELY_RECURRENCE.rawValue {
      times *= max(1, count(rule.by_minute))
    }
    if rule.freq.rawValue > ICAL_SECONDLY_RECURRENCE.rawValue {
      times *= max(1, count(rule.by_second))
    }
    return times
  }

  /// The entries of one of libical's BY arrays (ended by `ICAL_RECURRENCE_ARRAY_MAX`).
  static func count<T>(_ array: T) -> Int {
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    return withUnsafeBytes(of: array) { raw in
      let values = raw.bindMemory(to: Int16.self)
      return values.firstIndex(of: end) ?? values.count
    }
  }
}
