import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// What the import reads from VEVENTs, checked through real libical.
struct ImportCaseTests {
  @Test func dateStartWithoutEndCoversOneDay() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed(["UID:a\r\nDTSTART;VALUE=DATE:20240805\r\nSUMMARY:Holiday"]),
      month: "2024-08")
    let segment = try #require(layout.segments.first)
    #expect(segment.allDay)
    #expect(segment.start == "2024-08-05" && segment.end == "2024-08-06")
    #expect(segment.firstDay == Day(iso: "2024-08-05") && segment.lastDay == Day(iso: "2024-08-05"))
    #expect(segment.recurrenceId == nil)
  }

  @Test func dateTimeStartWithoutEndIsZeroLength() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed(["UID:b\r\nDTSTART:20240805T230000Z\r\nSUMMARY:Reminder"]), month: "2024-08",
      zone: "Europe/Berlin")
    let segment = try #require(layout.segments.first)
    #expect(segment.start == "2024-08-06T01:00:00+02:00")
    #expect(segment.end == segment.start)
    #expect(segment.firstDay == Day(iso: "2024-08-06") && segment.lastDay == segment.firstDay)
  }

  @Test func durationGivesTheEnd() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed(["UID:c\r\nDTSTART:20240805T220000Z\r\nDURATION:PT3H\r\nSUMMARY:Late"]),
      month: "2024-08")
    let segment = try #require(layout.segments.first)
    #expect(segment.end == "2024-08-06T01:00:00+00:00")
    #expect(segment.lastDay == Day(iso: "2024-08-06"))
  }

  @Test func endingAtMidnightCoversOneDay() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed([
        "UID:d\r\nDTSTART:20240823T220000\r\nDTEND:20240824T000000\r\nSUMMARY:Concert"
      ]),
      month: "2024-08", zone: "Asia/Tokyo")
    let segment = try #require(layout.segments.first)
    // Floating: read in the display zone.
    #expect(segment.start == "2024-08-23T22:00:00+09:00")
    #expect(segment.firstDay == Day(iso: "2024-08-23") && segment.lastDay == Day(iso: "2024-08-23"))
  }

  @Test func tzidResolvesThroughTheFeedsOwnVTimezone() throws {
    // A made-up zone at +05:17 that matches no system zone.
    let zone = """
      BEGIN:VTIMEZONE\r\nTZID:Custom/Odd\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0517\r\nTZOFFSETTO:+0517\r\nEND:STANDARD\r\nEND:VTIMEZONE
      """
    let layout = try TestSupport.layOut(
      TestSupport.feed(
        [
          "UID:e\r\nDTSTART;TZID=Custom/Odd:20240805T051700\r\nDTEND;TZID=Custom/Odd:20240805T061700\r\nSUMMARY:Odd"
        ], header: zone),
      month: "2024-08")
    #expect(layout.segments.first?.start == "2024-08-05T00:00:00+00:00")
  }

  @Test func tzidResolvesThroughSystemNames() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed([
        "UID:f\r\nDTSTART;TZID=America/New_York:20240805T200000\r\nDTEND;TZID=America/New_York:20240805T210000\r\nSUMMARY:NY"
      ]),
      month: "2024-08", zone: "Europe/Berlin")
    let segment = try #require(layout.segments.first)
    #expect(segment.start == "2024-08-06T02:00:00+02:00")
    #expect(segment.firstDay == Day(iso: "2024-08-06"))
  }

  @Test func summaryIsUnescapedAndUidMayBeMissing() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed(["DTSTART;VALUE=DATE:20240805\r\nSUMMARY:Fish\\, chips\\; and \\\\ more"]),
      month: "2024-08")
    let segment = try #require(layout.segments.first)
    #expect(segment.title == "Fish, chips; and \\ more")
    #expect(segment.uid == "")
  }

  @Test func missingSummaryIsEmpty() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed(["UID:g\r\nDTSTART;VALUE=DATE:20240805"]), month: "2024-08")
    #expect(layout.segments.first?.title == "")
  }

  @Test func cancelledEventsAreLeftOutAndCounted() throws {
    let layout = try TestSupport.layOut(
      TestSupport.feed([
        "UID:h\r\nDTSTART;VALUE=DATE:20240805\r\nSTATUS:CANCELLED\r\nSUMMARY:Off",
        "UID:i\r\nDTSTART;VALUE=DATE:20240806\r\nSUMMARY:On",
      ]), month: "2024-08")
    #expect(layout.segments.map(\.title) == ["On"])
    #expect(layout.stats?.eventsCancelled == 1)
    #expect(layout.stats?.addsUp == true)
  }

  @Test func severalCalendarsInOneFile() throws {
    let text =
      TestSupport.feed(["UID:j\r\nDTSTART;VALUE=DATE:20240805\r\nSUMMARY:One"])
      + TestSupport.feed(["UID:k\r\nDTSTART;VALUE=DATE:20240806\r\nSUMMARY:Two"])
    let layout = try TestSupport.layOut(text, month: "2024-08")
    #expect(Set(layout.segments.map(\.title)) == ["One", "Two"])
  }

  @Test func weeklyRuleWithExdateIsExpandedInTheWindowOnly() throws {
    let text = TestSupport.feed([
      "UID:w\r\nDTSTART;TZID=Europe/Berlin:20200106T093000\r\nDTEND;TZID=Europe/Berlin:20200106T100000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\nEXDATE;TZID=Europe/Berlin:20240812T093000\r\nSUMMARY:Weekly"
    ])
    let layout = try TestSupport.layOut(text, month: "2024-08", zone: "Europe/Berlin")
    let starts = TestSupport.occurrences(layout).map(\.start.description)
    #expect(
      starts == [
        "2024-08-05T09:30:00+02:00", "2024-08-19T09:30:00+02:00", "2024-08-26T09:30:00+02:00",
      ])
    #expect(TestSupport.occurrences(layout).allSatisfy { $0.recurrenceId == $0.start })
  }

  @Test func floatingTimesFollowTheDisplayZoneButDatesNeverMove() throws {
    let text = TestSupport.feed([
      "UID:l\r\nDTSTART:20240805T230000\r\nDTEND:20240806T010000\r\nSUMMARY:Floating",
      "UID:m\r\nDTSTART;VALUE=DATE:20240810\r\nDTEND;VALUE=DATE:20240812\r\nSUMMARY:Weekend",
    ])
    for zone in ["UTC", "Pacific/Auckland", "America/Los_Angeles"] {
      let layout = try TestSupport.layOut(text, month: "2024-08", zone: zone)
      let floating = try #require(layout.segments.first { $0.uid == "l" })
      #expect(floating.start.description.hasPrefix("2024-08-05T23:00:00"))
      // Saturday to Sunday: two segments, across the row edge, whatever the zone.
      let weekend = layout.segments.filter { $0.uid == "m" }
      #expect(weekend.map(\.firstDay) == [Day(iso: "2024-08-10"), Day(iso: "2024-08-11")])
      #expect(weekend.map(\.lastDay) == [Day(iso: "2024-08-10"), Day(iso: "2024-08-11")])
      #expect(weekend.allSatisfy { $0.start == "2024-08-10" && $0.end == "2024-08-12" })
    }
  }

  @Test func notICalendarIsAnError() {
    #expect(throws: ImportError.self) { try Feed(text: "<!DOCTYPE html><html>login</html>") }
    #expect(throws: ImportError.self) { try Feed(text: "") }
    #expect(throws: ImportError.self) { try Feed(contentsOf: "/nonexistent/feed.ics") }
  }
}
