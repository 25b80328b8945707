import LaneLayout

/// A YEARLY rule that names weeks of the year (BYWEEKNO) and at most plain weekdays (BYDAY), with
/// no other BY part: its instances are counted out in Swift, because libical 3.0.16's iterator
/// expands BYWEEKNO off RFC 5545 (weeks numbered from Monday whatever WKST, a week 53 in years
/// that have none, days of week 52 on 30 and 31 December dropped, nothing at all after DTSTART's
/// year without BYDAY).
///
/// The reading (RFC 5545 3.3.10; `WeekNumberRuleTests` checks it against Foundation's week
/// numbering):
/// - weeks start on WKST (Monday when absent); week 1 of a year is the first week with at least
///   four of the year's days, so it may start in the December before, and the last week (52 or
///   53) may end in the January after; a negative number counts from the year's last week;
/// - the days are the BYDAY weekdays of those weeks; without BYDAY, DTSTART's weekday (what
///   DTSTART gives that the rule does not name, as for `FREQ=YEARLY;BYMONTH=1`; libical's
///   intent since its issue 438, and JSCalendar's);
/// - with INTERVAL, every INTERVAL-th week-numbering year from DTSTART's is the rule's;
/// - each instance has DTSTART's time of day.
struct WeekNumberRule {
  /// The weeks named, ±1…53.
  let weeks: [Int]
  /// The days' places in a week that starts on WKST, in order.
  let offsets: [Int]
  /// WKST, libical's number (1 = Sunday … 7 = Saturday).
  let weekStart: Int
  /// INTERVAL: week-numbering years from one of the rule's to the next.
  let yearStep: Int
  /// The week-numbering year DTSTART falls in: the rule's first.
  let firstYear: Int

  /// The shape of `rule` from DTSTART `start`; nil for any other rule.
  init?(_ rule: RecurrenceRule, start: WallTime) {
    guard rule.countsWeeksOfYear, let startDay = start.dayValue else { return nil }
    var weekdays = rule.byDay.map { RecurrenceRule.weekday($0).weekday }
    if weekdays.isEmpty { weekdays = [LibicalWeekday.of(startDay.ordinal)] }
    let weekStart = rule.weekStart == 0 ? 2 : rule.weekStart
    self.weekStart = weekStart
    weeks = rule.byWeekNumber.map(Int.init)
    offsets = Set(weekdays.map { ($0 - weekStart + 7) % 7 }).sorted()
    yearStep = Int(max(1, rule.interval))
    firstYear = WeekNumberRule.weekYear(of: startDay.ordinal, weekStart: weekStart)
  }

  /// The ordinal of the first day of week 1 of `year` in weeks starting on `weekStart`: the
  /// week holding 4 January.
  static func firstWeekStart(ofYear year: Int, weekStart: Int) -> Int {
    let january4 = Day.daysSinceEpoch(year: year, month: 1, day: 4)
    return january4 - (LibicalWeekday.of(january4) - weekStart + 7) % 7
  }

  /// The week-numbering year of the day `ordinal` in weeks starting on `weekStart`.
  static func weekYear(of ordinal: Int, weekStart: Int) -> Int {
    let year = Day(ordinal: ordinal).components.year
    if ordinal < firstWeekStart(ofYear: year, weekStart: weekStart) { return year - 1 }
    if ordinal >= firstWeekStart(ofYear: year + 1, weekStart: weekStart) { return year + 1 }
    return year
  }

  /// The ordinal of the first day of week 1 of `year`.
  func firstWeekStart(ofYear year: Int) -> Int {
    WeekNumberRule.firstWeekStart(ofYear: year, weekStart: weekStart)
  }

  /// The week-numbering year of the day `ordinal`.
  func weekYear(of ordinal: Int) -> Int {
    WeekNumberRule.weekYear(of: ordinal, weekStart: weekStart)
  }

  /// The days (ordinals) of the rule's instances in the week-numbering year `year`, in order,
  /// whether or not `year` is one of the rule's.
  func days(ofYear year: Int) -> [Int] {
    let first = firstWeekStart(ofYear: year)
    let count = (firstWeekStart(ofYear: year + 1) - first) / 7
    // A bit set of the week numbers (a COUNT walk asks for every year from DTSTART on).
    var numbers: UInt64 = 0
    for week in weeks {
      let number = week > 0 ? week : count + 1 + week
      if (1...count).contains(number) { numbers |= 1 << UInt64(number) }
    }
    var days: [Int] = []
    days.reserveCapacity(numbers.nonzeroBitCount * offsets.count)
    while numbers != 0 {
      let number = numbers.trailingZeroBitCount
      numbers &= numbers - 1
      for offset in offsets { days.append(first + (number - 1) * 7 + offset) }
    }
    return days
  }

  /// Whether the day `ordinal` is one of the rule's.
  func holds(_ ordinal: Int) -> Bool {
    let year = weekYear(of: ordinal)
    return (year - firstYear) % yearStep == 0 && days(ofYear: year).contains(ordinal)
  }
}

extension SeriesExpander {
  /// The wall-clock instances of a ``WeekNumberRule`` from `wallStart`, in order: with COUNT
  /// counted from DTSTART (DTSTART takes one of the COUNT places when it is not one of the
  /// rule's days, as ``expandRule`` counts it), those before the window only counted; else from
  /// a little before the window's `earliest` instant. Stops after UNTIL (inclusive, on the wall
  /// clock), past year 9999, or when `body` returns false.
  ///
  /// Returns the years walked with COUNT before the window (the expansion charges each a step of
  /// the feed's budget), and whether the walk stopped there after `walkRoom` of them.
  @discardableResult
  static func weekNumberInstances(
    from wallStart: WallTime, shape: WeekNumberRule, rule: RecurrenceRule, earliest: Int64,
    walkRoom: Int = .max, _ body: (WallTime) -> Bool
  ) -> (periods: Int, cut: Bool) {
    guard let startDay = wallStart.dayValue else { return (0, false) }
    let earliestDay = SeriesExpander.firstCountedDay(before: earliest)
    var remaining = Int.max
    var year = shape.firstYear
    var walked = 0
    if rule.count > 0 {
      remaining = Int(rule.count)
      if !shape.holds(startDay.ordinal) { remaining -= 1 }
    } else if earliestDay > startDay.ordinal {
      let behind = shape.weekYear(of: earliestDay) - 1 - shape.firstYear
      year += max(0, behind / shape.yearStep * shape.yearStep)
    }
    while remaining > 0, year <= 9999 {
      if rule.count > 0, shape.firstWeekStart(ofYear: year + 1) <= earliestDay {
        walked += 1
        if walked > walkRoom { return (walked - 1, true) }
      }
      for day in shape.days(ofYear: year) where day >= startDay.ordinal {
        if day < earliestDay {
          // Before the window, an instance only takes its COUNT place.
          remaining -= 1
        } else {
          guard let wall = instance(like: wallStart, on: day, until: rule.until), body(wall)
          else { return (walked, false) }
          remaining -= 1
        }
        if remaining <= 0 { return (walked, false) }
      }
      year += shape.yearStep
    }
    return (walked, false)
  }
}
