import CLibical
import Testing

@testable import FeedImport
@testable import ICalBridge

/// `RuleLimits.surelyAccepted` lets the parser skip setting up libical's iterator only where
/// libical would surely accept the rule: checked against the iterator itself on every pair of a
/// set of rules (each FREQ, BY parts legal and illegal for it, huge intervals, RSCALE) and
/// starts (dates and times, leap days, years 0 to 3000, fields out of range).
@Suite struct RuleAcceptanceTests {
  static let rules = [
    "FREQ=SECONDLY;BYSECOND=5,10", "FREQ=MINUTELY;INTERVAL=15;BYHOUR=9",
    "FREQ=HOURLY;INTERVAL=32767;BYDAY=MO", "FREQ=HOURLY;BYYEARDAY=100",
    "FREQ=DAILY;BYDAY=MO;BYHOUR=1,2,3", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=DAILY;BYYEARDAY=1", "FREQ=DAILY;BYWEEKNO=10", "FREQ=DAILY;INTERVAL=32767;BYDAY=FR",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "FREQ=WEEKLY;BYMONTHDAY=3",
    "FREQ=WEEKLY;BYYEARDAY=3", "FREQ=WEEKLY;INTERVAL=32767;BYDAY=SU", "FREQ=WEEKLY;BYMONTH=3",
    "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYYEARDAY=5", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
    "FREQ=DAILY;RSCALE=GREGORIAN;BYDAY=MO", "FREQ=WEEKLY;RSCALE=HEBREW;BYDAY=MO",
  ]

  static var starts: [icaltimetype] {
    var starts: [icaltimetype] = []
    for text in [
      "20240801T090000Z", "20240801", "20240229T235959", "00000101T000000", "19700101",
      "25001231T120000", "25810601T000000", "25820101T000000", "25821231", "25830101T000000",
      "30001231",
    ] {
      starts.append(icaltime_from_string(text))
    }
    var bad = icaltime_from_string("20240801T090000")
    bad.second = 60
    starts.append(bad)
    bad.second = 0
    bad.hour = 24
    starts.append(bad)
    var noLeapDay = icaltime_from_string("20230228")
    noLeapDay.day = 29
    starts.append(noLeapDay)
    return starts
  }

  @Test func surelyAcceptedRulesAreAcceptedByLibical() {
    var sure = 0
    for text in Self.rules {
      for start in Self.starts {
        let rule = icalrecurrencetype_from_string(text)
        guard rule.freq != ICAL_NO_RECURRENCE else {
          Issue.record("libical does not read \(text)")
          continue
        }
        guard RuleLimits.surelyAccepted(rule, from: start) else { continue }
        sure += 1
        let iterator = LibicalGate.run { icalrecur_iterator_new(rule, start) }
        #expect(
          iterator != nil,
          "\(text) from \(start.year)-\(start.month)-\(start.day) \(start.hour):\(start.second)")
        if let iterator { LibicalGate.run { icalrecur_iterator_free(iterator) } }
      }
    }
    // The shortcut is taken where it should be: the 11 rules of daily or shorter and weekly
    // FREQs with legal parts and `FREQ=MONTHLY;BYDAY=-1FR`, from the 9 sane starts, less the
    // weekly ones from starts too near 2582: 2 starts in 2582 for each of the 3 short
    // intervals, 8 starts after 1953 for 32,767 weeks.
    #expect(sure == 12 * 9 - 3 * 2 - 8)
  }

  @Test func theUsualRulesNeedNoIterator() {
    let start = icaltime_from_string("20240801T090000Z")
    for text in [
      "FREQ=DAILY;BYDAY=MO;BYHOUR=1,2,3", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=-1FR",
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=MONTHLY;BYMONTHDAY=1,15",
      "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=15",
      // August has a 31st, 2024 a 29 February.
      "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
    ] {
      #expect(RuleLimits.surelyAccepted(icalrecurrencetype_from_string(text), from: start))
    }
    for text in [
      "FREQ=WEEKLY;BYMONTHDAY=3", "FREQ=DAILY;BYYEARDAY=1", "FREQ=MONTHLY;BYDAY=5FR",
      "FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR",
      "FREQ=YEARLY;BYYEARDAY=100", "FREQ=YEARLY;BYMONTH=2;BYDAY=MO;BYSETPOS=1",
    ] {
      #expect(!RuleLimits.surelyAccepted(icalrecurrencetype_from_string(text), from: start))
    }
  }

  /// Rules whose every period lacks their days, which libical's iterator refuses (each after
  /// searching to the year 20000), are not taken as sure: its BYSETPOS counting duplicate
  /// BYMONTHDAY values, one BYDAY day asked for a second, February 30 every year, February 29
  /// every four years from a common year.
  @Test func rulesLibicalRefusesAreNotSure() {
    for (text, day) in [
      ("FREQ=MONTHLY;BYMONTHDAY=1,1;BYSETPOS=-1", "20241223T090000"),
      ("FREQ=MONTHLY;BYDAY=1MO,1MO;BYSETPOS=2", "20240801T090000"),
      ("FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30", "20230201T090000"),
      ("FREQ=YEARLY;INTERVAL=4;BYMONTH=2", "20230129T090000"),
    ] {
      let rule = icalrecurrencetype_from_string(text)
      let start = icaltime_from_string(day)
      #expect(RuleLimits.problem(of: rule) == nil, "\(text)")
      let iterator = LibicalGate.run { icalrecur_iterator_new(rule, start) }
      #expect(iterator == nil, "\(text) from \(day)")
      if let iterator { LibicalGate.run { icalrecur_iterator_free(iterator) } }
      #expect(!RuleLimits.surelyAccepted(rule, from: start), "\(text) from \(day)")
    }
  }

  /// A random MONTHLY or YEARLY rule, mostly of the shapes ``RuleLimits/surelyAccepted(_:from:)``
  /// takes as sure, many just outside them: days 29–31, fifth weekdays, BYMONTHDAY with BYDAY,
  /// BYSETPOS past what a month holds, BYMONTH=2 from the 30th, starts in December 2582.
  static func monthlyOrYearly(_ random: inout SeededRandom) -> String {
    let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    var text = random.next(2) == 0 ? "FREQ=MONTHLY" : "FREQ=YEARLY"
    // 12 and 336 months come back to the same month, 336 to the same weekdays too.
    if random.next(4) == 0 { text += ";INTERVAL=\([2, 12, 336, 400][random.next(4)])" }
    if random.next(3) == 0 {
      let months = (0...random.next(2)).map { _ in String(1 + random.next(12)) }
      text += ";BYMONTH=\(months.joined(separator: ","))"
    }
    if random.next(2) == 0 {
      let days = (0...random.next(2)).map { _ -> String in
        let day = random.next(2) == 0 ? 1 + random.next(28) : [1, 28, 29, 30, 31][random.next(5)]
        return String(random.next(3) == 0 ? -day : day)
      }
      text += ";BYMONTHDAY=\(days.joined(separator: ","))"
    }
    if random.next(2) == 0 {
      let days = (0...random.next(3)).map { _ -> String in
        let name = names[random.next(7)]
        let position = [0, 0, 1, 4, -1, -4, 5, -5, 20, 52, 53][random.next(11)]
        return position == 0 ? name : "\(position)\(name)"
      }
      text += ";BYDAY=\(days.joined(separator: ","))"
    }
    if random.next(6) == 0 { text += ";BYHOUR=\(random.next(24))" }
    if random.next(3) == 0 {
      let positions = (0...random.next(1)).map { _ in
        String([1, 2, 4, 5, 8, 20, 21, -1, -3, -5][random.next(10)])
      }
      text += ";BYSETPOS=\(positions.joined(separator: ","))"
    }
    return text
  }

  /// Monthly and yearly rules taken as sure are accepted by libical's iterator, from starts
  /// on every day of a month (the 29th to 31st too), leap days, and the years near libical's
  /// last (2582). Only those are handed to the iterator: one that refuses searches every month
  /// up to the year 20000 (about a second each). A looser check fails here: taking BYDAY=5MO,
  /// BYMONTHDAY=29 or BYMONTH=2 from the 30th as sure, or BYSETPOS past what a month holds.
  @Test func monthlyAndYearlyRulesTakenAsSureAreAccepted() {
    var random = SeededRandom(state: 20_261_127)
    var sure = 0
    var unsure = 0
    for _ in 0..<40_000 {
      let text = Self.monthlyOrYearly(&random)
      let rule = icalrecurrencetype_from_string(text)
      guard rule.freq != ICAL_NO_RECURRENCE, RuleLimits.problem(of: rule) == nil else {
        continue
      }
      // December of 2582: a first instance in the next month or year is past libical's last.
      let year = Int32([1970, 2000, 2024, 2581, 2582, 2582][random.next(6)])
      let month = Int32(random.next(3) == 0 ? 12 : 1 + random.next(12))
      var start = icaltime_from_string("20000101T093000")
      (start.year, start.month) = (year, month)
      // Often the month's last days: from the 29th to 31st, other months lack the day.
      let length = Int(icaltime_days_in_month(month, year))
      start.day = Int32(random.next(2) == 0 ? length - random.next(3) : 1 + random.next(length))
      if random.next(4) == 0 { start.is_date = 1 }
      guard RuleLimits.surelyAccepted(rule, from: start) else {
        unsure += 1
        continue
      }
      sure += 1
      let iterator = LibicalGate.run { icalrecur_iterator_new(rule, start) }
      if let iterator { LibicalGate.run { icalrecur_iterator_free(iterator) } }
      #expect(iterator != nil, "\(text) from \(start.year)-\(start.month)-\(start.day)")
    }
    // The draw holds rules of both kinds.
    #expect(sure > 10_000)
    #expect(unsure > 5_000)
  }
}
