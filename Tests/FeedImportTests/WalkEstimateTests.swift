import CLibical
import Foundation
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport

/// The steps a COUNT rule's walk from DTSTART is charged before the window
/// (`RuleSearch.walkSteps`): close to what libical does, so that calendars of ordinary yearly
/// and monthly series with COUNT are laid out whole, and never below the instances the walk
/// passes, so that a hostile rule still meets the feed's step budget.
@Suite("Walk estimate")
struct WalkEstimateTests {
  /// The warning of the feed's step budget among `warnings`.
  private func stepWarning(_ warnings: [ImportWarning]) -> ImportWarning? {
    warnings.first { $0.message.contains("recurrence steps") }
  }

  /// A feed of `count` series `FREQ=…;COUNT=…` from 2009 whose rules `rule(index)` gives, laid
  /// out for August 2024.
  private func layOut(_ count: Int, start: (Int) -> String, rule: (Int) -> String) throws -> (
    layout: MonthLayout, warnings: [ImportWarning]
  ) {
    var body = ""
    for index in 0..<count {
      body += Hostile.event(
        "series-\(index)", start(index), "DURATION:PT1H", "RRULE:\(rule(index))", "SUMMARY:S")
    }
    let (_, layout, warnings) = try Hostile.layOut(text: Hostile.calendar(body))
    return (layout, warnings)
  }

  @Test("200 birthdays with COUNT, BYMONTH and BYMONTHDAY from 2009: every one of August shown")
  func birthdays() throws {
    let (layout, warnings) = try layOut(200) { index in
      String(format: "DTSTART;VALUE=DATE:2009%02d%02d", index % 12 + 1, index % 28 + 1)
    } rule: { index in
      "FREQ=YEARLY;COUNT=100;BYMONTH=\(index % 12 + 1);BYMONTHDAY=\(index % 28 + 1)"
    }
    let stats = try Hostile.unwrap(layout.stats)
    // Charged 366 candidate days a year, 48 of these walks spent the feed's 300,000 steps (now
    // their COUNT is an UNTIL: `OnePerPeriodRuleTests`).
    #expect(stepWarning(warnings) == nil)
    #expect(stats.eventsShown == 17)
    #expect(stats.occurrences == 17)
  }

  @Test("200 yearly series on two days of their month with COUNT from 2009: all of August shown")
  func yearlyTwoDays() throws {
    let (layout, warnings) = try layOut(200) { index in
      String(format: "DTSTART:2009%02d01T090000Z", index % 12 + 1)
    } rule: { index in
      "FREQ=YEARLY;COUNT=100;BYMONTH=\(index % 12 + 1);BYMONTHDAY=1,15"
    }
    let stats = try Hostile.unwrap(layout.stats)
    // Charged 366 candidate days a year, 48 of these walks spent the budget; 10 steps a year
    // now.
    #expect(stepWarning(warnings) == nil)
    #expect(stats.eventsShown == 17)
    #expect(stats.occurrences == 34)
  }

  @Test("120 monthly series on the 1st and 15th with COUNT from 2009: each shown twice")
  func monthlyTwoDays() throws {
    let (layout, warnings) = try layOut(120) { _ in
      "DTSTART;TZID=Europe/Berlin:20090101T100000"
    } rule: { _ in
      "FREQ=MONTHLY;COUNT=400;BYMONTHDAY=1,15"
    }
    let stats = try Hostile.unwrap(layout.stats)
    // Charged 31 candidate days a month, 50 of these walks spent the budget; 5 steps now.
    #expect(stepWarning(warnings) == nil)
    #expect(stats.eventsShown == 120)
    #expect(stats.occurrences == 240)
  }

  /// Rules of every FREQ and BY part the estimate tells apart.
  static let rules = [
    "FREQ=YEARLY", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=YEARLY;BYDAY=1MO", "FREQ=YEARLY;BYDAY=MO", "FREQ=YEARLY;BYDAY=-1FR;BYMONTH=5",
    "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH,FR", "FREQ=YEARLY;BYYEARDAY=1,100,-1",
    "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=YEARLY;BYWEEKNO=1,53",
    "FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1,2,3,31",
    "FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=3;BYHOUR=9,17",
    "FREQ=YEARLY;BYMONTHDAY=14", "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYDAY=1MO",
    "FREQ=YEARLY;BYDAY=1MO,2MO,3MO,4MO,5MO,6MO,7MO,8MO,9MO,10MO,11MO,12MO,13MO,14MO,15MO",
    "FREQ=YEARLY;BYSETPOS=1,2,3,-1,-2;BYDAY=MO", "FREQ=MONTHLY;BYDAY=5FR", "FREQ=MONTHLY",
    "FREQ=MONTHLY;BYDAY=2TU",
    "FREQ=MONTHLY;BYDAY=MO,FR", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    "FREQ=MONTHLY;BYMONTHDAY=1,15,-1", "FREQ=MONTHLY;BYMONTH=3,9;BYMONTHDAY=14",
    "FREQ=MONTHLY;BYMONTHDAY=31;BYHOUR=8,12;BYMINUTE=0,30", "FREQ=MONTHLY;INTERVAL=2;BYDAY=SU",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;BYMONTH=2", "FREQ=WEEKLY;BYHOUR=9,10",
    "FREQ=DAILY;BYMONTH=2", "FREQ=DAILY;BYHOUR=9,12,15", "FREQ=HOURLY;BYDAY=SA",
  ]

  @Test("the estimate charges at least every instance libical yields before the window")
  func estimateCoversTheInstances() throws {
    var start = WallTime()
    (start.year, start.month, start.day, start.hour) = (2009, 1, 5, 10)
    // The walk of a window from 1 August 2024 (the rules HOURLY and finer over a year).
    for text in Self.rules {
      let yearsWalked: Int32 = text.hasPrefix("FREQ=HOURLY") ? 1 : 16
      let rule = RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil })
      var end = start
      (end.year, end.month, end.day) = (2009 + yearsWalked - 1, 8, 1)
      let elapsed = end.fieldSeconds - start.fieldSeconds
      var instances: Int64 = 0
      _ = LibicalRecurrence.iterate(rule, from: start, jumpingTo: nil) { next in
        guard next.fieldSeconds < end.fieldSeconds else { return false }
        instances += 1
        return true
      }
      let estimate = RuleSearch.walkSteps(of: rule, over: elapsed)
      #expect(instances > 0, "\(text)")
      #expect(estimate >= instances, "\(text): \(estimate) steps for \(instances) instances")
      // Within a few steps a period of the bound of candidate times it replaces.
      let periods = elapsed / RuleSearch.period(of: rule) + 2
      #expect(
        estimate <= SeriesExpander.candidates(of: rule, over: elapsed) + periods * 41, "\(text)")
    }
  }

  @Test("a rule of many instances a year is still charged each of them")
  func denseRulesStayDear() throws {
    let rule = RecurrenceRule(
      icalrecurrencetype_from_string("FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8,9,10,11,12"),
      zone: { _ in nil })
    // 5 weekdays × 53 weeks × 5 hours and the year's own 5 steps, 18 years (16 and the two
    // periods of the margin).
    #expect(RuleSearch.likelyInstancesPerPeriod(of: rule) == 5 * 53 * 5)
    #expect(RuleSearch.walkSteps(of: rule, over: 16 * 365 * 86_400) == 18 * (5 + 5 * 53 * 5))
  }
}
