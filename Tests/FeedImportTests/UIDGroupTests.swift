import FeedIndex
import Foundation
import GRDB
import IcsLanes
import LaneLayout
import Scratch
import Testing

@testable import FeedImport
@testable import FeedScan

/// With a window, a UID group (a series' master, its overrides, any duplicates) is read whole
/// or not at all: when one of its events can touch the window, the pre-filter's passed-over
/// events of that UID are read too, and libical and the grouping settle the group as in a
/// reading of the whole feed. A group none of whose events can touch the window is passed over
/// whole.
@Suite("UID groups read whole or not at all")
struct UIDGroupTests {
  /// A weekly series starting `start` (a DTSTART value) and `overrides` of its instances, each
  /// moved to a day in January 2025, and one event inside August 2024.
  static func feed(start: String, overrides: [String]) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:series@example",
      "DTSTART:\(start)", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=60",
      "SUMMARY:Series", "END:VEVENT",
      "BEGIN:VEVENT", "UID:inside@example", "DTSTART:20240806T090000Z", "DURATION:PT1H",
      "SUMMARY:Inside", "END:VEVENT",
    ]
    for (index, override) in overrides.enumerated() {
      lines +=
        ["BEGIN:VEVENT", "UID:series@example"] + override.split(separator: "|").map(String.init)
      lines += ["DTSTART:20250113T1\(index % 10)0000Z", "SUMMARY:Moved \(index)", "END:VEVENT"]
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  static let request: MonthRequest = {
    let zone = DisplayZone(named: "UTC")!
    return MonthRequest(first: YearMonth(year: 2024, month: 8)!, zone: zone)
  }()

  /// Loads `text` whole and with August 2024's window, from bytes, from a file and through an
  /// index; expects the same layout and warnings whole and filtered, and `readAgain` events
  /// read after the scan passed them over.
  func expectSameAsWhole(_ text: String, duplicates: Int, readAgain: Int) throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/feed.ics"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let window = ImportOptions(window: UIDGroupTests.request.window)
    let render = { (feed: Feed) throws -> String in
      try JSONLayoutRenderer.render(
        MonthLayouter.layOut([feed], request: UIDGroupTests.request).layouts)
    }
    let summary = { (feed: Feed) in
      feed.warnings.map { "\($0.line ?? 0) \($0.uid ?? "-") \($0.message)" }
    }
    for (whole, filtered) in [
      (try Feed(text: text), try Feed(text: text, options: window)),
      (try Feed(contentsOf: path), try Feed(contentsOf: path, options: window)),
    ] {
      #expect(whole.eventsDuplicate == duplicates)
      #expect(filtered.eventsDuplicate == duplicates)
      #expect(summary(filtered) == summary(whole))
      #expect(try render(filtered) == render(whole))
    }
    var loader = FeedLoader(source: "feed", options: window)
    var source = ByteSource(bytes: Array(text.utf8))
    try loader.load(from: &source)
    let groups = loader.keptGroupsPassedOver()
    #expect(groups.count == (readAgain > 0 ? 1 : 0))
    #expect(loader.linesToReadAgain(for: groups)?.count == readAgain)
    let plain = try IndexSupport.plain(path, UIDGroupTests.request)
    for _ in 0..<2 {
      #expect(try IndexSupport.indexed(path, UIDGroupTests.request, folder: folder) == plain)
    }
  }

  @Test("a series in the window reads its far overrides and their duplicates")
  func seriesInTheWindow() throws {
    // Weekly from July 2024: the instances of 13 and 20 January 2025 are overridden, the first
    // three times (the highest SEQUENCE used, on a tie the first), the second twice.
    let text = UIDGroupTests.feed(
      start: "20240701T090000Z",
      overrides: [
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:3",
        "RECURRENCE-ID:20250120T090000Z",
        "RECURRENCE-ID;VALUE=DATE-TIME:20250113T090000Z|SEQUENCE:2",
        "RECURRENCE-ID:20250120T090000Z|SEQUENCE:+0",
      ])
    try expectSameAsWhole(text, duplicates: 3, readAgain: 5)
    let feed = try Feed(text: text, options: ImportOptions(window: UIDGroupTests.request.window))
    #expect(feed.eventsPassedOver == 0)
    #expect(
      feed.warnings.map(\.line) == [16, 36, 43]
        && feed.warnings.allSatisfy { $0.message.hasPrefix("repeats the VEVENT at line") })
  }

  @Test("an override in the window reads its far master, which it replaces an instance of")
  func overrideInTheWindow() throws {
    let text = UIDGroupTests.feed(start: "20250106T090000Z", overrides: [])
      .replacingOccurrences(
        of: "END:VCALENDAR",
        with: [
          "BEGIN:VEVENT", "UID:series@example", "RECURRENCE-ID:20250113T090000Z",
          "DTSTART:20240807T090000Z", "DURATION:PT1H", "SUMMARY:Moved into August",
          "END:VEVENT", "END:VCALENDAR",
        ].joined(separator: "\r\n"))
    try expectSameAsWhole(text, duplicates: 0, readAgain: 1)
  }

  @Test("a group none of whose events can touch the window is passed over whole")
  func farGroupPassedOver() throws {
    // Weekly from January 2025, with two overrides of one instance: duplicates for a reading of
    // the whole feed, events outside the window for the filtered one, which reads none of them.
    let text = UIDGroupTests.feed(
      start: "20250106T090000Z",
      overrides: ["RECURRENCE-ID:20250113T090000Z", "RECURRENCE-ID:20250113T090000Z"])
    let window = ImportOptions(window: UIDGroupTests.request.window)
    let whole = try Feed(text: text)
    let filtered = try Feed(text: text, options: window)
    #expect(whole.eventsDuplicate == 1)
    #expect(whole.warnings.count == 1)
    #expect(filtered.eventsDuplicate == 0)
    #expect(filtered.eventsPassedOver == 3)
    #expect(filtered.warnings.isEmpty)
    let layout = try #require(
      MonthLayouter.layOut([filtered], request: UIDGroupTests.request).layouts.first)
    let wholeLayout = try #require(
      MonthLayouter.layOut([whole], request: UIDGroupTests.request).layouts.first)
    #expect(layout.weeks == wholeLayout.weeks)
    #expect(layout.stats?.eventsOutside == 3)
    #expect(wholeLayout.stats?.eventsOutside == 2)
    #expect(wholeLayout.stats?.eventsDuplicate == 1)
  }

  /// A kept event whose UID libical reads otherwise than the scan (escaped, or one of two) and a
  /// passed-over one whose UID is that text: duplicates for libical, though the scan's UIDs
  /// differ. Through an index too (which then keeps every event with a UID among its `sharing`
  /// rows: else the passed-over one went uncounted there).
  @Test(arguments: [
    ("UID:a\\,b", "UID:a,b"), ("UID:a\\;b", "UID:a;b"), ("UID:first\r\nUID:last", "UID:last"),
    ("UID:a\u{FFFD}b", "UID:a\u{FFFD}b|UID:c"),
  ])
  func aUIDReadOtherwiseThroughAnIndex(kept: String, far: String) throws {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", kept]
    lines += ["DTSTART:20240805T090000Z", "DURATION:PT1H", "SUMMARY:Kept", "END:VEVENT"]
    for uid in far.split(separator: "|") {
      lines += ["BEGIN:VEVENT", String(uid), "SEQUENCE:3", "DTSTART:20250105T090000Z"]
      lines += ["DURATION:PT1H", "SUMMARY:Far", "END:VEVENT"]
    }
    lines.append("END:VCALENDAR")
    let text = lines.joined(separator: "\r\n") + "\r\n"
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/feed.ics"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let whole = try Feed(contentsOf: path)
    let plain = try IndexSupport.plain(path, UIDGroupTests.request)
    #expect(
      plain.lines.last { $0.hasPrefix("name") }?.contains("duplicate \(whole.eventsDuplicate)")
        == true)
    if !far.contains("|") { #expect(whole.eventsDuplicate == 1) }
    for _ in 0..<2 {
      #expect(try IndexSupport.indexed(path, UIDGroupTests.request, folder: folder) == plain)
    }
    let queue = try DatabaseQueue(path: try IndexSupport.indexFile(in: folder))
    let rows = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sharing") }
    try queue.close()
    #expect(rows == lines.count { $0.hasPrefix("BEGIN:VEVENT") })
  }

  /// An event with two UID properties is the last UID's for libical, where the scan's key joins
  /// both: passed over, its duplicate (another event of that UID) went uncounted. Found by the
  /// import fuzzer comparing pre-filtered months with the whole feed's.
  @Test func anEventWithTwoUIDsIsLeftToLibical() throws {
    let text = Hostile.calendar(
      Hostile.event("first", "DTSTART;VALUE=DATE:20040308", "UID:last", "SUMMARY:Two UIDs")
        + Hostile.event("last", "DTSTART;VALUE=DATE:20040308", "SUMMARY:Again")
        + Hostile.event("inside", "DTSTART;VALUE=DATE:20240805", "SUMMARY:Inside"))
    let first = try #require(YearMonth(year: 2024, month: 7))
    let totals = try FilteredMonths.compare(
      text, name: "uids", from: first, count: 3, zoneName: "UTC")
    #expect(totals.shown == 1)
    let whole = try Feed(text: text, name: "uids")
    #expect(whole.warnings.contains { $0.message.contains("repeats the VEVENT") })
  }
}
