import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Values at the edge of their fields (issue 11): each loads and lays out without a trap, and
/// the work it causes is bounded by a cap that says so in a warning.
@Suite("Hostile arithmetic")
struct HostileArithmeticTests {
  private func load(_ name: String) throws -> (Feed, MonthLayout, [ImportWarning]) {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/\(name)"))
    let (layout, warnings) = try Hostile.layOut([feed])
    return (feed, layout, warnings)
  }

  @Test("a DURATION of hundreds of millions of weeks is clamped to 10,000 years")
  func hugeWeeks() throws {
    let (feed, layout, warnings) = try load("dur-weeks.ics")
    #expect(feed.eventsRead == 3)
    #expect(Set(Hostile.uids(layout)) == ["w", "wn", "big"])
    #expect(warnings.filter { $0.message.contains("longer than 3652425 days") }.count == 2)
    #expect(warnings.contains { $0.message.contains("ends before it starts") })
    // The clamped span runs to the month's end, not past year 9999.
    let long = try Hostile.unwrap(layout.segments.last { $0.uid == "w" })
    #expect(long.lastDay == Day(year: 2024, month: 8, day: 31))
  }

  @Test("hours and minutes that overflow 32 bits in seconds are read in 64")
  func hugeHours() throws {
    let (_, layout, _) = try load("dur-hours.ics")
    #expect(Set(Hostile.uids(layout)) == ["h", "m"])
    let hours = try Hostile.unwrap(layout.segments.last { $0.uid == "h" })
    #expect(hours.lastDay == Day(year: 2024, month: 8, day: 31))
  }

  @Test("16,000 huge DURATION parts do not overflow the pre-scan's sum")
  func durationSum() throws {
    let text = Hostile.calendar(
      Hostile.event(
        "s", "DTSTART:20240805T090000Z",
        "DURATION:P" + String(repeating: "999999999W", count: 16_000)))
    let august =
      try Hostile.unwrap(
        Day(year: 2024, month: 8, day: 1))...Hostile.unwrap(
        Day(year: 2024, month: 8, day: 31))
    for window in [true, false] {
      let feed = try Feed(
        text: text, name: "sum",
        options: ImportOptions(window: window ? august : nil))
      #expect(feed.eventsRead == 1)
      // The unreadable DURATION is dropped; the event stays, one day at DTSTART.
      #expect(feed.skipped.isEmpty)
      let (layout, warnings) = try Hostile.layOut([feed])
      #expect(Hostile.uids(layout) == ["s"])
      let note = try Hostile.unwrap(
        (feed.warnings + warnings).first { $0.message.contains("DURATION") })
      // libical's message quotes the value: it is cut short.
      #expect(note.message.count < 300)
    }
  }

  @Test("BYWEEKNO=-53 never reaches libical's iterator: it is week 1 of a 53-week year")
  func weekNumberMinus53() throws {
    // libical 3.0.16 reads before its array for week -53 (a segfault); the rule is counted out
    // in Swift (`RuleExpander`): DTSTART's weekday, Saturday, of week 1 of 2020 (which has
    // 53 weeks) is 4 January; 2021 has 52 weeks and no instance.
    let (feed, august, warnings) = try load("byweekno.ics")
    #expect(august.segments.isEmpty)
    #expect(feed.skipped.isEmpty)
    #expect(!(feed.warnings + warnings).contains { $0.message.contains("BYWEEKNO") })
    let january2020 = try Hostile.layOut([feed], month: YearMonth(year: 2020, month: 1)).layout
    #expect(january2020.segments.map(\.start.description) == ["2020-01-04"])
    let january2021 = try Hostile.layOut([feed], month: YearMonth(year: 2021, month: 1)).layout
    #expect(january2021.segments.isEmpty)
  }

  @Test(
    "a daily series from year 1 in Berlin, shown for 9999-12 and 5000-06, keeps the zone's rules")
  func yearOneDaily() throws {
    let (feed, _, _) = try load("year-one-daily.ics")
    let berlin = try Hostile.unwrap(DisplayZone(named: "Europe/Berlin"))
    let december = try Hostile.layOut(
      [feed], month: YearMonth(year: 9999, month: 12), zone: berlin
    ).layout
    #expect(december.stats?.occurrences == 31)
    #expect(december.segments.first?.start == "9999-12-01T00:00:00+01:00")
    // Summer time in June 5000, as the zone's rules (and every tz database) say: midnight in
    // Berlin is 22:00 UTC the day before.
    let june = try Hostile.layOut([feed], month: YearMonth(year: 5000, month: 6)).layout
    #expect(june.segments.first?.start == "5000-06-01T22:00:00+00:00")
  }

  @Test("a VTIMEZONE observance repeating every minute or second loses that RRULE")
  func subDailyObservance() throws {
    for name in ["zone-minutely.ics", "zone-secondly.ics"] {
      let (_, layout, warnings) = try load(name)
      #expect(Hostile.uids(layout).count == 1)
      #expect(warnings.contains { $0.message.contains("repeats other than yearly") })
    }
  }

  @Test("a daily series lasting 10,000 years costs one window of occurrences per event")
  func dailyHugeDuration() throws {
    let (feed, layout, warnings) = try load("daily-huge-duration-3.ics")
    #expect(feed.eventsRead == 3)
    #expect(Set(Hostile.uids(layout)) == ["d0", "d1", "d2"])
    // Every instance from 5 August on overlaps the rest of the month: 27 each.
    #expect(Set(layout.segments.map(\.uid)).count == 3)
    #expect(!warnings.contains { $0.message.contains("steps") })
  }

  @Test("a THISANDFUTURE override of such a series stays cheap")
  func thisAndFutureHuge() throws {
    let (_, layout, warnings) = try load("thisandfuture-huge.ics")
    #expect(Hostile.uids(layout) == ["t"])
    #expect(!warnings.contains { $0.message.contains("took longer") })
  }

  @Test("RRULEs past the fourth are ignored with a warning")
  func manyRules() throws {
    let (_, layout, warnings) = try load("many-rrules-20.ics")
    #expect(Hostile.uids(layout) == ["r"])
    #expect(warnings.contains { $0.message.contains("20 RRULEs; icslanes uses the first 4") })
    let text = Hostile.calendar(
      Hostile.event(
        "r", "DTSTART:20240805T090000Z",
        (0..<2_000).map { "RRULE:FREQ=DAILY;BYHOUR=\($0 % 24)" }.joined(separator: "\r\n")))
    let (_, _, more) = try Hostile.layOut(text: text)
    #expect(more.contains { $0.message.contains("2000 RRULEs; icslanes uses the first 4") })
  }
}
