import LaneLayout

/// FREQ of an RRULE, in libical's order: the byte scan (``RuleFacts``) and the door
/// (``RecurrenceRule``) read it into this one type.
public enum RecurrenceFrequency: UInt32, Sendable {
  /// FREQ=SECONDLY.
  case secondly
  /// FREQ=MINUTELY.
  case minutely
  /// FREQ=HOURLY.
  case hourly
  /// FREQ=DAILY.
  case daily
  /// FREQ=WEEKLY.
  case weekly
  /// FREQ=MONTHLY.
  case monthly
  /// FREQ=YEARLY.
  case yearly

  /// The most days one period holds (366 in a year, 31 in a month, 7 in a week; 1 for the
  /// periods of a day or less): the day factor of an instances-per-period bound.
  @inlinable public var mostDaysPerPeriod: Int {
    switch self {
    case .yearly: 366
    case .monthly: 31
    case .weekly: 7
    case .daily, .hourly, .minutely, .secondly: 1
    }
  }
}

/// The most instances one FREQ period of an RRULE may hold to be expanded: the byte scan
/// (``RuleFacts``) and the door (`RuleDensity`) both hold rules to this one bound.
package enum RuleDensityLimit {
  /// The most instances per FREQ period a rule may have to be expanded.
  package static let instancesPerPeriod = 1_000_000
}

/// How far a COUNT rule without BY parts reaches: the one owner of that bound, asked by the
/// byte scan's pre-filter (``RuleFacts``) and by a loaded series' reach (`EventRecord.reach`).
package enum RuleReach {
  /// The last day an instance of a COUNT rule can start on when every period of its FREQ
  /// (DAILY or coarser) holds at least one instance, from DTSTART's day `start`; nil for finer
  /// FREQs or past ``yearsCap``. The proof is ``RuleFacts``' (`countBound`): by the end of period
  /// COUNT·INTERVAL at least COUNT instances have come, and a period is at most 1 day (+1 hour
  /// of a DST change, covered by the extra day), 7, 31 or 366 days.
  package static func everyPeriodBound(
    _ frequency: RecurrenceFrequency, count: Int, interval: Int, from start: Day
  ) -> Day? {
    guard frequency.rawValue >= RecurrenceFrequency.daily.rawValue else { return nil }
    let (periods, overflow1) = count.multipliedReportingOverflow(by: interval)
    let (days, overflow2) = (periods + 1).multipliedReportingOverflow(
      by: frequency.mostDaysPerPeriod)
    guard !overflow1, !overflow2, days < yearsCap * 366 else { return nil }
    return start.adding(days: days + 1)
  }

  /// Rules whose instances would span this many years or more are left unbounded: far past
  /// libical's years, and the products stay far inside `Int`.
  static let yearsCap = 3_000

  /// The last day an instance of a COUNT rule without BY parts can start on, from DTSTART's day
  /// `start` (in the month `startMonth`, on day `startDayOfMonth`); nil when its instances span
  /// ``yearsCap`` years or more.
  ///
  /// Each step of FREQ×INTERVAL is taken at its longest: a DST change adds an hour to a day or a
  /// week; days 29–31 are skipped in shorter months, so a MONTHLY rule may step two months;
  /// 29 February, so a YEARLY rule may step eight years (1896 → 1904).
  package static func lastStartDay(
    from start: Day, count: Int, interval: Int, frequency: RecurrenceFrequency, startMonth: Int,
    startDayOfMonth: Int
  ) -> Day? {
    let periodSeconds: Int
    switch frequency {
    case .secondly: periodSeconds = 1
    case .minutely: periodSeconds = 60
    case .hourly: periodSeconds = 3_600
    case .daily: periodSeconds = 86_400 + 3_600
    case .weekly: periodSeconds = 7 * 86_400 + 3_600
    case .monthly: periodSeconds = 62 * 86_400
    case .yearly:
      periodSeconds = (startMonth == 2 && startDayOfMonth == 29 ? 8 * 366 : 366) * 86_400
    }
    let (steps, overflow1) = (count - 1).multipliedReportingOverflow(by: interval)
    let (total, overflow2) = steps.multipliedReportingOverflow(by: periodSeconds)
    guard !overflow1, !overflow2, total < yearsCap * 366 * 86_400 else { return nil }
    return start.adding(days: (total + 86_399) / 86_400 + 1)
  }
}
