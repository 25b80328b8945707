import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// An RDATE PERIOD that starts with a rule instance is that instance, with the PERIOD's end
/// (RFC 5545 3.8.5.2, 3.8.5.3), in every month that shows it and in none that does not: the
/// PERIOD won only when it met the visible days, so the month after showed the instance again
/// with DTSTART's longer length (found by comparing with recurring-ical-events).
@Suite struct PeriodInstanceWindowTests {
  /// The occurrences (start and end) of `text` laid out for `month` in `zone`.
  func occurrences(_ text: String, _ year: Int, _ month: Int, zone: String) throws -> [String] {
    let feed = try Feed(text: text, name: "period")
    let (layout, _) = try Hostile.layOut(
      [feed], month: YearMonth(year: year, month: month), zone: DisplayZone(named: zone))
    return TestSupport.occurrences(layout).map { "\($0.start)/\($0.end)" }
  }

  @Test func allDayPeriodKeepsItsEndInTheNextMonth() throws {
    let text = Hostile.calendar(
      Hostile.event(
        "last-saturday", "DTSTART;VALUE=DATE:20240330", "DURATION:P5D",
        "RRULE:FREQ=MONTHLY;BYDAY=-1SA;COUNT=3", "RDATE;VALUE=PERIOD:20240427/20240429"))
    #expect(
      try occurrences(text, 2024, 4, zone: "UTC") == [
        "2024-03-30/2024-04-04", "2024-04-27/2024-04-29",
      ])
    // The April instance lasts two days: May's grid (from Sunday 28 April) does not show it.
    #expect(try occurrences(text, 2024, 5, zone: "UTC") == ["2024-05-25/2024-05-30"])
  }

  @Test func timedPeriodKeepsItsEndInTheNextMonth() throws {
    let text = Hostile.calendar(
      Hostile.event(
        "first-friday", "DTSTART:20241004T010000Z", "DTEND:20241004T110000Z",
        "RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=1,2,3,4,5,6,7;COUNT=3",
        "RDATE;VALUE=PERIOD:20241101T010000Z/PT2H"))
    let zone = "America/Los_Angeles"
    #expect(
      try occurrences(text, 2024, 10, zone: zone) == [
        "2024-10-03T18:00:00-07:00/2024-10-04T04:00:00-07:00",
        "2024-10-31T18:00:00-07:00/2024-10-31T20:00:00-07:00",
      ])
    #expect(try occurrences(text, 2024, 11, zone: zone) == [])
  }

  @Test func firstPeriodAtAStartWinsWhereverTheWindowIs() throws {
    // Two PERIODs at one start: the first one's end, in both months that could show either.
    let text = Hostile.calendar(
      Hostile.event(
        "two-periods", "DTSTART;VALUE=DATE:20240601", "DURATION:P1D",
        "RDATE;VALUE=PERIOD:20240629/20240701,20240629/20240703"))
    #expect(
      try occurrences(text, 2024, 6, zone: "UTC") == [
        "2024-06-01/2024-06-02", "2024-06-29/2024-07-01",
      ])
    #expect(try occurrences(text, 2024, 7, zone: "UTC") == [])
  }
}
