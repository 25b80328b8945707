import FeedIndex
import Foundation
import GRDB
import IcsLanes
import LaneLayout
import Scratch
import Testing

@testable import FeedImport

/// Passed-over overrides that repeat one another's UID and RECURRENCE-ID are settled from the
/// scan's byte-level keys, without libical, when they are written alike; otherwise they are read
/// again with libical. Either way the layout, the counts and the warnings are those of the
/// whole feed.
@Suite("Duplicates settled from the scan's keys")
struct ByteDuplicateTests {
  /// A weekly series in 2025 and `overrides` of its instances, all far from August 2024.
  static func feed(uid: String = "series@example", overrides: [String]) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:\(uid)",
      "DTSTART:20250106T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=20",
      "SUMMARY:Series", "END:VEVENT",
      "BEGIN:VEVENT", "UID:inside@example", "DTSTART:20240805T090000Z", "DURATION:PT1H",
      "SUMMARY:Inside", "END:VEVENT",
    ]
    for (index, override) in overrides.enumerated() {
      lines += ["BEGIN:VEVENT", "UID:\(uid)"] + override.split(separator: "|").map(String.init)
      lines += ["DTSTART:20250113T1\(index % 10)0000Z", "SUMMARY:Moved \(index)", "END:VEVENT"]
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  static let request: MonthRequest = {
    let zone = DisplayZone(named: "UTC")!
    return MonthRequest(first: YearMonth(year: 2024, month: 8)!, zone: zone)
  }()

  /// The loader after its scan, with the UIDs it would read again and those it may settle.
  static func scanned(_ text: String) throws -> (FeedLoader, Set<Int>, Set<Int>) {
    var loader = FeedLoader(source: "feed", options: ImportOptions(window: request.window))
    var source = ByteSource(bytes: Array(text.utf8))
    try loader.load(from: &source)
    let (conflicts, duplicates) = loader.conflictingUIDs()
    return (loader, conflicts, duplicates)
  }

  /// Loads `text` whole and filtered (from bytes and from a file) and compares what they give;
  /// `settled` when no event is read again (the duplicates settled from the scan's keys).
  func expectSameAsWhole(_ text: String, duplicates: Int, settled: Bool?) throws {
    let path = try Scratch.file(named: "byte-duplicates.ics").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let window = ImportOptions(window: ByteDuplicateTests.request.window)
    let render = { (feed: Feed) throws -> String in
      try JSONLayoutRenderer.render(
        MonthLayouter.layOut([feed], request: ByteDuplicateTests.request).layouts)
    }
    let summary = { (feed: Feed) in
      feed.warnings.map { "\($0.line ?? 0) \($0.uid ?? "-") \($0.message)" }
    }
    for (whole, filtered) in [
      (try Feed(text: text), try Feed(text: text, options: window)),
      (try Feed(contentsOf: path), try Feed(contentsOf: path, options: window)),
    ] {
      #expect(whole.eventsDuplicate == duplicates)
      #expect(filtered.eventsDuplicate == whole.eventsDuplicate)
      // Without reading again, the series' master stays passed over.
      if let settled { #expect((filtered.eventsPassedOver > 0) == settled) }
      #expect(summary(filtered) == summary(whole))
      #expect(try render(filtered) == render(whole))
    }
    // Through an index, which keeps these overrides' keys instead of reading them again.
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let plain = try IndexSupport.plain(path, ByteDuplicateTests.request)
    for _ in 0..<2 {
      #expect(try IndexSupport.indexed(path, ByteDuplicateTests.request, folder: folder) == plain)
    }
  }

  /// The feed of `overrides`, whose one UID the scan cannot settle from its keys: read again
  /// with libical, to the whole reading's layout with `duplicates` duplicates.
  func expectReadAgain(overrides: [String], duplicates expected: Int) throws {
    let text = ByteDuplicateTests.feed(overrides: overrides)
    let (_, conflicts, duplicates) = try ByteDuplicateTests.scanned(text)
    #expect(conflicts.count == 1)
    #expect(duplicates.isEmpty)
    try expectSameAsWhole(text, duplicates: expected, settled: false)
  }

  @Test("overrides written alike are settled without libical, the higher SEQUENCE used")
  func writtenAlike() throws {
    let text = ByteDuplicateTests.feed(overrides: [
      "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
      "RECURRENCE-ID:20250113T090000Z|SEQUENCE:3",
      "RECURRENCE-ID:20250120T090000Z",
      "RECURRENCE-ID:20250113T090000Z|SEQUENCE:2",
      "RECURRENCE-ID:20250120T090000Z|SEQUENCE:0",
    ])
    var (loader, conflicts, duplicates) = try ByteDuplicateTests.scanned(text)
    #expect(conflicts.isEmpty)
    #expect(duplicates.count == 1)
    let undecided = try loader.decideDuplicates(
      for: duplicates, from: ByteSource(bytes: Array(text.utf8)))
    #expect(undecided.isEmpty)
    #expect(loader.byteDuplicates.map(\.warning.line) == [16, 36, 43])
    #expect(
      loader.byteDuplicates.map(\.warning.message).first
        == "repeats the VEVENT at line 23 (same UID and RECURRENCE-ID); that one is used")
    try expectSameAsWhole(text, duplicates: 3, settled: true)
  }

  @Test("more duplicates than are worded: all counted, the first by line worded, as libical's")
  func moreDuplicatesThanWorded() throws {
    // 700 series far from the month, each with four overrides of one instance written alike
    // (SEQUENCE 0, 1, 0, 1) and two of another: 2,800 duplicates, more than twice the
    // warnings worded, met in the order of their UIDs' keys, which is not the order of lines.
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:inside@example",
      "DTSTART:20240805T090000Z", "DURATION:PT1H", "SUMMARY:Inside", "END:VEVENT",
    ]
    for series in 0..<700 {
      let uid = "series-\(series)@example"
      lines += [
        "BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20250106T090000Z", "DURATION:PT1H",
        "RRULE:FREQ=WEEKLY;COUNT=20", "SUMMARY:Series \(series)", "END:VEVENT",
      ]
      for copy in 0..<6 {
        let replaced = copy < 4 ? "20250113T090000Z" : "20250120T090000Z"
        lines += [
          "BEGIN:VEVENT", "UID:\(uid)", "RECURRENCE-ID:\(replaced)", "SEQUENCE:\(copy % 2)",
          "DTSTART:\(replaced.prefix(9))1\(copy)0000Z", "SUMMARY:Moved \(copy)", "END:VEVENT",
        ]
      }
    }
    lines.append("END:VCALENDAR")
    let text = lines.joined(separator: "\r\n") + "\r\n"
    var (loader, conflicts, duplicates) = try ByteDuplicateTests.scanned(text)
    #expect(conflicts.isEmpty)
    #expect(duplicates.count == 700)
    let undecided = try loader.decideDuplicates(
      for: duplicates, from: ByteSource(bytes: Array(text.utf8)))
    #expect(undecided.isEmpty)
    #expect(loader.byteDuplicateCount == 2_800)
    let worded = loader.byteDuplicates.map(\.foundAt)
    #expect(worded.count == FeedLoader.warningLimit)
    #expect(worded == worded.sorted())
    // Series s begins at line 9 + 49·s; its overrides' copy c at 16 + 49·s + 7·c, and every
    // copy but each instance's first is found.
    let expected = (0..<700).flatMap { series in
      [1, 2, 3, 5].map { 16 + 49 * series + 7 * $0 }
    }
    #expect(worded == Array(expected.prefix(FeedLoader.warningLimit)))
    try expectSameAsWhole(text, duplicates: 2_800, settled: true)
  }

  @Test("overrides of neighbouring days are two instances, with or without an index")
  func neighbouringDays() throws {
    // The weekly series' instances on 13 and 20 January; the second override moves a
    // day-later instance that the rule does not have: both are shown, neither is a duplicate.
    try expectReadAgain(
      overrides: [
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
        "RECURRENCE-ID:20250114T090000Z|SEQUENCE:1",
      ], duplicates: 0)
  }

  @Test("one instance written two ways is read again with libical")
  func writtenTwoWays() throws {
    try expectReadAgain(
      overrides: [
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
        "RECURRENCE-ID;VALUE=DATE-TIME:20250113T090000Z|SEQUENCE:2",
      ], duplicates: 1)
  }

  @Test("a SEQUENCE the scan does not read is left to libical")
  func oddSequence() throws {
    try expectReadAgain(
      overrides: [
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:+1",
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:2",
      ], duplicates: 1)
  }

  @Test("a UID libical may read otherwise is left to libical")
  func unplainUID() throws {
    let text = ByteDuplicateTests.feed(
      uid: "a,b@example",
      overrides: [
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
        "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
      ])
    var (loader, conflicts, duplicates) = try ByteDuplicateTests.scanned(text)
    #expect(conflicts.isEmpty)
    #expect(duplicates.count == 1)
    let undecided = try loader.decideDuplicates(
      for: duplicates, from: ByteSource(bytes: Array(text.utf8)))
    #expect(undecided == duplicates)
    #expect(loader.byteDuplicates.isEmpty)
    try expectSameAsWhole(text, duplicates: 1, settled: false)
  }

  @Test(
    "a repeated event without RECURRENCE-ID is settled by its SEQUENCE, with or without an index")
  func plainRepeat() throws {
    let text = ByteDuplicateTests.feed(overrides: [
      "SEQUENCE:2", "RECURRENCE-ID:20250113T090000Z", "RECURRENCE-ID:20250113T090000Z",
    ])
    let (_, conflicts, duplicates) = try ByteDuplicateTests.scanned(text)
    #expect(conflicts.isEmpty)
    #expect(duplicates.count == 1)
    try expectSameAsWhole(text, duplicates: 2, settled: true)
  }

  @Test("a UID written with spaces around it is settled only where its text is not needed")
  func spacedUID() throws {
    // The scan's key of " series@example\t" is that of "series@example", its text is not: a
    // repeat without RECURRENCE-ID is compared by its text and left to libical; an override
    // is compared by its keys, the UID's text taken from the series.
    for (spaced, settles) in [("SEQUENCE:2", false), ("RECURRENCE-ID:20250113T090000Z", true)] {
      let text = ByteDuplicateTests.feed(overrides: ["RECURRENCE-ID:20250113T090000Z", spaced])
        .replacingOccurrences(
          of: "UID:series@example\r\n\(spaced)", with: "UID: series@example\t\r\n\(spaced)")
      #expect(text.contains("UID: series@example\t"))
      var (loader, _, duplicates) = try ByteDuplicateTests.scanned(text)
      #expect(duplicates.count == 1)
      let undecided = try loader.decideDuplicates(
        for: duplicates, from: ByteSource(bytes: Array(text.utf8)))
      #expect(undecided.isEmpty == settles)
      var (fromKeys, _) = try ByteDuplicateTests.withIndexKeys(text)
      #expect(
        try fromKeys.decideDuplicates(for: duplicates, from: ByteSource(bytes: [])) == undecided)
      #expect(
        fromKeys.byteDuplicates.map(\.warning.description)
          == loader.byteDuplicates.map(\.warning.description))
      try expectSameAsWhole(text, duplicates: try Feed(text: text).eventsDuplicate, settled: nil)
    }
  }

  /// The loader after its scan of `text`, its passed-over keys replaced by those an index
  /// gives back for the same window (as ``IndexReader`` reads them), and their count.
  static func withIndexKeys(_ text: String) throws -> (FeedLoader, Int) {
    let path = try Scratch.file(named: "index-keys.ics").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var events: [SurveyedEvent] = []
    _ = try FeedSurvey.run(path: path) { item in
      if case .event(let event) = item { events.append(event) }
    }
    var (loader, _, _) = try ByteDuplicateTests.scanned(text)
    let passedOver = loader.tally.passedOver
    var keys = PassedOverKeys()
    for event in events
    where passedOver.lines.contains(UInt32(event.line))
      || passedOver.overrides.contains(where: { $0.line == event.line })
    {
      keys.add(
        uid: try #require(event.uid), line: event.line, replacedDay: event.replacedDay,
        instance: event.instance, sequence: event.sequence, flags: event.duplicateFlags)
    }
    loader.tally.passedOver = keys
    return (loader, keys.indexed.count)
  }

  @Test("an index's keys settle the duplicates without reading the feed again")
  func settledFromIndexKeys() throws {
    let text = ByteDuplicateTests.feed(overrides: [
      "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1", "SEQUENCE:4",
      "RECURRENCE-ID:20250113T090000Z|SEQUENCE:3", "RECURRENCE-ID:20250120T090000Z",
    ])
    var (fromFeed, _, duplicates) = try ByteDuplicateTests.scanned(text)
    #expect(duplicates.count == 1)
    #expect(
      try fromFeed.decideDuplicates(for: duplicates, from: ByteSource(bytes: Array(text.utf8)))
        .isEmpty)
    // From a source that holds nothing: whatever is settled was settled from the keys.
    var (fromKeys, count) = try ByteDuplicateTests.withIndexKeys(text)
    #expect(count == 5)
    #expect(try fromKeys.decideDuplicates(for: duplicates, from: ByteSource(bytes: [])).isEmpty)
    #expect(fromKeys.byteDuplicateCount == 2)
    #expect(
      fromKeys.byteDuplicates.map(\.warning.description)
        == fromFeed.byteDuplicates.map(\.warning.description))
    // Without them, nothing can be read from that source: nothing is settled.
    var (unread, _, _) = try ByteDuplicateTests.scanned(text)
    #expect(try unread.decideDuplicates(for: duplicates, from: ByteSource(bytes: [])) == duplicates)
    try expectSameAsWhole(text, duplicates: 2, settled: true)
  }

  @Test("an index keeps what settles duplicates only for the UIDs whose events repeat a key")
  func indexMarksRepeatedKeys() throws {
    let repeated = ByteDuplicateTests.feed(overrides: [
      "RECURRENCE-ID:20250113T090000Z", "RECURRENCE-ID:20250120T090000Z",
      "RECURRENCE-ID:20250113T090000Z|SEQUENCE:1",
    ])
    let distinct = ByteDuplicateTests.feed(overrides: [
      "RECURRENCE-ID:20250113T090000Z", "RECURRENCE-ID:20250120T090000Z",
    ])
    let plainRepeat = ByteDuplicateTests.feed(overrides: ["SEQUENCE:1"])
    // The `sharing` rows (the series and its overrides) with the bit `repeatsAKey` (8) set.
    for (text, rows, marked) in [(repeated, 4, 4), (distinct, 3, 0), (plainRepeat, 2, 2)] {
      let folder = try IndexSupport.temporaryFolder()
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let path = folder + "/feed.ics"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      #expect(
        try IndexSupport.indexed(path, ByteDuplicateTests.request, folder: folder)
          == IndexSupport.plain(path, ByteDuplicateTests.request))
      let queue = try DatabaseQueue(path: try IndexSupport.indexFile(in: folder))
      let counts = try queue.read { db in
        try Row.fetchOne(db, sql: "SELECT count(*), sum(flags & 8 != 0) FROM sharing")
      }
      try queue.close()
      #expect(counts?[0] == rows)
      #expect(counts?[1] == marked)
    }
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
    let plain = try IndexSupport.plain(path, ByteDuplicateTests.request)
    #expect(
      plain.lines.last { $0.hasPrefix("name") }?.contains("duplicate \(whole.eventsDuplicate)")
        == true)
    if !far.contains("|") { #expect(whole.eventsDuplicate == 1) }
    for _ in 0..<2 {
      #expect(try IndexSupport.indexed(path, ByteDuplicateTests.request, folder: folder) == plain)
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
