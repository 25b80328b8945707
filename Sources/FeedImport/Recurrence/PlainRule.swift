import CLibical
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
  static func plainStepDays(of rule: icalrecurrencetype) -> Int? {
    guard rule.count == 0, rule.rscale == nil, !hasByParts(rule) else { return nil }
    let interval = Int(max(1, rule.interval))
    switch rule.freq {
    case ICAL_DAILY_RECURRENCE: return interval
    case ICAL_WEEKLY_RECURRENCE: return 7 * interval
    default: return nil
    }
  }

  /// The wall-clock instances of a plain rule (see ``plainStepDays(of:)``) from `wallStart`,
  /// starting a little before the window's `earliest` instant: a step that may start there is
  /// found by day arithmetic (no zone is more than two days off its wall clock), the rest is
  /// left to the caller's filter. Stops after UNTIL (inclusive, compared on the wall clock as
  /// libical does) or when `body` returns false.
  static func plainInstances(
    from wallStart: icaltimetype, stepDays: Int, until: icaltimetype, earliest: Int64,
    _ body: (icaltimetype) -> Bool
  ) {
    guard let startDay = LibicalTime.day(of: wallStart) else { return }
    let earliestDay = Int((earliest - 3 * 86_400) / 86_400)
    var index = max(0, (earliestDay - startDay.ordinal) / stepDays)
    let bounded = icaltime_is_null_time(until) == 0
    while true {
      let (year, month, day) = Day(ordinal: startDay.ordinal + index * stepDays).components
      // libical's times end with year 9999.
      guard year <= 9999 else { return }
      var wall = wallStart
      wall.year = Int32(year)
      wall.month = Int32(month)
      wall.day = Int32(day)
      if bounded, icaltime_compare(wall, until) > 0 { return }
      if !body(wall) { return }
      index += 1
    }
  }
}
