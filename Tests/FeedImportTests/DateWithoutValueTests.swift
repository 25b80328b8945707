import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// A DTSTART or DTEND of eight digits without `VALUE=DATE` (`DTSTART;TZID=US/Pacific:20041225`,
/// as older Google exports and hand-written feeds have it) is a DATE for libical: the scan reads
/// its day, so that the event is passed over for the months it cannot reach instead of being
/// kept for every window. Dates libical rejects stay unread, and the event stays for libical.
@Suite struct DateWithoutValueTests {
  static let feedText: String = {
    let events = [
      Hostile.event(
        "google-holiday", "DTSTART;TZID=America/Los_Angeles:20041225", "DURATION:PT86400S",
        "RRULE:FREQ=YEARLY", "SUMMARY:Christmas"),
      Hostile.event(
        "zoned-days", "DTSTART;TZID=US/Pacific:20240805", "DTEND;TZID=US/Pacific:20240807",
        "SUMMARY:Two days"),
      Hostile.event("plain-days", "DTSTART:20231230", "DTEND:20240102", "SUMMARY:New year"),
      Hostile.event(
        "timed-start-date-end", "DTSTART:20240305T220000Z", "DTEND:20240307",
        "SUMMARY:Timed, date end"),
      Hostile.event(
        "date-start-timed-end", "DTSTART:20240610", "DTEND:20240612T100000Z",
        "SUMMARY:Date, timed end"),
      Hostile.event(
        "ends-before", "DTSTART:20240910", "DTEND;VALUE=DATE:20240908", "SUMMARY:Backwards"),
      Hostile.event("hour-long-date", "DTSTART:20241015", "DURATION:PT1H", "SUMMARY:An hour"),
      Hostile.event("no-such-day", "DTSTART:20240231", "DURATION:P1D", "SUMMARY:30 February"),
      Hostile.event(
        "date-time-said", "DTSTART;VALUE=DATE-TIME:20241120", "DURATION:P1D",
        "SUMMARY:Said DATE-TIME"),
      Hostile.event(
        "weekly-dates", "DTSTART:20240102", "RRULE:FREQ=WEEKLY;COUNT=6",
        "EXDATE;VALUE=DATE:20240116", "SUMMARY:Weekly from a date"),
    ]
    return Hostile.calendar(events.joined())
  }()

  @Test func theScanReadsEightDigitsAsADate() throws {
    let facts = try KeptWindowsTests.facts(of: Array(Self.feedText.utf8))
    let byUID = Dictionary(uniqueKeysWithValues: facts.map { ($0.uid ?? "", $0) })
    let holiday = try #require(byUID["google-holiday"])
    #expect(holiday.startDay == Day(year: 2004, month: 12, day: 25))
    #expect(!holiday.unreadable && holiday.keptWindow != nil)
    #expect(holiday.season != nil)
    let zoned = try #require(byUID["zoned-days"])
    #expect(zoned.endDay == Day(year: 2024, month: 8, day: 7) && zoned.keptWindow != nil)
    // Left to libical: a day that does not exist, and eight digits said to be a DATE-TIME.
    #expect(byUID["no-such-day"]?.keptWindow == nil)
    #expect(byUID["date-time-said"]?.keptWindow == nil)
  }

  @Test(arguments: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles"])
  func filteredMonthsMatchTheWholeFeed(zoneName: String) throws {
    let first = try #require(YearMonth(year: 2023, month: 11))
    let totals = try FilteredMonths.compare(
      Self.feedText, name: "dates", from: first, count: 26, zoneName: zoneName)
    #expect(totals.shown > 10)
    #expect(totals.passedOver > 100)
  }
}
