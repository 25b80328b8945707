import LaneLayout

/// A MONTHLY rule on a set of days of every INTERVAL-th month: several days of the month
/// (BYMONTHDAY) or several weekdays, each every week of the month or positioned (BYDAY), maybe
/// picked from by BYSETPOS, with no other BY part. The common shapes calendar programs write
/// beyond one day a month: the last workday (`BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`), the first and
/// third Tuesday (`BYDAY=1TU,3TU`), the 1st and the 15th. Their instances are counted out in
/// Swift, as ``OnePerPeriodRule``'s are, instead of by libical's iterator, whose ICU calendar
/// arithmetic was most of twelve months of a company calendar.
///
/// Only sets that every month fills are taken (days ±1–28, weekdays every week or positioned
/// ±1–4, BYSETPOS within what every month holds), so that each month has instances and the
/// count-out never searches; a fifth weekday, the 29th–31st or a BYSETPOS past the shortest set
/// stay with libical, and so do lists that name a value twice, and BYSETPOS over values that
/// can name one day (libical's answers there are off RFC 5545's set). `MonthDaysRuleTests`
/// compares the instances with libical's iterator.
struct MonthDaysRule {
  /// INTERVAL: months from one of the rule's to the next.
  let monthStep: Int
  /// BYMONTHDAY: days from the start (1…28) or, negative, from the end.
  let monthDays: [Int]
  /// BYDAY: libical's weekday numbers (1 = Sunday … 7 = Saturday) and positions (0: every one
  /// of the month).
  let weekdays: [(weekday: Int, position: Int)]
  /// BYSETPOS: places in the month's days, from the end when negative.
  let setPositions: [Int]

  /// The shape of `rule`; nil for any other rule (and for the shapes ``OnePerPeriodRule``
  /// takes, which it is tried after).
  init?(_ rule: RecurrenceRule) {
    guard rule.frequency == .monthly, rule.rscale == nil, rule.byMonth.isEmpty,
      rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty,
      rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty,
      rule.byDay.isEmpty != rule.byMonthDay.isEmpty
    else { return nil }
    monthStep = Int(max(1, rule.interval))
    monthDays = rule.byMonthDay.map(Int.init)
    weekdays = rule.byDay.map { RecurrenceRule.weekday($0) }
    setPositions = rule.bySetPosition.map(Int.init)
    // A value written twice counts twice for libical's BYSETPOS (`BYMONTHDAY=4,18,18;
    // BYSETPOS=-2` is the 18th there, not the 4th of the set RFC 5545 means): left to it.
    guard Set(rule.byMonthDay).count == monthDays.count, Set(rule.byDay).count == weekdays.count,
      setPositions.isEmpty || MonthDaysRule.neverCoincide(monthDays, weekdays),
      monthDays.allSatisfy({ $0 != 0 && abs($0) <= 28 }),
      weekdays.allSatisfy({ (1...7).contains($0.weekday) && abs($0.position) <= 4 }),
      setPositions.allSatisfy({ $0 != 0 && abs($0) <= fewestDays })
    else { return nil }
  }

  /// Whether no two of the values can name one day in some month: days of the month of one
  /// sign, and for each weekday one entry every week or positions of one sign. Where two can
  /// (`BYMONTHDAY=20,-10` in a February of 29 days), libical 3.0.16's BYSETPOS drops the month:
  /// such rules with BYSETPOS are left to it.
  static func neverCoincide(_ monthDays: [Int], _ weekdays: [(weekday: Int, position: Int)])
    -> Bool
  {
    func oneSign(_ values: [Int]) -> Bool {
      values.allSatisfy { $0 > 0 } || values.allSatisfy { $0 < 0 }
    }
    return oneSign(monthDays)
      && Set(weekdays.map(\.weekday)).allSatisfy { weekday in
        let positions = weekdays.filter { $0.weekday == weekday }.map(\.position)
        return positions == [0] || oneSign(positions)
      }
  }

  /// The fewest distinct days the BY lists give any month: different weekdays never share a
  /// day, a weekday every week is at least 4 days, and positions counted from the same end (or
  /// days of the month) never share one.
  var fewestDays: Int {
    func distinctFromOneEnd(_ values: [Int]) -> Int {
      max(Set(values.filter { $0 > 0 }).count, Set(values.filter { $0 < 0 }).count)
    }
    if !monthDays.isEmpty { return distinctFromOneEnd(monthDays) }
    var total = 0
    for weekday in Set(weekdays.map(\.weekday)) {
      let positions = weekdays.filter { $0.weekday == weekday }.map(\.position)
      total += positions.contains(0) ? 4 : distinctFromOneEnd(positions)
    }
    return total
  }

  /// The days of the month (1…31) of the rule's instances in `month` of `year`, in order.
  /// (A bit set of the month's days, not a `Set`: a COUNT walk asks for every month from
  /// DTSTART on.)
  func days(year: Int, month: Int) -> [Int] {
    let length = Day.daysIn(year: year, month: month)
    var mask: UInt64 = 0
    for number in monthDays {
      mask |= 1 << UInt64(number > 0 ? number : length + 1 + number)
    }
    if !weekdays.isEmpty {
      let first = Day.daysSinceEpoch(year: year, month: month, day: 1)
      for (weekday, position) in weekdays {
        if position == 0 {
          var day = 1 + (weekday - LibicalWeekday.of(first) + 7) % 7
          while day <= length {
            mask |= 1 << UInt64(day)
            day += 7
          }
        } else {
          let day =
            LibicalWeekday.positioned(weekday, position: position, year: year, month: month)
            - first + 1
          mask |= 1 << UInt64(day)
        }
      }
    }
    let sorted = MonthDaysRule.days(in: mask)
    guard !setPositions.isEmpty else { return sorted }
    var picked: UInt64 = 0
    for position in setPositions {
      picked |= 1 << UInt64(position > 0 ? sorted[position - 1] : sorted[sorted.count + position])
    }
    return MonthDaysRule.days(in: picked)
  }

  /// The days whose bits `mask` sets, in order.
  static func days(in mask: UInt64) -> [Int] {
    var days: [Int] = []
    days.reserveCapacity(mask.nonzeroBitCount)
    var bits = mask
    while bits != 0 {
      days.append(bits.trailingZeroBitCount)
      bits &= bits - 1
    }
    return days
  }
}

extension SeriesExpander {
  /// The wall-clock instances of a ``MonthDaysRule`` from `wallStart`, in order: with COUNT
  /// counted from DTSTART's month (DTSTART takes one of the COUNT places when it is not one of
  /// the rule's days, as ``expandRule`` counts it; those before the window are only counted),
  /// else from a period before the window's `earliest` instant. Days of DTSTART's month before
  /// DTSTART are none. Stops after UNTIL (inclusive, on the wall clock), past year 9999, or when
  /// `body` returns false.
  ///
  /// Returns the months walked with COUNT before the window (the expansion charges each a step
  /// of the feed's budget), and whether the walk stopped there after `walkRoom` of them.
  @discardableResult
  static func monthDaysInstances(
    from wallStart: WallTime, shape: MonthDaysRule, rule: RecurrenceRule, earliest: Int64,
    walkRoom: Int = .max, _ body: (WallTime) -> Bool
  ) -> (periods: Int, cut: Bool) {
    let startYear = Int(wallStart.year)
    let startMonth = Int(wallStart.month)
    let start = (startYear, startMonth, Int(wallStart.day))
    let earliestDay = SeriesExpander.firstCountedDay(before: earliest)
    var remaining = Int.max
    var index = 0
    var walked = 0
    if rule.count > 0 {
      remaining = Int(rule.count)
      if !shape.days(year: startYear, month: startMonth).contains(start.2) { remaining -= 1 }
    } else {
      let (earliestYear, earliestMonth, _) = Day(ordinal: earliestDay).components
      let monthsToWindow = (earliestYear - startYear) * 12 + earliestMonth - startMonth
      index = max(0, monthsToWindow / shape.monthStep - 1)
    }
    while remaining > 0 {
      let months = startYear * 12 + startMonth - 1 + index * shape.monthStep
      let (year, month) = (months / 12, months % 12 + 1)
      guard year <= 9999 else { break }
      index += 1
      if rule.count > 0, Day.daysSinceEpoch(year: year, month: month, day: 1) < earliestDay {
        walked += 1
        if walked > walkRoom { return (walked - 1, true) }
      }
      for day in shape.days(year: year, month: month) where (year, month, day) >= start {
        let ordinal = Day.daysSinceEpoch(year: year, month: month, day: day)
        if ordinal >= earliestDay {
          guard let wall = instance(like: wallStart, on: ordinal, until: rule.until), body(wall)
          else { return (walked, false) }
        }
        remaining -= 1
        if remaining <= 0 { break }
      }
    }
    return (walked, false)
  }
}
