import CLibical

/// The ranges RFC 5545 3.3.10 gives each BY part, checked before a rule reaches libical's
/// iterator: libical 3.0.16 does not check them all itself and reads outside its arrays on some
/// (`FREQ=YEARLY;BYWEEKNO=-53` from a year with 52 weeks crashes it).
///
/// Also the rules libical would search without end or second by second: one `next` call of its
/// iterator walks every period of FREQ (every hour of `FREQ=HOURLY`) until the BY parts match,
/// with no bound but its last year. BY parts that name no day of any year (`BYMONTH=4;
/// BYMONTHDAY=31`) never match, so that call took 10 to over 60 s, past the expansion's time
/// budget (which is checked between calls); `FREQ=MINUTELY` or `SECONDLY` limited to some
/// days of the year (`BYMONTH`, `BYMONTHDAY`, `BYYEARDAY`, `BYWEEKNO`) walks months of
/// minutes or seconds between them (4 to 8 s per call).
package enum RuleLimits {
  /// Why `rule` cannot be handed to libical (a BY value out of range, a day that does not
  /// exist, a search second by second), or nil when it can.
  ///
  /// `startIsDate`: DTSTART is a DATE. Sub-daily rules with BYHOUR, BYMINUTE or BYSECOND
  /// (parts RFC 5545 3.3.10 forbids with a DATE start) then never match in libical 3.0.16,
  /// which searches each `next` call up to its last year (`FREQ=SECONDLY;BYSECOND=5` from a
  /// DATE took over 8 s for one event).
  static func problem(of rule: icalrecurrencetype, startIsDate: Bool = false) -> String? {
    if let bad = outOfRange(rule.by_second, 0...60) { return "BYSECOND=\(bad), out of its range" }
    if let bad = outOfRange(rule.by_minute, 0...59) { return "BYMINUTE=\(bad), out of its range" }
    if let bad = outOfRange(rule.by_hour, 0...23) { return "BYHOUR=\(bad), out of its range" }
    if let bad = outOfRange(rule.by_month_day, -31...31, zeroAllowed: false) {
      return "BYMONTHDAY=\(bad), out of its range"
    }
    if let bad = outOfRange(rule.by_year_day, -366...366, zeroAllowed: false) {
      return "BYYEARDAY=\(bad), out of its range"
    }
    // Week −53 exists only in years with 53 weeks; libical 3.0.16 turns it into week 0 of the
    // others and reads before its array. Positive 53 it skips in short years. Rules counted out
    // in Swift (`RecurrenceRule.countsWeeksOfYear`) never reach its iterator and may name it.
    if let bad = outOfRange(rule.by_week_no, -52...53, zeroAllowed: false),
      bad != -53 || !RecurrenceRule(rule, zone: { _ in nil }).countsWeeksOfYear
    {
      // Name a value past ±53 first, when there is one.
      let worst = outOfRange(rule.by_week_no, -53...53, zeroAllowed: false) ?? bad
      return "BYWEEKNO=\(worst), out of its range"
    }
    if rule.rscale == nil, let bad = outOfRange(rule.by_month, 1...12) {
      return "BYMONTH=\(bad), out of its range"
    }
    if let bad = outOfRange(rule.by_set_pos, -366...366, zeroAllowed: false) {
      return "BYSETPOS=\(bad), out of its range"
    }
    if rule.interval < 0 { return "INTERVAL=\(rule.interval), out of its range" }
    if rule.count < 0 { return "COUNT=\(rule.count), out of its range" }
    if startIsDate, let part = timePartOfSubDaily(rule) {
      return "\(part) with a DATE DTSTART, which RFC 5545 forbids and libical searches at length"
    }
    guard rule.rscale == nil else { return nil }
    if let parts = noSuchDay(rule) { return "\(parts): no day of any year has them all" }
    if let (positions, most) = positionsBeyondSet(rule) {
      return
        "BYSETPOS=\(positions), but one FREQ period holds at most \(most) instance(s): the rule has none"
    }
    if rule.freq == ICAL_SECONDLY_RECURRENCE || rule.freq == ICAL_MINUTELY_RECURRENCE,
      let part = dayPart(of: rule)
    {
      let (unit, step) =
        rule.freq == ICAL_SECONDLY_RECURRENCE ? ("SECONDLY", "second") : ("MINUTELY", "minute")
      return "FREQ=\(unit) limited by \(part): libical would search \(step) by \(step)"
    }
    return nil
  }

  /// The rule's BYMONTH, BYMONTHDAY and BYYEARDAY values (as written) when together they name
  /// no day of a common or a leap year (so none of any year), else nil.
  static func noSuchDay(_ rule: icalrecurrencetype) -> String? {
    let months = values(rule.by_month)
    let monthDays = values(rule.by_month_day)
    let yearDays = values(rule.by_year_day)
    // BYMONTH alone always names days; BYMONTHDAY or BYYEARDAY alone too (in range).
    guard !monthDays.isEmpty || !yearDays.isEmpty,
      [months, monthDays, yearDays].filter({ !$0.isEmpty }).count >= 2
    else { return nil }
    for leap in [false, true] {
      let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      let yearLength = leap ? 366 : 365
      var yearDay = 0
      for (index, length) in lengths.enumerated() {
        guard months.isEmpty || months.contains(index + 1) else {
          yearDay += length
          continue
        }
        for day in 1...length {
          yearDay += 1
          if !monthDays.isEmpty, !monthDays.contains(day), !monthDays.contains(day - length - 1) {
            continue
          }
          if !yearDays.isEmpty, !yearDays.contains(yearDay),
            !yearDays.contains(yearDay - yearLength - 1)
          {
            continue
          }
          return nil
        }
      }
    }
    var parts: [String] = []
    if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
    if !monthDays.isEmpty {
      parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
    }
    if !yearDays.isEmpty {
      parts.append("BYYEARDAY=" + yearDays.map(String.init).joined(separator: ","))
    }
    return parts.joined(separator: ";")
  }

  /// The BYSETPOS values (as written) and an upper bound of the instances one FREQ period
  /// holds, when every position lies beyond it (`FREQ=MONTHLY;BYSETPOS=3` picks the third of
  /// one day a month; `BYDAY=TH;BYSETPOS=6` the sixth Thursday), else nil. libical 3.0.16
  /// searches such a rule to its last year before it gives up: half a second per event.
  static func positionsBeyondSet(_ rule: icalrecurrencetype) -> (String, Int)? {
    let positions = values(rule.by_set_pos)
    guard !positions.isEmpty else { return nil }
    let most = mostInstancesPerPeriod(rule)
    guard positions.allSatisfy({ abs($0) > most }) else { return nil }
    return (positions.map(String.init).joined(separator: ","), most)
  }

  /// An upper bound of the instances one FREQ period of `rule` holds, tight for the day parts
  /// (a weekday falls at most five times in a month, 53 in a year; an ordinal one once), times
  /// the times of day ``RuleDensity`` counts.
  static func mostInstancesPerPeriod(_ rule: icalrecurrencetype) -> Int {
    let months = values(rule.by_month)
    let monthDays = values(rule.by_month_day)
    let yearDays = values(rule.by_year_day)
    let weeks = values(rule.by_week_no)
    let weekdays = values(rule.by_day)
    // libical writes BYDAY as weekday + 8 × position: a position makes it one day.
    let ordinal = weekdays.filter { abs($0) >= 8 }.count
    let plain = weekdays.count - ordinal
    var days: Int
    switch rule.freq {
    case ICAL_YEARLY_RECURRENCE:
      let monthCount = months.isEmpty ? 12 : months.count
      if !yearDays.isEmpty {
        days = yearDays.count
      } else if !monthDays.isEmpty {
        days = monthDays.count * monthCount
      } else if !weeks.isEmpty {
        days = weeks.count * max(1, weekdays.count == 0 ? 7 : weekdays.count)
      } else if !weekdays.isEmpty {
        days = months.isEmpty ? plain * 53 + ordinal : (plain * 5 + ordinal) * monthCount
      } else {
        days = months.isEmpty ? 1 : monthCount
      }
    case ICAL_MONTHLY_RECURRENCE:
      if !monthDays.isEmpty {
        days = monthDays.count
      } else if !weekdays.isEmpty {
        days = plain * 5 + ordinal
      } else {
        days = 1
      }
    case ICAL_WEEKLY_RECURRENCE:
      days = max(1, weekdays.count)
    default:
      days = 1
    }
    return max(1, days) * RuleDensity.timesPerDay(rule)
  }

  /// The first BY part of `rule` that limits it to some days of the year (BYMONTH, BYMONTHDAY,
  /// BYYEARDAY or BYWEEKNO), or nil.
  static func dayPart(of rule: icalrecurrencetype) -> String? {
    if !values(rule.by_month).isEmpty { return "BYMONTH" }
    if !values(rule.by_month_day).isEmpty { return "BYMONTHDAY" }
    if !values(rule.by_year_day).isEmpty { return "BYYEARDAY" }
    if !values(rule.by_week_no).isEmpty { return "BYWEEKNO" }
    return nil
  }

  /// `FREQ=…` and the first time part (BYHOUR, BYMINUTE, BYSECOND) of a sub-daily rule, or nil.
  static func timePartOfSubDaily(_ rule: icalrecurrencetype) -> String? {
    let unit: String
    switch rule.freq {
    case ICAL_SECONDLY_RECURRENCE: unit = "SECONDLY"
    case ICAL_MINUTELY_RECURRENCE: unit = "MINUTELY"
    case ICAL_HOURLY_RECURRENCE: unit = "HOURLY"
    default: return nil
    }
    if !values(rule.by_hour).isEmpty { return "FREQ=\(unit);BYHOUR" }
    if !values(rule.by_minute).isEmpty { return "FREQ=\(unit);BYMINUTE" }
    if !values(rule.by_second).isEmpty { return "FREQ=\(unit);BYSECOND" }
    return nil
  }

  /// Whether libical 3.0.16's `icalrecur_iterator_new` surely accepts `rule` from `start`, so
  /// that the parser need not set an iterator up to find out (each costs two ICU calendars,
  /// about half of what a short series costs). False means: ask the iterator.
  ///
  /// Sure for a rule without RSCALE whose FREQ is daily or shorter, or weekly with an INTERVAL
  /// that cannot carry its first instance past libical's last year (2582), whose BY parts are
  /// all legal for its FREQ (libical refuses BYWEEKNO below YEARLY, BYYEARDAY with DAILY,
  /// WEEKLY or MONTHLY, and BYMONTHDAY with WEEKLY), from a DTSTART that passes libical's
  /// own check (a real date in years 0 to 2582, a time of 00:00:00 to 23:59:59). Setting such
  /// an iterator up only computes its first instance, which for these FREQs is DTSTART moved by
  /// less than INTERVAL periods (a week at most for BYDAY): it cannot fail.
  ///
  /// Sure too for the monthly and yearly rules whose days surely fall in DTSTART's own month
  /// or year (``daysSurelyInFirstPeriod(_:from:)``). For those FREQs the iterator's setup
  /// expands DTSTART's period first, whatever INTERVAL, and fails only when no period up to
  /// the year 20000 holds a day of the rule (then its first instance lies past 2582).
  static func surelyAccepted(_ rule: icalrecurrencetype, from start: icaltimetype) -> Bool {
    let lastYear: Int32 = 2582
    guard rule.rscale == nil, (0...lastYear).contains(start.year), (1...12).contains(start.month),
      start.day >= 1, start.day <= icaltime_days_in_month(start.month, start.year),
      (0...1).contains(start.is_date),
      start.is_date == 1
        || ((0...23).contains(start.hour) && (0...59).contains(start.minute)
          && (0...59).contains(start.second)),
      values(rule.by_week_no).isEmpty
    else { return false }
    switch rule.freq {
    case ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE:
      return true
    case ICAL_DAILY_RECURRENCE:
      return values(rule.by_year_day).isEmpty
    case ICAL_WEEKLY_RECURRENCE:
      let weeks = Int32(max(1, rule.interval)) + 1
      return values(rule.by_year_day).isEmpty && values(rule.by_month_day).isEmpty
        && start.year + weeks * 7 / 365 + 1 <= lastYear
    case ICAL_MONTHLY_RECURRENCE, ICAL_YEARLY_RECURRENCE:
      return daysSurelyInFirstPeriod(rule, from: start)
    default:
      return false
    }
  }

  /// Whether a monthly or yearly `rule` (without RSCALE, BYWEEKNO or BYYEARDAY) surely names a
  /// day of DTSTART's month (monthly) or year (yearly), as libical 3.0.16 expands that period
  /// when it sets its iterator up: its days are DTSTART's day of the month when the rule names
  /// none (in each BYMONTH month of a yearly rule, else in DTSTART's month), each BYMONTHDAY,
  /// or each BYDAY (a weekday, or its nth or nth-last in the month, or in the year for a
  /// yearly rule without BYMONTH); a monthly BYMONTH only filters later instances.
  ///
  /// Sure when one of those months has one of the days (the 30th in October, not 29 February
  /// of a common year), or when the BYDAY positions are within ±4 in a month and ±52 in a
  /// year. Not sure with BYMONTHDAY and BYDAY together (their days may never meet),
  /// or with a BYSETPOS, unless the rule is monthly on BYDAY and each position is within the
  /// days every month surely holds: four of each plain weekday, else one.
  static func daysSurelyInFirstPeriod(_ rule: icalrecurrencetype, from start: icaltimetype)
    -> Bool
  {
    guard rule.skip == ICAL_SKIP_OMIT, values(rule.by_year_day).isEmpty,
      values(rule.by_week_no).isEmpty
    else { return false }
    let monthly = rule.freq == ICAL_MONTHLY_RECURRENCE
    let months = values(rule.by_month)
    let monthDays = values(rule.by_month_day)
    // libical writes BYDAY as weekday + 8 × position (negative for nth-last).
    let days = values(rule.by_day)
    let positions = days.map { abs($0) / 8 }
    var surelyHeld = 1
    if !days.isEmpty {
      guard monthDays.isEmpty else { return false }
      let most = monthly || !months.isEmpty ? 4 : 52
      guard positions.allSatisfy({ $0 <= most }) else { return false }
      let plainWeekdays = Set(zip(days, positions).filter { $0.1 == 0 }.map { $0.0 })
      surelyHeld = max(1, 4 * plainWeekdays.count)
    } else {
      // The first period's days: its month (monthly), or its BYMONTH months (yearly).
      let firstMonths = monthly || months.isEmpty ? [Int(start.month)] : months
      let wanted = monthDays.isEmpty ? [Int(start.day)] : monthDays
      guard
        firstMonths.contains(where: { month in
          let length = Int(icaltime_days_in_month(Int32(month), start.year))
          return wanted.contains { abs($0) <= length }
        })
      else { return false }
    }
    // libical counts a BYMONTHDAY set by its values, not its days (BYMONTHDAY=1,1 holds two),
    // so BYSETPOS=-1 can miss every month: BYSETPOS only with BYDAY, whose days it counts.
    let setPositions = values(rule.by_set_pos)
    guard setPositions.isEmpty || (monthly && !days.isEmpty) else { return false }
    return setPositions.allSatisfy { $0 != 0 && abs($0) <= surelyHeld }
  }

  /// The values of one of libical's BY arrays (ended by `ICAL_RECURRENCE_ARRAY_MAX`).
  static func values<T>(_ tuple: T) -> [Int] {
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    return withUnsafeBytes(of: tuple) { raw in
      Array(raw.bindMemory(to: Int16.self).prefix { $0 != end }.map(Int.init))
    }
  }

  /// The first value of a BY array (ended by `ICAL_RECURRENCE_ARRAY_MAX`) outside `range`.
  private static func outOfRange<T>(
    _ tuple: T, _ range: ClosedRange<Int>, zeroAllowed: Bool = true
  ) -> Int? {
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    return withUnsafeBytes(of: tuple) { raw -> Int? in
      for value in raw.bindMemory(to: Int16.self) {
        if value == end { return nil }
        if !range.contains(Int(value)) || (!zeroAllowed && value == 0) { return Int(value) }
      }
      return nil
    }
  }
}
