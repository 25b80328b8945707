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

  @Test("a COUNT walk past the step cap is not started; a COUNT beyond reach jumps")
  func countWalk() throws {
    let (_, layout, warnings) = try load("count-walk.ics")
    // Every 30 s since 1970, COUNT 10^9: it runs past 2024, so the iterator jumps to August.
    let minutely = layout.segments.filter { $0.uid == "minutely-count" }
    #expect(minutely.count == 10_000)
    #expect(minutely.first?.start == "2024-08-01T00:00:00+00:00")
    #expect(warning(warnings, "minutely-count", "only the first 10000"))
    // COUNT may end before August: walking there would look at 1.7·10^9 and 1.4·10^6 times.
    for uid in ["secondly-count", "hourly-count"] {
      #expect(warning(warnings, uid, "more than 200000 steps to reach the window"), "\(uid)")
      #expect(!layout.segments.contains { $0.uid == uid }, "\(uid)")
    }
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

  @Test("rules libical searches period by period are charged their candidate times")
  func searchedRules() throws {
    // Found by timing what the fuzzer's timeouts had in common (2026-11-24): 20 `FREQ=SECONDLY`
    // events took 7.5 s, 9,000 `FREQ=HOURLY;BYMONTH=2` events over a minute. Each period
    // libical passes costs it about 2 µs, and one `next` call may pass months of them.
    let (_, layout, warnings) = try load("rule-searches.ics")
    func count(_ uid: String) -> Int { layout.segments.filter { $0.uid == uid }.count }
    // Charged, and well within the budget: expanded as before.
    #expect(count("minutely-hour-5") == 60 * 31)
    for uid in ["minutely-hour-5", "hourly-february", "daily-february"] {
      #expect(!warnings.contains { $0.uid == uid }, "\(uid)")
    }
    // Every second of August from midnight (UTC: the iterator jumps there): it meets its cap
    // of 10,000.
    #expect(count("secondly-every") == 10_000)
    #expect(warning(warnings, "secondly-every", "only the first 10000"))
    // Every second of August to the next minute 5 is a step: the event's 200,000 take it
    // through some of August's minutes 5, and its expansion stops there.
    #expect(count("secondly-minute-5") > 0)
    #expect(count("secondly-minute-5") < 10_000)
    #expect(
      warning(warnings, "secondly-minute-5", "more than 200000 recurrence steps"))
    // One call for Mondays may search six days of seconds, more than the event's cap: not
    // started.
    #expect(count("secondly-mondays") == 0)
    #expect(
      warning(warnings, "secondly-mondays", "more than 200000 recurrence steps"))
    #expect(layout.stats?.addsUp == true)
  }

  @Test("a feed of searched rules spends one budget: N events cost the budget plus N probes")
  func searchedRulesShareTheBudget() throws {
    // Each `FREQ=MINUTELY;BYHOUR=5` event from 1 August costs some 48,700 steps there (every
    // minute to the window's end and its margin): the feed's 300,000 expand six, stop the
    // seventh part way, and the others keep DTSTART.
    let events = (0..<40).map {
      Hostile.event(
        "m\($0)", "DTSTART:20240801T050000Z", "DURATION:PT1M", "RRULE:FREQ=MINUTELY;BYHOUR=5")
    }
    let (_, layout, warnings) = try Hostile.layOut(text: Hostile.calendar(events.joined()))
    let perEvent = Dictionary(grouping: layout.segments, by: \.uid).mapValues(\.count)
    #expect(perEvent.count == 40)
    #expect(perEvent.values.filter { $0 == 60 * 31 }.count == 6)
    #expect(perEvent.values.filter { $0 > 1 && $0 < 60 * 31 }.count == 1)
    #expect(perEvent.values.filter { $0 == 1 }.count == 33)
    #expect(
      warnings.contains {
        $0.uid == nil
          && $0.message.hasSuffix(
            "budget of 300000 for the window: the expansion of 34 event(s) stops there")
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
