import Foundation
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// A large feed is scanned on the loading thread while a worker thread parses what the scan
/// keeps (``LoadPipeline``). Whatever the timing, the result must be the one-thread load's:
/// the same records in file order, warnings in the same order, the same skipped events and
/// counts, the same layouts, the same error.
@Suite("Overlapped load")
struct OverlapEquivalenceTests {
  /// Three calendars of generated events, each with its own UIDs and, before its end, events
  /// in a zone whose VTIMEZONE comes later, stray ENDs, nested and broken components, an event
  /// libical rejects and a VTIMEZONE without TZID: more than one chunk of input.
  static let feedBytes: [UInt8] = {
    var text = ""
    for section in 0..<3 {
      var writer = MixedFeedWriter(seed: 11 + UInt64(section), firstYear: 2019, years: 3)
      let mixed = writer.text(events: 1_500)
        .replacingOccurrences(of: "UID:mixed-", with: "UID:s\(section)-mixed-")
        .replacingOccurrences(
          of: "@test.icslanes.invalid", with: "-\(section)@test.icslanes.invalid")
      guard let end = mixed.range(of: "END:VCALENDAR\r\n", options: .backwards) else { continue }
      text += mixed[..<end.lowerBound] + oddities(section) + mixed[end.lowerBound...]
    }
    return Array(text.utf8)
  }()

  /// What goes at the end of calendar `section`: every kind of item the scan hands on.
  static func oddities(_ section: Int) -> String {
    let zone = "Late/Zone-\(section)"
    var text = ""
    for day in [3, 10, 17] {
      text += Hostile.event(
        "late-\(section)-\(day)@test", "SUMMARY:In a later zone",
        "DTSTART;TZID=\(zone):202006\(day < 10 ? "0" : "")\(day)T233000",
        "DTEND;TZID=\(zone):202006\(day < 10 ? "0" : "")\(day)T234500", "RRULE:FREQ=WEEKLY;COUNT=6")
    }
    text += "END:VTODO\r\n"
    text += "BEGIN:VEVENT\r\nUID:broken-\(section)@test\r\nDTSTART:20200605T100000Z\r\n"
    text += Hostile.event("no-start-\(section)@test", "SUMMARY:No DTSTART")
    text += Hostile.event(
      "nested-\(section)@test", "DTSTART:20200611T100000Z", "BEGIN:VALARM", "BEGIN:X-ODD",
      "TRIGGER:-PT5M", "END:VALARM")
    text += "BEGIN:VTIMEZONE\r\nX-NO-TZID:1\r\nEND:VTIMEZONE\r\n"
    text += """
      BEGIN:VTIMEZONE\r
      TZID:\(zone)\r
      BEGIN:STANDARD\r
      TZOFFSETFROM:+0545\r
      TZOFFSETTO:+0545\r
      DTSTART:19860101T000000\r
      END:STANDARD\r
      END:VTIMEZONE\r

      """
    return text
  }

  static func options(window: ClosedRange<Day>?, strict: Bool = false, _ overlap: ScanOverlap)
    -> ImportOptions
  {
    var options = ImportOptions(window: window, strict: strict)
    options.scanOverlap = overlap
    return options
  }

  /// What a load gives, in a form that compares.
  struct Outcome: Equatable {
    var name: String
    var warnings: [ImportWarning]
    var skipped: [SkippedEvent]
    var counts: [Int]
    var records: [String]
    var json: String?
  }

  /// `feed`'s outcome, with the layout JSON of `request` when there is one.
  static func outcome(_ feed: Feed, months request: MonthRequest?) throws -> Outcome {
    let records = feed.records.map { record in
      let start = record.start
      return [
        record.uid, record.title, "\(record.line)", "\(record.calendar)", "\(record.allDay)",
        "\(record.recurs)", "\(record.cancelled)", "\(record.sequence)", "\(record.thisAndFuture)",
        "\(record.hasUnresolvedZone)", "\(record.length.days)/\(record.length.seconds)",
        "\(start.year)-\(start.month)-\(start.day) \(start.hour):\(start.minute):\(start.second)",
      ].joined(separator: "|")
    }
    let json = try request.map {
      try JSONLayoutRenderer.render(MonthLayouter.layOut([feed], request: $0).layouts)
    }
    return Outcome(
      name: feed.name, warnings: feed.warnings, skipped: feed.skipped,
      counts: [feed.eventsRead, feed.eventsPassedOver, feed.eventsDuplicate], records: records,
      json: json)
  }

  static func request(_ year: Int, _ month: Int, count: Int, zone: String) throws -> MonthRequest {
    MonthRequest(
      first: try Hostile.unwrap(YearMonth(year: year, month: month)), count: count,
      zone: try Hostile.unwrap(DisplayZone(named: zone)))
  }

  @Test("the generated feed is large enough for the worker and has what it should")
  func feedShape() throws {
    let bytes = OverlapEquivalenceTests.feedBytes
    #expect(bytes.count > ByteSource.chunkSize)
    #expect(bytes.count > FeedLoader.overlapThreshold)
    let feed = try Feed(bytes: bytes, name: "mixed.ics")
    let messages = feed.warnings.map(\.message)
    #expect(messages.contains { $0.contains("without a matching BEGIN") })
    #expect(messages.contains { $0.contains("VTIMEZONE libical cannot read") })
    // The VEVENT left open is closed where the next one begins and read.
    #expect(feed.records.contains { $0.uid == "broken-2@test" })
    #expect(messages.contains { $0.contains("the VEVENT is closed there and read") })
    #expect(feed.records.contains { $0.uid == "late-2-10@test" && !$0.hasUnresolvedZone })
  }

  @Test(
    "two threads give what one gives, with and without the pre-filter",
    arguments: [
      (2020, 6, 1, "Asia/Kathmandu"), (2020, 1, 12, "Europe/Berlin"), (2019, 12, 2, "UTC"),
    ]
  )
  func overlappedEqualsOneThread(year: Int, month: Int, count: Int, zone: String) throws {
    let request = try OverlapEquivalenceTests.request(year, month, count: count, zone: zone)
    for window in [nil, request.window] {
      let one = try Feed(
        bytes: OverlapEquivalenceTests.feedBytes, name: "mixed.ics",
        options: OverlapEquivalenceTests.options(window: window, .never))
      let two = try Feed(
        bytes: OverlapEquivalenceTests.feedBytes, name: "mixed.ics",
        options: OverlapEquivalenceTests.options(window: window, .always))
      let expected = try OverlapEquivalenceTests.outcome(one, months: request)
      let got = try OverlapEquivalenceTests.outcome(two, months: request)
      #expect(got == expected, "window \(String(describing: window))")
      #expect(expected.records.count > 100)
    }
  }

  @Test("under --strict both throw the first problem in file order")
  func strictSameError() throws {
    var errors: [ImportError?] = []
    for overlap in [ScanOverlap.never, .always] {
      do {
        _ = try Feed(
          bytes: OverlapEquivalenceTests.feedBytes, name: "mixed.ics",
          options: OverlapEquivalenceTests.options(window: nil, strict: true, overlap))
        errors.append(nil)
      } catch {
        errors.append(error)
      }
    }
    #expect(errors[0] != nil)
    #expect(errors[0] == errors[1])
  }

  @Test("a strict problem before a line too long is the error, on both paths")
  func strictProblemBeforeLineTooLong() {
    var bytes = Array(
      Hostile.calendar(Hostile.event("no-start@test", "SUMMARY:No DTSTART")).utf8.dropLast(15))
    bytes += Array("X-HUGE:".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 65 << 20)
    for overlap in [ScanOverlap.never, .always] {
      #expect(
        throws: ImportError.strictFailure(
          source: "huge.ics", line: 4, message: "event no-start@test skipped: no DTSTART")
      ) {
        try Feed(
          bytes: bytes, name: "huge.ics",
          options: OverlapEquivalenceTests.options(window: nil, strict: true, overlap))
      }
    }
  }

  /// Without layouts: the samples' records say it all, and the rule bombs' layouts are slow.
  @Test("every sample loads the same on both paths, lenient or strict")
  func samplesSameOnBothPaths() throws {
    let request = try OverlapEquivalenceTests.request(2024, 8, count: 1, zone: "UTC")
    for sample in Hostile.allSamples() {
      let bytes = try Hostile.bytes(sample)
      for window in [nil, request.window] {
        for strict in [false, true] {
          var results: [Result<Outcome, ImportError>] = []
          for overlap in [ScanOverlap.never, .always] {
            do {
              let feed = try Feed(
                bytes: bytes, name: sample,
                options: OverlapEquivalenceTests.options(window: window, strict: strict, overlap))
              results.append(.success(try OverlapEquivalenceTests.outcome(feed, months: nil)))
            } catch let error as ImportError {
              results.append(.failure(error))
            }
          }
          #expect(results[0] == results[1], "\(sample) strict \(strict) window \(window != nil)")
        }
      }
    }
  }
}
