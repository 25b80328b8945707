import LaneLayout

extension SeriesExpander {
  /// The days between instances of a rule that is only "every INTERVAL days or weeks": DAILY or
  /// WEEKLY, no BY part, no COUNT (see ``replaceCount(of:from:)``), Gregorian; nil for any
  /// other rule.
  ///
  /// Such a rule's instances are DTSTART's wall-clock time on every INTERVAL-th day (or the
  /// same weekday every INTERVAL-th week), up to UNTIL: they are counted out directly instead
  /// of asking libical's iterator, which costs microseconds per step in ICU calendar calls.
  /// `PlainRuleTests` checks that both give the same instances.
  static func plainStepDays(of rule: RecurrenceRule) -> Int? {
    guard rule.count == 0, rule.rscale == nil, !rule.hasByParts else { return nil }
    let interval = Int(max(1, rule.interval))
    switch rule.frequency {
    case .daily: return interval
    case .weekly: return 7 * interval
    default: return nil
    }
  }

  /// The wall-clock instances of a plain rule (see ``plainStepDays(of:)``) from `wallStart`,
  /// starting a little before the window's `earliest` instant: a step that may start there is
  /// found by day arithmetic (no zone is more than two days off its wall clock), the rest is
  /// left to the caller's filter. Stops after UNTIL (inclusive, compared on the wall clock as
  /// libical does) or when `body` returns false.
  static func plainInstances(
    from wallStart: WallTime, stepDays: Int, until: WallTime, earliest: Int64,
    _ body: (WallTime) -> Bool
  ) {
    guard let startDay = wallStart.dayValue else { return }
    let earliestDay = firstCountedDay(before: earliest)
    var index = max(0, (earliestDay - startDay.ordinal) / stepDays)
    while let wall = instance(
      like: wallStart, on: startDay.ordinal + index * stepDays, until: until),
      body(wall)
    {
      index += 1
    }
  }

  /// The day (ordinal) from which a count-out in Swift looks for steps that may start at or
  /// after the instant `earliest`: ``ZoneMargin/wallClockLeadSeconds`` before it, rounded down.
  static func firstCountedDay(before earliest: Int64) -> Int {
    let lead = earliest - ZoneMargin.wallClockLeadSeconds
    return Int(lead >= 0 ? lead / 86_400 : -((-lead + 86_399) / 86_400))
  }

  /// `wallStart`'s time of day on the day `ordinal`; nil past UNTIL (inclusive, compared on the
  /// wall clock as libical does) or past year 9999, where libical's times end.
  static func instance(like wallStart: WallTime, on ordinal: Int, until: WallTime)
    -> WallTime?
  {
    let (year, month, day) = Day(ordinal: ordinal).components
    guard year <= 9999 else { return nil }
    var wall = wallStart
    wall.year = Int32(year)
    wall.month = Int32(month)
    wall.day = Int32(day)
    if !until.isNull, WallTime.compare(wall, until) > 0 { return nil }
    return wall
  }
}

extension SeriesExpander {
  /// The weekdays (libical's numbers, 1 = Sunday … 7 = Saturday) of a WEEKLY rule, or a DAILY
  /// rule without INTERVAL, whose only BY part is BYDAY with plain weekdays (no ordinals),
  /// Gregorian; nil for any other rule.
  ///
  /// Such a rule's instances are DTSTART's wall-clock time on those weekdays of every
  /// INTERVAL-th week (weeks starting on WKST, counted from DTSTART's), from DTSTART on: they
  /// are counted out directly, like ``plainStepDays(of:)``'s rules; `PlainRuleTests` checks them
  /// against libical's iterator.
  static func weeklyDays(of rule: RecurrenceRule) -> [Int]? {
    // Every day limited to some weekdays is every week on them (`FREQ=DAILY;BYDAY=MO,…,FR`,
    // the weekday standup), whatever WKST.
    let everyDay = rule.frequency == .daily && rule.interval <= 1
    guard rule.frequency == .weekly || everyDay, rule.rscale == nil, !rule.byDay.isEmpty,
      !rule.hasByPartsBesidesDay
    else { return nil }
    // The weekdays met, a bit each (asked at every expansion: no set, no copy of the rule).
    var met: UInt8 = 0
    for value in rule.byDay {
      let (weekday, position) = RecurrenceRule.weekday(value)
      guard position == 0 else { return nil }
      if (1...7).contains(weekday) { met |= 1 << weekday }
    }
    guard met != 0 else { return nil }
    return (1...7).filter { met & (1 << $0) != 0 }
  }

  /// Turns the COUNT of a rule with ``weeklyDays(of:)`` into the UNTIL of its last instance
  /// (DTSTART takes one of the COUNT places when it is not on one of the days), so that its
  /// instances are counted from a little before the window instead of from DTSTART: the same
  /// set, since UNTIL is inclusive and instances come in order.
  static func replaceCount(of rule: inout RecurrenceRule, days: [Int], from wallStart: WallTime) {
    guard rule.count > 0, rule.until.isNull, let startDay = wallStart.dayValue else { return }
    let week = WeekGrid(rule: rule, days: days, startDay: startDay)
    var remaining = Int(rule.count)
    if !days.contains(LibicalWeekday.of(startDay.ordinal)) { remaining -= 1 }
    // The days of DTSTART's week on or after it, then whole weeks of `offsets.count` days.
    let firstWeek = week.offsets.map { week.firstWeek + $0 }.filter { $0 >= startDay.ordinal }
    let lastDay: Int
    if remaining <= 0 {
      lastDay = startDay.ordinal
    } else if remaining <= firstWeek.count {
      lastDay = firstWeek[remaining - 1]
    } else {
      let rest = remaining - firstWeek.count - 1
      let (span, overflow) = (rest / week.offsets.count + 1).multipliedReportingOverflow(
        by: week.stride)
      // Past year 9999 libical's times are not usable: leave such rules to COUNT.
      guard !overflow, span < 3_000_000 else { return }
      lastDay = week.firstWeek + span + week.offsets[rest % week.offsets.count]
    }
    let (year, month, day) = Day(ordinal: lastDay).components
    guard year <= 9999 else { return }
    var until = wallStart
    (until.year, until.month, until.day) = (Int32(year), Int32(month), Int32(day))
    rule.count = 0
    rule.until = until
  }

  /// The wall-clock instances of a rule with ``weeklyDays(of:)``, in order, from `wallStart`:
  /// with COUNT from DTSTART's week (DTSTART takes one of the COUNT places when it is not on
  /// one of the days, as ``expandRule`` counts it), else from a little before the window's
  /// `earliest` instant. Stops after UNTIL (inclusive, on the wall clock) or when `body`
  /// returns false.
  static func weeklyInstances(
    from wallStart: WallTime, rule: RecurrenceRule, days: [Int], earliest: Int64,
    _ body: (WallTime) -> Bool
  ) {
    guard let startDay = wallStart.dayValue else { return }
    let grid = WeekGrid(rule: rule, days: days, startDay: startDay)
    let (firstWeek, stride, offsets) = (grid.firstWeek, grid.stride, grid.offsets)
    var remaining = Int.max
    var week = 0
    if rule.count > 0 {
      remaining = Int(rule.count)
      if !days.contains(LibicalWeekday.of(startDay.ordinal)) { remaining -= 1 }
    } else {
      let earliestDay = firstCountedDay(before: earliest)
      // The first of the rule's weeks that holds a day on or after `earliestDay` (the one
      // before ends before it: a week's days are fewer than its stride).
      week = max(0, (earliestDay - firstWeek) / stride)
    }
    while remaining > 0 {
      let weekStart = firstWeek + week * stride
      for offset in offsets where weekStart + offset >= startDay.ordinal {
        guard let wall = instance(like: wallStart, on: weekStart + offset, until: rule.until),
          body(wall)
        else { return }
        remaining -= 1
        if remaining == 0 { return }
      }
      week += 1
    }
  }
}

/// The weeks a rule with ``SeriesExpander/weeklyDays(of:)`` steps through: they start on WKST,
/// the first one holds DTSTART, and one in every INTERVAL is the rule's.
struct WeekGrid {
  /// The ordinal of the first day of DTSTART's week.
  let firstWeek: Int
  /// The days from one of the rule's weeks to the next.
  let stride: Int
  /// The days' places in a week that starts on WKST, in order.
  let offsets: [Int]

  init(rule: RecurrenceRule, days: [Int], startDay: Day) {
    let weekStartDay = rule.weekStart == 0 ? 2 : rule.weekStart
    firstWeek = startDay.ordinal - (LibicalWeekday.of(startDay.ordinal) - weekStartDay + 7) % 7
    stride = 7 * Int(max(1, rule.interval))
    offsets = days.map { ($0 - weekStartDay + 7) % 7 }.sorted()
  }
}
