import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// DESCRIPTION, URL, STATUS, ORGANIZER and the attendee count reach the spans of kept events,
/// read by libical (the pre-filter no longer leaves DESCRIPTION, ORGANIZER and ATTENDEE out of
/// what it hands libical).
struct EventDetailsTests {
  /// The sample's weekly planning carries every field; the retro is tentative; the stand-up
  /// has no details, and the pre-filtered load reads what the unfiltered one reads.
  @Test(arguments: [true, false])
  func theTeamSampleCarriesItsDetails(prefilter: Bool) throws {
    var request = try LayoutRequest(
      feeds: [FeedInput(TestSupport.sample("team.ics"))],
      first: try TestSupport.requireMonth("2024-08"),
      options: TestSupport.view(try TestSupport.requireZone("Europe/Berlin")))
    request.prefilter = prefilter
    let layout = try CalendarSource.layOut(request).layouts[0]
    let weekly = try #require(layout.segments.first { $0.uid == "weekly@team" })
    #expect(
      weekly.details
        == EventDetails(
          description:
            "Agenda: https://wiki.example.com/team/planning\nBring your sprint board updates.",
          url: "https://meet.example.com/weekly-planning", status: .confirmed,
          organizer: "Anna Becker", attendeeCount: 3))
    let retro = try #require(layout.segments.first { $0.uid == "retro@team" })
    #expect(retro.details?.status == .tentative)
    #expect(retro.details?.description?.hasPrefix("What went well & what didn't <3.") == true)
    let standup = try #require(layout.segments.first { $0.uid == "standup@team" })
    #expect(standup.details == nil)
  }

  /// A long DESCRIPTION is cut at a character boundary and marked; an ORGANIZER without CN
  /// gives its address; an override's details are its own.
  @Test func longDescriptionsAreCutAndOrganizersFallBackToTheAddress() throws {
    let long = String(repeating: "Grüße 👋 ", count: 500)
    let text = TestSupport.feed([
      [
        "UID:a", "DTSTART:20240805T100000Z", "DTEND:20240805T110000Z", "SUMMARY:Long",
        "DESCRIPTION:\(long)", "ORGANIZER:MAILTO:boss@example.com", "STATUS:TENTATIVE",
      ].joined(separator: "\r\n"),
      [
        "UID:b", "DTSTART:20240806T100000Z", "SUMMARY:Series", "RRULE:FREQ=DAILY;COUNT=3",
        "URL:https://example.com/b",
      ].joined(separator: "\r\n"),
      [
        "UID:b", "RECURRENCE-ID:20240807T100000Z", "DTSTART:20240807T120000Z",
        "SUMMARY:Moved", "DESCRIPTION:moved\\, see notes",
      ].joined(separator: "\r\n"),
    ])
    let layout = try TestSupport.layOut(text, month: "2024-08")
    let first = try #require(layout.segments.first { $0.uid == "a" }?.details)
    let description = try #require(first.description)
    #expect(first.descriptionTruncated)
    #expect(description.utf8.count <= EventDetails.descriptionLimit)
    #expect(description.utf8.count > EventDetails.descriptionLimit - 8)
    #expect(description.hasSuffix("…"))
    #expect(long.hasPrefix(String(description.dropLast())))
    #expect(first.organizer == "boss@example.com")
    #expect(first.status == .tentative)
    let series = TestSupport.occurrences(layout).filter { $0.uid == "b" }
    #expect(series.count == 3)
    #expect(
      series.map { $0.details?.url } == ["https://example.com/b", nil, "https://example.com/b"])
    #expect(series[1].details?.description == "moved, see notes")
  }
}
