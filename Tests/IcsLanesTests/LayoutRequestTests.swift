import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// The one path from a request to layouts: `CalendarSource.layOut(_:)` and its streamed form.
@Suite("One request, through the facade")
struct LayoutRequestTests {
  /// A daily event through August 2024: 31 occurrences in the month.
  static let daily = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//icslanes//tests//EN\r
    BEGIN:VEVENT\r
    UID:daily@tests\r
    DTSTAMP:20240701T000000Z\r
    SUMMARY:Daily\r
    DTSTART:20240801T090000Z\r
    DTEND:20240801T093000Z\r
    RRULE:FREQ=DAILY;COUNT=31\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  static func request(cap: Int? = nil, strict: Bool = false) throws -> LayoutRequest {
    var importOptions = ImportOptions(strict: strict)
    if let cap { importOptions.maximumOccurrencesPerEvent = cap }
    return try LayoutRequest(
      feeds: [FeedInput(text: daily, source: "daily.ics")],
      first: try #require(YearMonth(year: 2024, month: 7)), count: 3,
      options: MonthViewOptions(zone: try #require(DisplayZone(named: "UTC"))),
      importOptions: importOptions)
  }

  @Test("Expansion warnings reach the result, after the loading's")
  func expansionWarningsKept() throws {
    let result = try CalendarSource.layOut(try LayoutRequestTests.request(cap: 5))
    #expect(result.layouts.count == 3)
    #expect(result.calendarNames == ["daily.ics"])
    let expansion = result.warnings.filter {
      if case .expansion = $0 { return true }
      return false
    }
    // August alone meets the cap; July and September have no occurrence.
    #expect(expansion.count == 1)
    #expect(expansion.first?.description.hasPrefix("daily.ics:") == true)
  }

  @Test("--strict makes the first expansion warning a failure")
  func strictExpansionFails() throws {
    #expect(throws: IcsLanesError.self) {
      try CalendarSource.layOut(try LayoutRequestTests.request(cap: 5, strict: true))
    }
  }

  @Test("Streamed months are the months laid out at once, with the same warnings")
  func streamedEqualsWhole() throws {
    let request = try LayoutRequestTests.request(cap: 5)
    let whole = try CalendarSource.layOut(request)
    var streamed: [MonthLayout] = []
    let rest = try CalendarSource.layOut(request) { streamed.append($0) }
    #expect(streamed == whole.layouts)
    #expect(rest.layouts.isEmpty)
    #expect(rest.warnings == whole.warnings)
  }

  @Test("The request checks itself, with the library's errors")
  func validation() throws {
    var request = try LayoutRequestTests.request()
    request.count = LayoutRequest.maximumMonthCount + 1
    #expect(throws: IcsLanesError.invalidMonthCount(LayoutRequest.maximumMonthCount + 1)) {
      try CalendarSource.layOut(request)
    }
    request.count = 1
    request.options.maxLanes = 0
    #expect(throws: IcsLanesError.invalidMaxLanes(0)) { try request.validate() }
    request.options.maxLanes = nil
    request.first = try #require(YearMonth(year: 9999, month: 12))
    request.count = 2
    #expect(throws: IcsLanesError.self) { try request.validate() }
  }

  @Test("A missing feed is an IcsLanesError naming it")
  func missingFeed() throws {
    var request = try LayoutRequestTests.request()
    request.feeds = [FeedInput("/nonexistent/feed.ics")]
    #expect {
      try CalendarSource.layOut(request)
    } throws: { error in
      guard case .feed(let source, .unreadable)? = error as? IcsLanesError else { return false }
      return source == "/nonexistent/feed.ics"
    }
  }
}
