import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Rules libical would search without end or second by second (issue 11, fuzzing round of
/// 2026-11-23): one call of its iterator walks every FREQ period until the BY parts match, so a
/// rule that never matches stalled icslanes for minutes, past the expansion's time budget.
@Suite("Hostile rule searches")
struct HostileRuleSearchTests {
  private func load(_ name: String) throws -> (Feed, MonthLayout, [ImportWarning]) {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/\(name)"))
    let (layout, warnings) = try Hostile.layOut([feed])
    return (feed, layout, warnings)
  }

  private func warning(_ warnings: [ImportWarning], _ uid: String, _ text: String) -> Bool {
    warnings.contains { $0.uid == uid && $0.message.contains(text) }
  }

  @Test("BY parts naming no day of any year drop the rule: events, additional rules, zones")
  func noSuchDay() throws {
    let (_, layout, warnings) = try load("no-such-day.ics")
    for uid in ["hourly-april-31", "secondly-february-30", "hourly-yearday-1-in-february"] {
      #expect(warning(warnings, uid, "no day of any year has them all; dropped"), "\(uid)")
    }
    #expect(warning(warnings, "extra-rule", "additional RRULE has BYMONTH=6;BYMONTHDAY=31"))
    #expect(warnings.contains { $0.message.contains("VTIMEZONE observance") })
    // The weekly rule stays; DTSTART in January is all the dropped rules leave.
    #expect(layout.segments.filter { $0.uid == "extra-rule" }.count == 4)
    #expect(Hostile.uids(layout).sorted() == ["extra-rule", "zoned"])
    #expect(layout.stats?.addsUp == true)
  }

  @Test("a BYMONTH and BYMONTHDAY rule is dropped exactly when the day does not exist")
  func everyMonthDay() throws {
    let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for month in 1...12 {
      for day in [28, 29, 30, 31, -28, -29, -30, -31] {
        let text = Hostile.calendar(
          Hostile.event(
            "d", "DTSTART:20240101T090000Z",
            "RRULE:FREQ=DAILY;BYMONTH=\(month);BYMONTHDAY=\(day)"))
        let feed = try Feed(text: text, name: "day")
        let dropped = feed.warnings.contains { $0.message.contains("no day of any year") }
        #expect(dropped == (abs(day) > lengths[month - 1]), "BYMONTH=\(month);BYMONTHDAY=\(day)")
      }
    }
    // BYYEARDAY with BYMONTHDAY: day 60 is 29 February or 1 March; day 366 only 31 December.
    for (parts, dropped) in [
      ("BYYEARDAY=60;BYMONTHDAY=29", false), ("BYYEARDAY=60;BYMONTHDAY=2", true),
      ("BYYEARDAY=366;BYMONTH=12", false), ("BYYEARDAY=-366;BYMONTH=1", false),
      ("BYYEARDAY=366;BYMONTH=11", true),
    ] {
      let text = Hostile.calendar(
        Hostile.event("y", "DTSTART:20240101T090000Z", "RRULE:FREQ=HOURLY;\(parts)"))
      let feed = try Feed(text: text, name: "yearday")
      #expect(
        feed.warnings.contains { $0.message.contains("no day of any year") } == dropped, "\(parts)")
    }
  }

  @Test("FREQ=MINUTELY or SECONDLY limited to some days of the year is dropped; HOURLY stays")
  func sparseSubDaily() throws {
    let (_, layout, warnings) = try load("sparse-minutely.ics")
    #expect(warning(warnings, "minutely-leap-day", "libical would search minute by minute"))
    #expect(warning(warnings, "secondly-leap-day", "libical would search second by second"))
    // Every hour of 29 February (next in 2028): kept, and none in August.
    #expect(!warnings.contains { $0.uid == "hourly-leap-day" })
    #expect(layout.segments.isEmpty)
    // Limited to weekdays (at most six days apart), a minutely rule stays.
    let text = Hostile.calendar(
      Hostile.event(
        "m", "DTSTART:20240801T090000Z", "DURATION:PT1M",
        "RRULE:FREQ=MINUTELY;INTERVAL=720;BYDAY=MO"))
    let (_, mondays, more) = try Hostile.layOut(text: text)
    #expect(more.isEmpty)
    // DTSTART (a Thursday) is the first instance, then every 12 hours of each Monday.
    #expect(
      mondays.segments.map(\.start.description).prefix(3) == [
        "2024-08-01T09:00:00+00:00", "2024-08-05T09:00:00+00:00", "2024-08-05T21:00:00+00:00",
      ])
    #expect(mondays.segments.count == 1 + 4 * 2)
  }

  @Test("a COUNT walk stops at the step cap; a COUNT beyond reach jumps or is counted out")
  func countWalk() throws {
    let (_, layout, warnings) = try load("count-walk.ics")
    // Every 30 s since 1970, COUNT 10^9: it runs past 2024, so the iterator jumps to August.
    let minutely = layout.segments.filter { $0.uid == "minutely-count" }
    #expect(minutely.count == 10_000)
    #expect(minutely.first?.start == "2024-08-01T00:00:00+00:00")
    #expect(warning(warnings, "minutely-count", "only the first 10000"))
    // COUNT may end before August: the walk there would count 5.7·10^7 occurrences one by one.
    #expect(warning(warnings, "secondly-count", "more than 200000 steps to reach the window"))
    #expect(!layout.segments.contains { $0.uid == "secondly-count" })
    // Three instances every hour, counted out by the hour: the 10^6 end in 2008, no walk.
    #expect(!warnings.contains { $0.uid == "hourly-count" })
    #expect(!layout.segments.contains { $0.uid == "hourly-count" })
    // A short walk is unchanged: ten instances from 1 August, twice a day.
    #expect(layout.segments.filter { $0.uid == "daily-count" }.count == 10)
    #expect(!warnings.contains { $0.uid == "daily-count" })
    #expect(layout.stats?.addsUp == true)
  }

  @Test("a sub-daily rule with a time part and a DATE start is dropped; a daily one stays")
  func dateStartSubDaily() throws {
    // Found by fuzzing (third round): `FREQ=SECONDLY;BYSECOND=5` from a DATE never matched in
    // libical, whose iterator searched each step to its last year (over 8 s for one event).
    let (_, layout, warnings) = try load("date-start-subdaily.ics")
    for uid in ["secondly-date", "minutely-date", "hourly-date"] {
      #expect(
        warning(warnings, uid, "with a DATE DTSTART, which RFC 5545 forbids"), "\(uid)")
      #expect(layout.segments.filter { $0.uid == uid }.count == 1, "\(uid)")
    }
    #expect(!warnings.contains { $0.uid == "daily-date-byhour" })
    #expect(layout.segments.filter { $0.uid == "daily-date-byhour" }.count == 3)
    #expect(layout.stats?.addsUp == true)
  }

  @Test("rules libical searched period by period cost their occurrences, not their periods")
  func searchedRules() throws {
    // Found by timing what the fuzzer's timeouts had in common (2026-11-24): 20 `FREQ=SECONDLY`
    // events took 7.5 s, 9,000 `FREQ=HOURLY;BYMONTH=2` events over a minute, as libical's
    // iterator passed every period between two instances. The Swift expander skips to the
    // next day, hour or minute that may hold one: a step per occurrence, one per skip.
    let (_, layout, warnings) = try load("rule-searches.ics")
    func count(_ uid: String) -> Int { layout.segments.filter { $0.uid == uid }.count }
    #expect(count("minutely-hour-5") == 60 * 31)
    for uid in ["minutely-hour-5", "hourly-february", "daily-february"] {
      #expect(!warnings.contains { $0.uid == uid }, "\(uid)")
    }
    // Every second of August from midnight (UTC): it meets its cap of 10,000.
    #expect(count("secondly-every") == 10_000)
    #expect(warning(warnings, "secondly-every", "only the first 10000"))
    // No step budget is met: the feed's occurrence budget (20,000 shared) cuts the rest.
    #expect(!warnings.contains { $0.message.contains("recurrence steps") })
    #expect(count("secondly-minute-5") == 20_000 + 4 - 10_000 - 60 * 31 - 1)
    #expect(count("secondly-mondays") == 1)
    #expect(
      warnings.contains {
        $0.uid == nil && $0.message.contains("20004 are laid out")
          && $0.message.contains("of 2 event(s), are left out")
      })
    #expect(layout.stats?.addsUp == true)
  }

  @Test("a feed of COUNT walks spends one budget: N events cost the budget plus N probes")
  func searchedRulesShareTheBudget() throws {
    // Each `FREQ=HOURLY;BYDAY=MO,WE,FR;COUNT=30000` event from 1 January 2020 ends in 2025 and
    // walks from DTSTART: a step for each of its 24 hours on the days it holds, one for each day
    // it skips, some 18,500 steps to the window's end. The feed's 300,000 expand sixteen; the
    // seventeenth stops before the window and the others do not start (DTSTART is in 2020).
    let events = (0..<40).map {
      Hostile.event(
        "h\($0)", "DTSTART:20200101T050000Z", "DURATION:PT1M",
        "RRULE:FREQ=HOURLY;BYDAY=MO,WE,FR;COUNT=30000")
    }
    let (_, layout, warnings) = try Hostile.layOut(text: Hostile.calendar(events.joined()))
    let perEvent = Dictionary(grouping: layout.segments, by: \.uid).mapValues(\.count)
    // August 2024 has 13 Mondays, Wednesdays and Fridays.
    #expect(perEvent.count == 16)
    #expect(perEvent.values.allSatisfy { $0 == 24 * 13 })
    #expect(
      warnings.contains {
        $0.uid == nil
          && $0.message.hasSuffix(
            "budget of 300000 for the window: the expansion of 24 event(s) stops there")
      })
    #expect(layout.stats?.addsUp == true)
  }

  @Test("BYSETPOS beyond what one FREQ period holds drops the rule; within it stays")
  func positionsBeyondTheSet() throws {
    // Found by replaying the fuzzer's timeouts (2026-11-24): `FREQ=MONTHLY;BYSETPOS=3` picks the
    // third of the one instance a month holds; libical 3.0.16 searched it to its last year,
    // half a second per event, before refusing it.
    let (_, layout, warnings) = try load("set-positions.ics")
    for (uid, most) in [
      ("monthly-third-of-one", 1), ("sixth-thursday", 5), ("yearly-second-of-one", 1),
    ] {
      #expect(
        warning(
          warnings, uid, "one FREQ period holds at most \(most) instance(s): the rule has none"),
        "\(uid)")
      #expect(!layout.segments.contains { $0.uid == uid }, "\(uid)")
    }
    #expect(
      layout.segments.filter { $0.uid == "last-weekday" }.map(\.start.description) == [
        "2024-08-30T09:00:00+00:00"
      ])
    #expect(
      layout.segments.filter { $0.uid == "fifth-thursday" }.map(\.start.description) == [
        "2024-08-29T09:00:00+00:00"
      ])
    #expect(!warnings.contains { $0.uid == "last-weekday" || $0.uid == "fifth-thursday" })
    // The bound is an upper one: each rule at it keeps its instances.
    for (rule, start) in [
      ("FREQ=MONTHLY;BYMONTHDAY=1,2;BYSETPOS=-2", "20240801T090000Z"),
      ("FREQ=YEARLY;BYMONTH=8;BYDAY=TH;BYSETPOS=5", "20240829T090000Z"),
      ("FREQ=WEEKLY;BYDAY=MO,TU;BYHOUR=9,10;BYSETPOS=4", "20240806T100000Z"),
    ] {
      let text = Hostile.calendar(Hostile.event("r", "DTSTART:\(start)", "RRULE:\(rule)"))
      let (_, kept, more) = try Hostile.layOut(text: text)
      #expect(more.isEmpty, "\(rule)")
      #expect(!kept.segments.isEmpty, "\(rule)")
    }
  }
}
