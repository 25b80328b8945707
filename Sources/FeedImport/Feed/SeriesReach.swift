import ICalBridge
import LaneLayout
import Recurrence

extension EventRecord {
  /// The day ordinals that any occurrence of this event can touch, in any display zone (with
  /// ``ZoneMargin``'s days both sides), or nil when the scan of its rule finds no bound.
  ///
  /// Conservative: a window outside this range gets nothing from the event, so its series need
  /// not be expanded there.
  var reach: ClosedRange<Int>? {
    guard !thisAndFuture, let startDay = start.dayValue else { return nil }
    var first = startDay.ordinal
    var last = startDay.ordinal
    if let rule {
      guard let end = EventRecord.lastRuleDay(of: rule, startDay: startDay, start: start)
      else { return nil }
      last = max(last, end)
    }
    for rdate in rdates {
      // A period's end is read later from its duration; leave such events unbounded.
      guard !rdate.time.isNull, let day = rdate.time.dayValue
      else { return nil }
      first = min(first, day.ordinal)
      last = max(last, day.ordinal)
    }
    let lengthDays = max(0, length.days) + (max(0, length.seconds) + 86_399) / 86_400
    return ZoneMargin.widened(first, last + lengthDays)
  }

  /// The last day a rule's instance can start on, or nil when it is not bounded in a way read
  /// here (no UNTIL, and COUNT with BY parts that may leave a period empty).
  ///
  /// The same bounds as the pre-filter's (``RuleFacts``): a loaded series that the scan would
  /// pass over is not expanded either (with `--no-prefilter`, or kept for a wider window), so
  /// that a feed of finished yearly holidays does not spend the window's step budget.
  static func lastRuleDay(of rule: RecurrenceRule, startDay: Day, start: WallTime) -> Int? {
    if !rule.until.isNull {
      return rule.until.dayValue?.ordinal
    }
    guard rule.count > 0, let frequency = rule.frequency else { return nil }
    let interval = Int(max(1, rule.interval))
    guard rule.hasByParts else {
      return RuleReach.lastStartDay(
        from: startDay, count: Int(rule.count), interval: interval,
        frequency: frequency, startMonth: Int(start.month), startDayOfMonth: Int(start.day)
      )?.ordinal
    }
    guard rule.everyPeriodHoldsAnInstance(startDayOfMonth: Int(start.day)) else { return nil }
    return RuleReach.everyPeriodBound(
      frequency, count: Int(rule.count), interval: interval, from: startDay)?.ordinal
  }
}

extension RecurrenceRule {
  /// Whether every period of the rule's FREQ is sure to hold an instance, as ``RuleFacts``
  /// decides it from the rule's bytes: BY parts that only add times within a day (BYHOUR,
  /// BYMINUTE, BYSECOND), plus, per FREQ, day parts every period contains — plain weekdays,
  /// month days 1–28, and with no day part in a MONTHLY or YEARLY rule (BYMONTH aside), DTSTART's
  /// day of month at most 28. BYSETPOS,
  /// ordinals, late month days, BYYEARDAY, BYWEEKNO and RSCALE can leave a period empty.
  func everyPeriodHoldsAnInstance(startDayOfMonth: Int) -> Bool {
    guard let frequency, rscale == nil, bySetPosition.isEmpty, byYearDay.isEmpty,
      byWeekNumber.isEmpty, byMonth.allSatisfy({ (1...12).contains($0) })
    else { return false }
    let days = !byDay.isEmpty
    let monthDays = !byMonthDay.isEmpty
    let months = !byMonth.isEmpty
    let plainDays = byDay.allSatisfy { RecurrenceRule.weekday($0).position == 0 }
    let earlyMonthDays = byMonthDay.allSatisfy { (1...28).contains($0) }
    switch frequency {
    case .daily:
      return !days && !monthDays && !months
    case .weekly:
      return !monthDays && !months && plainDays
    case .monthly:
      // Without day parts the instance falls on DTSTART's day of month: 29-31 skip months.
      if monthDays { return !months && !days && earlyMonthDays }
      return !months && (days ? plainDays : startDayOfMonth <= 28)
    case .yearly:
      if monthDays { return !days && earlyMonthDays }
      return days ? plainDays : startDayOfMonth <= 28
    case .secondly, .minutely, .hourly:
      return false
    }
  }
}

extension Feed.Series {
  /// The union of its events' reaches (``EventRecord/reach``), or nil when one of them is
  /// unbounded.
  static func reach(of members: [ClosedRange<Int>?]) -> ClosedRange<Int>? {
    var result: ClosedRange<Int>?
    for member in members {
      guard let reach = member else { return nil }
      result =
        result.map { min($0.lowerBound, reach.lowerBound)...max($0.upperBound, reach.upperBound) }
        ?? reach
    }
    return result
  }

  /// Whether the series may have an occurrence on `first…last`.
  func mayTouch(first: Day, last: Day) -> Bool {
    guard let reach else { return true }
    return reach.lowerBound <= last.ordinal && reach.upperBound >= first.ordinal
  }
}
