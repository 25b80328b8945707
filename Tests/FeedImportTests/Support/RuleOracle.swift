import CLibical
import LaneLayout

@testable import FeedImport
@testable import Recurrence
@testable import ICalBridge

/// libical 3.0.16's recurrence iterator as the oracle of ``RuleExpander``: a rule is read and
/// checked as the parser does (settled, within RFC 5545's ranges, accepted by libical, not too
/// dense), then both give its instances in a window of wall seconds.
enum RuleOracle {
  /// The rule `text` from `start` as the parser keeps it, or nil when the parser would drop it.
  static func kept(_ text: String, start: WallTime) -> RecurrenceRule? {
    LibicalGate.run { keptUnlocked(text, start: start) }
  }

  /// ``kept(_:start:)`` inside libical's lock.
  private static func keptUnlocked(_ text: String, start: WallTime) -> RecurrenceRule? {
    var rule = icalrecurrencetype_from_string(text)
    guard rule.freq != ICAL_NO_RECURRENCE else { return nil }
    let libicalStart = start.libical
    EventParser.settle(&rule, with: libicalStart)
    guard RuleLimits.problem(of: rule, startIsDate: start.isDate) == nil,
      RuleDensity.instancesPerPeriod(rule) <= RuleDensity.limit
    else { return nil }
    let value = RecurrenceRule(rule, zone: { _ in nil })
    if !value.countsWeeksOfYear {
      guard let iterator = icalrecur_iterator_new(rule, libicalStart) else { return nil }
      icalrecur_iterator_free(iterator)
    }
    return value
  }

  /// libical's instances in `low..<high` as the series has them: DTSTART first, and with COUNT
  /// a DTSTART the iterator does not give takes one of the COUNT places. Nil when the walk
  /// takes more than `most` values.
  static func libical(
    _ rule: RecurrenceRule, from start: WallTime, _ low: Int64, _ high: Int64, most: Int = 400_000
  ) -> [Int64]? {
    // libical 3.0.16 reads outside its arrays on some BYWEEKNO rules (week −53;
    // `FREQ=YEARLY;BYWEEKNO=52,31;BYMINUTE=54` from 2008-09-27 crashes it) and miscounts the
    // rest (``knownMiscount(_:from:)``): the parser never hands it one, nor does the oracle.
    guard rule.byWeekNumber.isEmpty else { return nil }
    var found: Set<Int64> = []
    if start.fieldSeconds >= low, start.fieldSeconds < high { found.insert(start.fieldSeconds) }
    var remaining = rule.count > 0 ? Int(rule.count) : Int.max
    var first = true
    var taken = 0
    var complete = true
    _ = LibicalRecurrence.iterate(rule, from: start, jumpingTo: nil) { next in
      let wall = next.fieldSeconds
      if first {
        first = false
        if wall != start.fieldSeconds { remaining -= 1 }
      }
      // libical gives a day's times in the order the rule writes them (`BYHOUR=21,4`): the
      // walk goes on a day past `high`, so that an earlier time given after it is not lost.
      guard remaining > 0, wall < high + 86_400 else { return false }
      remaining -= 1
      taken += 1
      if taken > most {
        complete = false
        return false
      }
      if wall >= low, wall < high { found.insert(wall) }
      return true
    }
    return complete ? days(found.sorted(), start.isDate) : nil
  }

  /// For an all-day series, the days (their midnights) of `values`, once each.
  static func days(_ values: [Int64], _ isDate: Bool) -> [Int64] {
    guard isDate else { return values }
    var days: [Int64] = []
    for value in values {
      let day = PeriodClock.floorDivide(value, 86_400) * 86_400
      if days.last != day { days.append(day) }
    }
    return days
  }

  /// ``RuleExpander``'s instances in `low..<high`.
  static func expander(
    _ rule: RecurrenceRule, from start: WallTime, _ low: Int64, _ high: Int64
  ) -> [Int64]? {
    guard let expander = RuleExpander(rule, start: start) else { return nil }
    var found: [Int64] = []
    var budget = StepBudget(cap: 2_000_000)
    let ending = expander.expand(from: low, before: high, budget: &budget) { wall in
      found.append(wall)
      return true
    }
    guard ending == .complete else { return nil }
    return days(found, start.isDate)
  }

  /// Why libical 3.0.16's instances of `rule` from `start` may differ from the RFC's, when the
  /// rule is of a shape `Docs/reference-verdicts.md` lists as its known miscount, else nil.
  static func knownMiscount(_ rule: RecurrenceRule, from start: WallTime) -> String? {
    guard let frequency = rule.frequency else { return nil }
    let subDaily = frequency.rawValue < RecurrenceFrequency.daily.rawValue
    let times = [rule.byHour, rule.byMinute, rule.bySecond]
    // Listed in Docs/reference-verdicts.md before the expander.
    if !rule.byWeekNumber.isEmpty { return "BYWEEKNO" }
    if frequency == .weekly, rule.interval > 1, !rule.byDay.isEmpty {
      return "WEEKLY with INTERVAL and BYDAY"
    }
    if frequency == .yearly, !rule.byMonthDay.isEmpty, rule.byMonth.isEmpty {
      return "YEARLY BYMONTHDAY without BYMONTH"
    }
    if rule.count > 0 || !rule.until.isNull, times.contains(where: { $0 != $0.sorted() }) {
      return "times written out of order"
    }
    // Found by this test.
    if !rule.bySetPosition.isEmpty,
      frequency == .weekly || (!subDaily && times.contains { $0.count > 1 })
    {
      return "BYSETPOS in WEEKLY or over times"
    }
    if !rule.bySetPosition.isEmpty,
      [rule.byMonthDay, rule.byYearDay].contains(where: { days in
        days.contains { $0 > 0 } && days.contains { $0 < 0 }
      })
    {
      return "BYSETPOS over days written from both ends"
    }
    if subDaily, start.isDate { return "sub-daily FREQ from a DATE" }
    if frequency.rawValue < RecurrenceFrequency.monthly.rawValue,
      rule.byMonthDay.contains(where: { $0 < 0 }) || rule.byYearDay.contains(where: { $0 < 0 })
    {
      return "negative BYMONTHDAY or BYYEARDAY below MONTHLY"
    }
    if subDaily, !RuleOracle.timesHold(rule, start) {
      return "sub-daily FREQ whose time parts DTSTART misses"
    }
    if subDaily, rule.interval > 1, !times.allSatisfy(\.isEmpty) {
      return "sub-daily INTERVAL with BYHOUR, BYMINUTE or BYSECOND"
    }
    return nil
  }
}

extension RuleOracle {
  /// Whether DTSTART's hour, minute and second are in the rule's BYHOUR, BYMINUTE and BYSECOND
  /// (each when given).
  static func timesHold(_ rule: RecurrenceRule, _ start: WallTime) -> Bool {
    (rule.byHour.isEmpty || rule.byHour.contains(Int16(start.hour)))
      && (rule.byMinute.isEmpty || rule.byMinute.contains(Int16(start.minute)))
      && (rule.bySecond.isEmpty || rule.bySecond.contains(Int16(start.second)))
  }

  /// A random DTSTART in 1995–2024: a DATE one time in four, else a time on the quarter hour.
  static func randomStart(_ random: inout SeededRandom) -> WallTime {
    var start = WallTime()
    start.year = Int32(1995 + random.next(30))
    start.month = Int32(1 + random.next(12))
    start.day = Int32(1 + random.next(Day.daysIn(year: Int(start.year), month: Int(start.month))))
    if random.next(4) == 0 {
      start.isDate = true
    } else {
      (start.hour, start.minute) = (Int32(random.next(24)), Int32(random.next(4) * 15))
    }
    return start
  }

  /// A time as iCalendar writes it (`20240131` or `20240131T093000`).
  static func text(of time: WallTime) -> String {
    func pad(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let date = pad(time.year, 4) + pad(time.month, 2) + pad(time.day, 2)
    return time.isDate
      ? date : date + "T" + pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2)
  }
}
