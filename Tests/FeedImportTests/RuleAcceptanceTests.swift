import CLibical
import Testing

@testable import FeedImport

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
    // FREQs with legal parts, from the 9 sane starts, less the weekly ones from starts too near
    // 2582: 2 starts in 2582 for each of the 3 short intervals, 8 starts after 1953 for
    // 32,767 weeks.
    #expect(sure == 11 * 9 - 3 * 2 - 8)
  }

  @Test func theUsualRulesNeedNoIterator() {
    let start = icaltime_from_string("20240801T090000Z")
    for text in ["FREQ=DAILY;BYDAY=MO;BYHOUR=1,2,3", "FREQ=WEEKLY;BYDAY=MO,WE,FR"] {
      #expect(RuleLimits.surelyAccepted(icalrecurrencetype_from_string(text), from: start))
    }
    for text in ["FREQ=MONTHLY;BYDAY=-1FR", "FREQ=WEEKLY;BYMONTHDAY=3", "FREQ=DAILY;BYYEARDAY=1"] {
      #expect(!RuleLimits.surelyAccepted(icalrecurrencetype_from_string(text), from: start))
    }
  }
}
