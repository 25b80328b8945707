import ICalBridge
import LaneLayout

extension RuleExpander {
  /// The expander of `rule` (its BY lists already sets) from DTSTART `start`, both read on the
  /// wall clock (their zones are ignored; UNTIL must already be a wall time of DTSTART's zone).
  /// Nil for a rule without FREQ or with RSCALE, which libical's iterator expands.
  init?(_ rule: RecurrenceRule, start: WallTime) {
    guard var frequency = rule.frequency, rule.rscale == nil, let startDay = start.dayValue
    else { return nil }
    if RuleExpander.isWeekdaysEveryDay(rule) {
      // Every day that is one of the BYDAY weekdays is every week on them (3.3.10: BYDAY
      // limits DAILY), and a week holds a fixed number of them: COUNT is counted by weeks.
      frequency = .weekly
    }
    let weekStart = (1...7).contains(rule.weekStart) ? rule.weekStart : 2
    let days = RuleExpander.dayParts(
      of: rule, frequency: frequency, start: startDay, weekStart: weekStart)
    let clock = PeriodClock(
      frequency: frequency, numbering: WeekNumbering(weekStart: weekStart),
      weekYears: frequency == .yearly && !rule.byWeekNumber.isEmpty)
    let fine = RuleExpander.timeParts(of: rule, frequency: frequency, start: start)
    let set = PeriodSet(
      clock: clock, days: days, offsets: fine.offsets, hours: fine.hours, minutes: fine.minutes,
      seconds: fine.seconds, positions: rule.bySetPosition.map(Int.init))
    var until: Int64?
    if !rule.until.isNull, let untilDay = rule.until.dayValue {
      let midnight = Int64(untilDay.ordinal) * 86_400
      until = rule.until.isDate ? midnight + (start.isDate ? 0 : 86_399) : rule.until.fieldSeconds
    }
    let startMark =
      start.isDate && frequency.rawValue >= RecurrenceFrequency.daily.rawValue
      ? start.fieldSeconds + (fine.offsets.first ?? 0) : start.fieldSeconds
    self.init(
      set: set, interval: Int(max(1, rule.interval)), start: start.fieldSeconds,
      startMark: startMark,
      count: Int(max(0, rule.count)), until: until, fixedSize: RuleExpander.fixedSize(of: set))
  }

  /// Whether `rule` is DAILY without INTERVAL or BYSETPOS, and BYDAY weekdays are its only day
  /// part.
  private static func isWeekdaysEveryDay(_ rule: RecurrenceRule) -> Bool {
    rule.frequency == .daily && rule.interval <= 1 && rule.bySetPosition.isEmpty
      && !rule.byDay.isEmpty && rule.byMonth.isEmpty && rule.byMonthDay.isEmpty
      && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty
  }

  /// The day parts of `rule`, with what DTSTART gives where the rule names no day (3.3.10:
  /// its month and day of the month for YEARLY, its day for MONTHLY, its weekday for WEEKLY
  /// and for the weeks of BYWEEKNO).
  private static func dayParts(
    of rule: RecurrenceRule, frequency: RecurrenceFrequency, start: Day, weekStart: Int
  ) -> DayParts {
    var days = DayParts()
    days.numbering = WeekNumbering(weekStart: weekStart)
    for month in rule.byMonth where (1...12).contains(month) { days.months |= 1 << UInt16(month) }
    for day in rule.byMonthDay where day != 0 && abs(day) <= 31 {
      days.monthDays |= 1 << UInt64(day > 0 ? Int(day) : 32 - Int(day))
    }
    days.yearDays = rule.byYearDay.map(Int.init)
    days.weeks = frequency == .yearly ? rule.byWeekNumber.map(Int.init) : []
    let positionsCount = frequency == .monthly || frequency == .yearly
    for value in rule.byDay {
      let (weekday, position) = RecurrenceRule.weekday(value)
      guard (1...7).contains(weekday) else { continue }
      if position == 0 || !positionsCount {
        days.weekdays |= 1 << UInt8(weekday)
      } else {
        days.positioned.append((weekday, position))
      }
    }
    days.positionsInYear = frequency == .yearly && rule.byMonth.isEmpty
    let (_, month, day) = start.components
    let namesNoDay = rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty
    switch frequency {
    case .yearly where namesNoDay && days.weeks.isEmpty:
      if days.months == 0 { days.months = 1 << UInt16(month) }
      days.monthDays = 1 << UInt64(day)
    case .yearly where namesNoDay:
      days.weekdays = 1 << UInt8(LibicalWeekday.of(start.ordinal))
    case .monthly where namesNoDay:
      days.monthDays = 1 << UInt64(day)
    case .weekly where rule.byDay.isEmpty:
      days.weekdays = 1 << UInt8(LibicalWeekday.of(start.ordinal))
    default:
      break
    }
    return days
  }
}

extension WallTime {
  /// The floating time (or date) whose fields read as UTC are `wall` seconds since 1970.
  init(wallSeconds wall: Int64, isDate: Bool) {
    let ordinal = PeriodClock.floorDivide(wall, 86_400)
    let second = wall - ordinal * 86_400
    let (year, month, day) = Day(ordinal: Int(ordinal)).components
    self.init(
      year: Int32(year), month: Int32(month), day: Int32(day),
      hour: isDate ? 0 : Int32(second / 3_600), minute: isDate ? 0 : Int32(second / 60 % 60),
      second: isDate ? 0 : Int32(second % 60), isDate: isDate)
  }
}
