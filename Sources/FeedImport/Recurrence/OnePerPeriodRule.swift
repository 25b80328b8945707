import LaneLayout

/// A MONTHLY or YEARLY rule that has exactly one instance in every FREQ period, on a day that
/// every month (or every year's month) holds: its instances are found by date arithmetic, so
/// its COUNT can become an UNTIL (libical refuses to jump to a window with COUNT, and walked
/// from DTSTART) and its instances are counted out from the window without libical's iterator.
///
/// The shapes (Gregorian, no time, week-number, year-day or set-position part; both uses are
/// checked against libical's iterator in `OnePerPeriodRuleTests`):
/// - MONTHLY on DTSTART's day (1–28), on one BYMONTHDAY (±1–28), or on one BYDAY weekday with a
///   position (±1–4: `2TU`, `-1FR`);
/// - YEARLY on DTSTART's month and day (not 29 February), or in one BYMONTH on DTSTART's day,
///   one BYMONTHDAY or one positioned BYDAY that the month holds in every year.
struct OnePerPeriodRule {
  /// Months from one period to the next: INTERVAL, or 12 × INTERVAL for a YEARLY rule.
  let monthStep: Int
  /// The month of a YEARLY rule's instances; nil for a MONTHLY rule (every month).
  let month: Int?
  /// Which day of the month the instance falls on.
  let day: DayOfMonth

  /// The day of a month a rule names.
  enum DayOfMonth: Equatable {
    /// A day counted from the start (1…28) or, negative, from the end (−1 is the last day).
    case number(Int)
    /// The `position`-th weekday (libical's numbers, 1 = Sunday … 7 = Saturday) of the month,
    /// from the end when negative.
    case weekday(Int, position: Int)
  }

  /// The rule's one-instance-a-period shape from DTSTART `start`; nil when it has none.
  init?(_ rule: RecurrenceRule, start: WallTime) {
    guard rule.rscale == nil, let frequency = rule.frequency,
      frequency == .monthly || frequency == .yearly,
      rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty,
      rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, rule.bySetPosition.isEmpty,
      rule.byMonthDay.count + rule.byDay.count <= 1
    else { return nil }
    let interval = Int(max(1, rule.interval))
    if frequency == .monthly {
      guard rule.byMonth.isEmpty else { return nil }
      monthStep = interval
      month = nil
    } else {
      // A day part without BYMONTH counts in the year (`BYDAY=20MO`), or as libical reads it.
      guard rule.byMonth.count == 1 || rule.byMonthDay.count + rule.byDay.count == 0
      else { return nil }
      monthStep = 12 * interval
      month = rule.byMonth.first.map(Int.init) ?? Int(start.month)
    }
    guard (1...12).contains(month ?? 1) else { return nil }
    // The fewest days the month (any month, for MONTHLY) has in any year.
    let shortest = month.map { $0 == 2 ? 28 : Day.daysIn(year: 2001, month: $0) } ?? 28
    if let number = rule.byMonthDay.first {
      day = .number(Int(number))
    } else if let value = rule.byDay.first {
      let (weekday, position) = RecurrenceRule.weekday(value)
      guard (1...7).contains(weekday), position != 0, abs(position) <= 4 else { return nil }
      day = .weekday(weekday, position: position)
    } else {
      // DTSTART's day, in every month or in the rule's month (29 February: not every year).
      day = .number(Int(start.day))
    }
    if case .number(let number) = day {
      guard number != 0, abs(number) <= shortest else { return nil }
    }
  }

  /// The year and month of period `index` (0: DTSTART's period, starting in `startYear` and
  /// `startMonth`).
  func month(of index: Int, startYear: Int, startMonth: Int) -> (year: Int, month: Int) {
    let first = startYear * 12 + (month ?? startMonth) - 1
    let months = first + index * monthStep
    return (months / 12, months % 12 + 1)
  }

  /// The day of the instance in `month` of `year`.
  func dayOfMonth(year: Int, month: Int) -> Int {
    switch day {
    case .number(let number):
      return number > 0 ? number : Day.daysIn(year: year, month: month) + 1 + number
    case .weekday(let weekday, let position):
      let ordinal = LibicalWeekday.positioned(
        weekday, position: position, year: year, month: month)
      return ordinal - Day.daysSinceEpoch(year: year, month: month, day: 1) + 1
    }
  }

  /// The wall-clock time of the last instance of a COUNT of `count` from `wallStart`: DTSTART
  /// takes the first place when the rule does not hold it (RFC 5545 3.3.10), and an instance of
  /// DTSTART's period before DTSTART is no instance. DTSTART itself when the rule keeps none of
  /// its own (COUNT 1, DTSTART off the rule); nil past year 9999.
  func lastInstance(count: Int, from wallStart: WallTime) -> WallTime? {
    let startYear = Int(wallStart.year)
    let startMonth = Int(wallStart.month)
    let (year0, month0) = month(of: 0, startYear: startYear, startMonth: startMonth)
    let first = (year0, month0, dayOfMonth(year: year0, month: month0))
    let start = (startYear, startMonth, Int(wallStart.day))
    // The rule's own instances to keep: DTSTART off the rule takes a place.
    let needed = first == start ? count : count - 1
    guard needed > 0 else { return wallStart }
    // An instance of DTSTART's period before DTSTART is none: the kept ones start a period on.
    let lastIndex = first < start ? needed : needed - 1
    let (year, month) = month(of: lastIndex, startYear: startYear, startMonth: startMonth)
    guard year <= 9999 else { return nil }
    var until = wallStart
    until.year = Int32(year)
    until.month = Int32(month)
    until.day = Int32(dayOfMonth(year: year, month: month))
    return until
  }
}

extension SeriesExpander {
  /// The wall-clock instances of a rule with one instance in every period (``OnePerPeriodRule``)
  /// and no COUNT, in order, from `wallStart` on, counted out from a period before the one of the
  /// window's `earliest` instant instead of asking libical's iterator (whose ICU calendar calls
  /// were a third of twelve months of a company calendar). Stops after UNTIL (inclusive, on the
  /// wall clock, as libical compares it), past year 9999, or when `body` returns false.
  /// `OnePerPeriodRuleTests` compares them with libical's iterator.
  static func onePerPeriodInstances(
    from wallStart: WallTime, shape: OnePerPeriodRule, until: WallTime, earliest: Int64,
    _ body: (WallTime) -> Bool
  ) {
    let startYear = Int(wallStart.year)
    let startMonth = Int(wallStart.month)
    let start = (startYear, startMonth, Int(wallStart.day))
    let earliestDay = firstCountedDay(before: earliest)
    let (earliestYear, earliestMonth, _) = Day(ordinal: earliestDay).components
    let (firstYear, firstMonth) = shape.month(of: 0, startYear: startYear, startMonth: startMonth)
    let monthsToWindow = (earliestYear - firstYear) * 12 + earliestMonth - firstMonth
    var index = max(0, monthsToWindow / shape.monthStep - 1)
    while true {
      let (year, month) = shape.month(of: index, startYear: startYear, startMonth: startMonth)
      guard year <= 9999 else { return }
      index += 1
      let day = shape.dayOfMonth(year: year, month: month)
      // DTSTART's period may hold an instance before DTSTART: none.
      if (year, month, day) < start { continue }
      var wall = wallStart
      (wall.year, wall.month, wall.day) = (Int32(year), Int32(month), Int32(day))
      if !until.isNull, WallTime.compare(wall, until) > 0 { return }
      guard body(wall) else { return }
    }
  }

  /// Turns the COUNT of `rule`, with one instance in every period of `shape`, into the UNTIL
  /// of its last instance, so that the iterator may jump to the window: the same set, since
  /// UNTIL is inclusive and the next instance lies in a later period.
  static func replaceCount(
    of rule: inout RecurrenceRule, shape: OnePerPeriodRule, from wallStart: WallTime
  ) {
    guard rule.count > 0, rule.until.isNull,
      let until = shape.lastInstance(count: Int(rule.count), from: wallStart)
    else { return }
    rule.count = 0
    rule.until = until
  }
}
