import Foundation
import LaneLayout
import Testing

/// ``EventDetails`` keeps a description to its cap at a character boundary, marks the cut, and
/// round-trips through a span's and a segment's Codable form beside their other fields.
struct EventDetailsValueTests {
  @Test(arguments: ["a", "é", "👩‍👩‍👧", "e\u{301}"])
  func aLongDescriptionIsCutAtACharacterBoundary(unit: String) throws {
    let text = String(repeating: unit, count: 5_000)
    let details = EventDetails(description: text)
    let cut = try #require(details.description)
    #expect(details.descriptionTruncated)
    #expect(cut.utf8.count <= EventDetails.descriptionLimit)
    #expect(cut.utf8.count + unit.utf8.count + 3 > EventDetails.descriptionLimit)
    #expect(cut.hasSuffix(EventDetails.cutMark))
    #expect(cut.dropLast().allSatisfy { String($0) == unit })
  }

  @Test func aDescriptionAtTheCapIsKeptWhole() {
    let text = String(repeating: "x", count: EventDetails.descriptionLimit)
    let details = EventDetails(description: text)
    #expect(details.description == text)
    #expect(!details.descriptionTruncated)
    #expect(EventDetails().isEmpty)
  }

  @Test func detailsRoundTripThroughSpansAndSegments() throws {
    let day = try #require(Day(year: 2024, month: 8, day: 5))
    var span = DaySpan(title: "T", firstDay: day, lastDay: day)
    span.details = EventDetails(
      description: String(repeating: "é", count: 3_000), url: "https://e.example",
      status: .tentative, organizer: "Ann", attendeeCount: 4)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let spanText = String(decoding: try encoder.encode(span), as: UTF8.self)
    #expect(spanText.contains("\"descriptionTruncated\":true"))
    #expect(spanText.contains("\"attendees\":4"))
    #expect(try JSONDecoder().decode(DaySpan.self, from: encoder.encode(span)) == span)
    let segment = Segment(span: span, firstDay: day, lastDay: day)
    let back = try JSONDecoder().decode(Segment.self, from: encoder.encode(segment))
    #expect(back.details == span.details)
    // Empty details are none: no keys written.
    span.details = EventDetails()
    #expect(span.details == nil)
    #expect(!String(decoding: try encoder.encode(span), as: UTF8.self).contains("status"))
  }
}
