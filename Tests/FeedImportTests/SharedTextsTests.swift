import LaneLayout
import Testing

@testable import FeedImport

/// A series' occurrences share one box of texts (a dense month is 100,000 spans): one for the
/// master's instances, one for each THISANDFUTURE override's, one for each override shown alone.
struct SharedTextsTests {
  static let feed = """
    BEGIN:VCALENDAR
    VERSION:2.0
    X-WR-CALNAME:Uni
    BEGIN:VEVENT
    UID:algebra@uni
    DTSTART:20240801T090000Z
    DURATION:PT1H
    RRULE:FREQ=DAILY;COUNT=31
    SUMMARY:Algebra
    LOCATION:Hall 2
    END:VEVENT
    BEGIN:VEVENT
    UID:algebra@uni
    RECURRENCE-ID;RANGE=THISANDFUTURE:20240820T090000Z
    DTSTART:20240820T100000Z
    DURATION:PT1H
    SUMMARY:Algebra (new room)
    LOCATION:Hall 5
    END:VEVENT
    BEGIN:VEVENT
    UID:algebra@uni
    RECURRENCE-ID:20240810T090000Z
    DTSTART:20240810T120000Z
    DURATION:PT1H
    SUMMARY:Algebra (make-up)
    END:VEVENT
    END:VCALENDAR

    """

  @Test func aSeriesSharesOneBoxPerPart() throws {
    let feed = try Feed(bytes: Array(Self.feed.utf8), name: "uni.ics")
    let zone = try #require(DisplayZone(named: "UTC"))
    let first = try #require(Day(iso: "2024-08-01"))
    let batch = feed.spans(from: first, through: first.adding(days: 30), in: zone)
    #expect(batch.spans.count == 31)
    let before = batch.spans.filter { $0.title == "Algebra" }
    let after = batch.spans.filter { $0.title == "Algebra (new room)" }
    let makeUp = batch.spans.filter { $0.title == "Algebra (make-up)" }
    #expect(before.count == 18)
    #expect(after.count == 12)
    #expect(makeUp.count == 1)
    // The override's own occurrence (on the 20th) is shown alone; the instances after it take
    // its texts from the master's expansion.
    let twentieth = try #require(Day(iso: "2024-08-20"))
    let own = after.filter { $0.firstDay == twentieth }
    let following = after.filter { $0.firstDay > twentieth }
    #expect(own.count == 1)
    #expect(following.count == 11)
    #expect(before.allSatisfy { $0.texts === before[0].texts })
    #expect(following.allSatisfy { $0.texts === following[0].texts })
    #expect(before[0].texts !== following[0].texts)
    #expect(own[0].texts !== following[0].texts)
    #expect(after.allSatisfy { $0.location == "Hall 5" && $0.calendar == "Uni" })
    #expect(makeUp[0].location == nil)
    #expect(Set(batch.spans.map(\.uid)) == ["algebra@uni"])
  }
}
