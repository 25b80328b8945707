/// What libical's iterator does while it expands a rule in a window, counted in FREQ periods:
/// each `next` call advances through the periods between two instances (all of them when BY
/// parts only *limit* FREQ), and each period costs it about 2.5 µs of calendar arithmetic.
///
/// A rule whose BY parts limit its FREQ (RFC 5545 3.3.10: BYMONTH, BYMONTHDAY, BYYEARDAY or
/// BYDAY on a DAILY or shorter rule; BYHOUR, BYMINUTE or BYSECOND on a shorter one; BYMONTH on a
/// WEEKLY or MONTHLY one) is searched period by period: `FREQ=HOURLY;BYMONTH=2` from August
/// looks at some 4,400 hours in one call, `FREQ=SECONDLY;BYMINUTE=5` at 3,540 seconds between
/// hours. The expansion can only stop between calls. So each walk is charged as it goes (the
/// periods from the last instance to this one, at least one per call) and may make another call
/// only while the event's step cap and the feed's step room hold the longest search one call
/// can make (``longestGap(of:)``). The charge depends on the rule and the window alone, never on
/// the machine.
enum RuleSearch {
  /// The longest a rule's instances can lie apart because of the BY parts that limit its FREQ,
  /// in seconds; 0 when none does (its periods follow each other).
  static func longestGap(of rule: RecurrenceRule) -> Int64 {
    guard let frequency = rule.frequency else { return 0 }
    let day: Int64 = 86_400
    // A day of the month or the year that exists only in some years (29 February, day 366,
    // week 53, or BYMONTH and BYMONTHDAY together) may be eight years away; on a given weekday
    // too (29 February on a Friday), 40 years (2092 to 2132: 2100 is no leap year).
    let rareDays = (rule.byDay.isEmpty ? 8 : 40) * 366 * day
    let dayParts = [rule.byMonthDay, rule.byYearDay, rule.byWeekNumber].filter { !$0.isEmpty }
    switch frequency {
    case .yearly:
      return 0
    case .weekly, .monthly:
      guard !rule.byMonth.isEmpty else { return 0 }
      return dayParts.isEmpty ? 366 * day : rareDays
    case .daily, .hourly, .minutely, .secondly:
      if !dayParts.isEmpty {
        let commonDays =
          dayParts.count == 1 && rule.byMonth.isEmpty && rule.byWeekNumber.isEmpty
          && rule.byMonthDay.allSatisfy({ abs($0) <= 28 })
          && rule.byYearDay.allSatisfy({ abs($0) <= 365 })
        return commonDays ? 366 * day : rareDays
      }
      if !rule.byMonth.isEmpty { return 366 * day }
      if !rule.byDay.isEmpty { return 7 * day }
      if frequency == .daily { return 0 }
      if !rule.byHour.isEmpty { return day }
      if frequency == .hourly { return 0 }
      if !rule.byMinute.isEmpty { return 3_600 }
      if frequency == .minutely { return 0 }
      return rule.bySecond.isEmpty ? 0 : 60
    }
  }

  /// The shortest length of one FREQ×INTERVAL period, in seconds (a DST hour less for days and
  /// longer): the one table ``SeriesExpander/candidates(of:over:)`` and ``Charge`` count in.
  static func period(of rule: RecurrenceRule) -> Int64 {
    let interval = Int64(max(1, rule.interval))
    let length: Int64
    switch rule.frequency {
    case .secondly: length = 1
    case .minutely: length = 60
    case .hourly: length = 3_600
    case .daily: length = 82_800
    case .weekly: length = 601_200
    case .monthly: length = 28 * 86_400 - 3_600
    case .yearly, nil: length = 365 * 86_400 - 3_600
    }
    return length * interval
  }

  /// The steps a walk from DTSTART takes over `elapsed` seconds before the window: every
  /// FREQ×INTERVAL period it passes costs ``periodCost(of:)`` and every instance it looks at
  /// one more (``likelyInstancesPerPeriod(of:)``), saturating at `Int64.max`.
  ///
  /// An estimate of work, not a bound of instances (``SeriesExpander/candidates(of:over:)`` is
  /// that): a yearly birthday with COUNT and BYMONTH/BYMONTHDAY costs libical one year's
  /// expansion a year, some 2.6 steps (9 charged), not the 366 candidate days a year's bound
  /// allows.
  static func walkSteps(of rule: RecurrenceRule, over elapsed: Int64) -> Int64 {
    perPeriod(periodCost(of: rule) + likelyInstancesPerPeriod(of: rule), of: rule, over: elapsed)
  }

  /// `count` for each FREQ×INTERVAL period of `rule` that `elapsed` seconds may span (two more
  /// for the partial ones at either end), saturating at `Int64.max`; `Int64.max` for a rule
  /// without FREQ.
  static func perPeriod(_ count: Int, of rule: RecurrenceRule, over elapsed: Int64) -> Int64 {
    guard rule.frequency != nil else { return Int64.max }
    let periods = max(0, elapsed) / period(of: rule) + 2
    let (product, overflow) = periods.multipliedReportingOverflow(by: Int64(count))
    return overflow ? Int64.max : product
  }

  /// What working out one period's days costs libical beyond the instances it yields, in steps
  /// (a step is a DAILY instance, 2.4 µs here). A MONTHLY or YEARLY period is expanded at once:
  /// a month measured 1.4–2.9 steps for plain, BYDAY, BYMONTHDAY and BYSETPOS rules (3
  /// allowed), a year 1.6–4.3 (5 allowed) and, with BYMONTH, up to 2.7 more for each month
  /// named (3 allowed). A shorter period is its instances' steps alone.
  static func periodCost(of rule: RecurrenceRule) -> Int {
    switch rule.frequency {
    case .yearly: 5 + 3 * rule.byMonth.count
    case .monthly: 3
    default: 0
    }
  }

  /// The instances one FREQ period of `rule` holds as RFC 5545 3.3.10 expands its BY parts
  /// (BYYEARDAY, BYWEEKNO, BYMONTHDAY and BYDAY name the days, BYMONTH the months; a weekday
  /// falls at most 5 times in a month and 53 in a year, a weekday with a position once), at
  /// most a period's days, times the BY parts finer than FREQ
  /// (``SeriesExpander/instancesPerPeriod(of:)``).
  static func likelyInstancesPerPeriod(of rule: RecurrenceRule) -> Int {
    guard let frequency = rule.frequency, rule.hasByParts else { return 1 }
    let months = rule.byMonth.isEmpty ? 12 : rule.byMonth.count
    let days: Int
    switch frequency {
    case .yearly:
      if !rule.byYearDay.isEmpty {
        days = rule.byYearDay.count
      } else if !rule.byWeekNumber.isEmpty {
        days = rule.byWeekNumber.count * 7
      } else if !rule.byMonthDay.isEmpty {
        days = months * rule.byMonthDay.count
      } else if !rule.byDay.isEmpty {
        days =
          rule.byMonth.isEmpty
          ? weekdayDays(of: rule, perWeekday: 53) : months * weekdayDays(of: rule, perWeekday: 5)
      } else {
        days = rule.byMonth.isEmpty ? 1 : months
      }
    case .monthly:
      if !rule.byYearDay.isEmpty || !rule.byWeekNumber.isEmpty {
        days = frequency.mostDaysPerPeriod
      } else if !rule.byMonthDay.isEmpty {
        days = rule.byMonthDay.count
      } else {
        days = rule.byDay.isEmpty ? 1 : weekdayDays(of: rule, perWeekday: 5)
      }
    case .weekly:
      days = rule.byDay.isEmpty ? frequency.mostDaysPerPeriod : rule.byDay.count
    case .daily, .hourly, .minutely, .secondly:
      days = 1
    }
    let periodDays = min(days, frequency.mostDaysPerPeriod)
    let (product, overflow) = periodDays.multipliedReportingOverflow(
      by: SeriesExpander.timesPerDay(of: rule))
    return overflow ? Int.max / 2 : product
  }

  /// The days BYDAY names in a month or a year: one for a weekday with a position (`2TU`,
  /// `-1FR`), `perWeekday` for a weekday without.
  private static func weekdayDays(of rule: RecurrenceRule, perWeekday: Int) -> Int {
    rule.byDay.reduce(0) { days, value in
      days + (RecurrenceRule.weekday(value).position == 0 ? perWeekday : 1)
    }
  }

  /// The steps one walk has spent, and whether it may make another call of the iterator.
  struct Charge {
    /// The steps spent so far: the walk's estimate before the window, then the periods passed.
    private(set) var spent: Int64
    /// Where the walk is: the key of the last instance charged.
    private var position: Int64
    /// The seconds of one FREQ×INTERVAL period.
    private let period: Int64
    /// The most periods one call may pass.
    private let longestCall: Int64
    /// The event's step cap and what is left of the feed's step budget.
    private let cap: Int64
    private let room: Int64
    /// Whether the last refusal was the feed's budget's (else the event's cap).
    private(set) var byRoom = false

    /// A walk of `rule` that has spent `spent` steps before the window and is charged from
    /// `from` (a key) on.
    init(rule: RecurrenceRule, spent: Int64, from: Int64, cap: Int64, room: Int64) {
      self.spent = spent
      position = from
      period = RuleSearch.period(of: rule)
      longestCall = RuleSearch.longestGap(of: rule) / period + 1
      self.cap = cap
      self.room = room
    }

    /// Charges the periods from the last instance to the one at `key` (one at least); nothing
    /// before the start of the charge.
    mutating func spend(upTo key: Int64) {
      guard key >= position else { return }
      let periods = max(1, (key - position) / period)
      let (sum, overflow) = spent.addingReportingOverflow(periods)
      spent = overflow ? Int64.max : sum
      position = key
    }

    /// Whether the next call, searching as far as it may, stays within the cap and the room.
    mutating func mayCall() -> Bool {
      let (next, overflow) = spent.addingReportingOverflow(longestCall)
      if overflow || next > cap {
        byRoom = false
        return false
      }
      if next > room {
        byRoom = true
        return false
      }
      return true
    }
  }
}
