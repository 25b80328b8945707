import LaneLayout

/// A DAILY rule whose only BY parts are times of the day (BYHOUR, BYMINUTE, BYSECOND): the same
/// times on every INTERVAL-th day from DTSTART (`FREQ=DAILY;BYHOUR=9,17`, medication or shift
/// reminders). The instances are found by arithmetic, COUNT included: the n-th instance is on day
/// n ÷ (times a day), so neither libical's iterator nor a walk from DTSTART is needed (a COUNT
/// walked there was a step for every instance since DTSTART, and some forty such series spent a
/// feed's whole budget). `DailyTimesRuleTests` compares the instances with libical's iterator.
struct DailyTimesRule {
  /// INTERVAL: days from one of the rule's to the next.
  let dayStep: Int
  /// The times of the day, in seconds from midnight, in order: BYHOUR × BYMINUTE × BYSECOND,
  /// DTSTART's hour, minute or second standing in for a part the rule does not name.
  let times: [Int]
  /// How many of ``times`` are at or after DTSTART's time of day: DTSTART's day has only those.
  let firstDayTimes: Int
  /// Whether DTSTART's time of day is one of ``times`` (else DTSTART takes a COUNT place of its
  /// own, RFC 5545 3.3.10).
  let startMatches: Bool

  /// The most times a day taken (as lists written, repeats included).
  static let mostTimesADay = 1_440

  /// The shape of `rule` from DTSTART `start`; nil for any other rule, or a DATE DTSTART.
  init?(_ rule: RecurrenceRule, start: WallTime) {
    guard rule.frequency == .daily, rule.rscale == nil, !start.isDate,
      !(rule.byHour.isEmpty && rule.byMinute.isEmpty && rule.bySecond.isEmpty),
      rule.byDay.isEmpty, rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty,
      rule.byWeekNumber.isEmpty, rule.byMonth.isEmpty, rule.bySetPosition.isEmpty,
      rule.byHour.allSatisfy({ (0...23).contains($0) }),
      rule.byMinute.allSatisfy({ (0...59).contains($0) }),
      rule.bySecond.allSatisfy({ (0...59).contains($0) })
    else { return nil }
    let hours = rule.byHour.isEmpty ? [Int(start.hour)] : rule.byHour.map(Int.init)
    let minutes = rule.byMinute.isEmpty ? [Int(start.minute)] : rule.byMinute.map(Int.init)
    let seconds = rule.bySecond.isEmpty ? [Int(start.second)] : rule.bySecond.map(Int.init)
    // At most a time a minute: a denser rule (up to 86,400 a day) stays with libical's
    // iterator, whose steps the feed's budget bounds.
    guard hours.count * minutes.count * seconds.count <= DailyTimesRule.mostTimesADay else {
      return nil
    }
    var all: Set<Int> = []
    for hour in hours {
      for minute in minutes {
        for second in seconds { all.insert(hour * 3_600 + minute * 60 + second) }
      }
    }
    times = all.sorted()
    let startTime = Int(start.hour) * 3_600 + Int(start.minute) * 60 + Int(start.second)
    firstDayTimes = times.filter { $0 >= startTime }.count
    startMatches = all.contains(startTime)
    dayStep = Int(max(1, rule.interval))
  }
}

extension SeriesExpander {
  /// The wall-clock instances of a ``DailyTimesRule`` from `wallStart`, in order, from a step
  /// before the window's `earliest` instant: with COUNT, the instances before it are counted,
  /// not walked. Stops after COUNT, after UNTIL (inclusive, on the wall clock), past year 9999,
  /// or when `body` returns false.
  static func dailyTimesInstances(
    from wallStart: WallTime, shape: DailyTimesRule, rule: RecurrenceRule, earliest: Int64,
    _ body: (WallTime) -> Bool
  ) {
    guard let startDay = wallStart.dayValue else { return }
    // The rule's own instances (DTSTART off the rule takes a COUNT place).
    let limit = rule.count > 0 ? Int(rule.count) - (shape.startMatches ? 0 : 1) : Int.max
    let perDay = shape.times.count
    let earliestDay = SeriesExpander.firstCountedDay(before: earliest)
    var step = max(0, (earliestDay - startDay.ordinal) / shape.dayStep - 1)
    while true {
      // Instances before this step's: DTSTART's day has `firstDayTimes`, later steps all.
      let before = step == 0 ? 0 : shape.firstDayTimes + (step - 1) * perDay
      let times = step == 0 ? shape.times.suffix(shape.firstDayTimes) : shape.times[...]
      for (place, time) in times.enumerated() {
        guard before + place < limit,
          var wall = instance(
            like: wallStart, on: startDay.ordinal + step * shape.dayStep, until: .null)
        else { return }
        (wall.hour, wall.minute, wall.second) = (
          Int32(time / 3_600), Int32(time / 60 % 60), Int32(time % 60)
        )
        if !rule.until.isNull, WallTime.compare(wall, rule.until) > 0 { return }
        guard body(wall) else { return }
      }
      step += 1
    }
  }
}
