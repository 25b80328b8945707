import Foundation
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// A folder's stream is read again at an offset from its files, as a file is: byte for byte
/// what the stream gave (a byte-order mark left out, a line end added after a file without one,
/// a file that is not iCalendar left out), so that a UID group whose events lie in several files
/// is read whole with the pre-filter.
@Suite struct FolderOffsetTests {
  /// A folder of a series in August 2024 (with a byte-order mark), its override in 2025 (no
  /// final line end), a file that is not iCalendar, two copies of an event far from the month,
  /// and one-event files around them.
  static func folder() throws -> URL {
    let folder = try FolderFeedTests.temporaryFolder("offsets")
    func write(_ name: String, _ lines: [String], bom: Bool = false, lineEnd: Bool = true) throws {
      var text = lines.joined(separator: "\r\n") + (lineEnd ? "\r\n" : "")
      if bom { text = "\u{FEFF}" + text }
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    try write(
      "a-series.ics",
      head + [
        "BEGIN:VEVENT", "UID:series@tests", "DTSTART:20240805T090000Z", "DURATION:PT1H",
        "RRULE:FREQ=WEEKLY;COUNT=40", "SUMMARY:Series", "END:VEVENT", "END:VCALENDAR",
      ], bom: true)
    try write("b-note.ics", ["just some notes"])
    try write(
      "c-override.ics",
      head + [
        "BEGIN:VEVENT", "UID:series@tests", "RECURRENCE-ID:20250106T090000Z",
        "DTSTART:20250107T150000Z", "DURATION:PT1H", "SEQUENCE:1", "SUMMARY:Moved",
        "END:VEVENT", "BEGIN:VEVENT", "UID:series@tests", "RECURRENCE-ID:20250106T090000Z",
        "DTSTART:20250108T150000Z", "DURATION:PT1H", "SUMMARY:Moved again", "END:VEVENT",
        "END:VCALENDAR",
      ], lineEnd: false)
    for index in 0..<12 {
      try FolderFeedTests.oneEvent(index, day: 1 + index).write(
        to: folder.appendingPathComponent("d-\(index).ics"), atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func theStreamReadsAgainAsItWasRead() throws {
    let folder = try CalendarFolder(path: try FolderOffsetTests.folder().path)
    let stream = FolderStream(folder: folder)
    var source = ByteSource(stream: stream)
    var whole: [UInt8] = []
    while try source.readChunk({ whole += $0 }) {}
    #expect(whole.count > 2_000)
    #expect(stream.skippedFiles.count == 1)
    #expect(whole.first == UInt8(ascii: "B"))
    let again = ByteSource(stream: stream)
    #expect(again.readsAtOffsets)
    var random = SeededRandom(state: 9)
    for _ in 0..<300 {
      let offset = random.next(whole.count + 10)
      let size = 1 + random.next(700)
      var buffer = [UInt8](repeating: 0, count: size)
      let count = try buffer.withUnsafeMutableBytes { try again.bytes(at: offset, into: $0) }
      let expected =
        offset < whole.count ? Array(whole[offset..<min(whole.count, offset + size)]) : []
      #expect(Array(buffer.prefix(count)) == expected, "\(offset) \(size)")
    }
  }

  @Test func aGroupAcrossFilesIsReadWholeWithThePreFilter() throws {
    let path = try FolderOffsetTests.folder().path
    let request = MonthRequest(
      first: try #require(YearMonth(year: 2024, month: 8)),
      zone: try #require(DisplayZone(named: "UTC")))
    let location = FeedLocation.folder(path)
    let whole = try Feed(location: location)
    let filtered = try Feed(location: location, options: ImportOptions(window: request.window))
    // The overrides were passed over, then read from their file after all: their duplicate is
    // counted and named by its file and line, as in the whole feed.
    #expect(filtered.eventsDuplicate == 1)
    #expect(filtered.eventsPassedOver == 0)
    #expect(
      WindowedAnswer(filtered, request).agrees(
        withWhole: WindowedAnswer(whole, request), warnings: true))
    #expect(filtered.warnings.map(\.description) == whole.warnings.map(\.description))
    #expect(filtered.warnings.contains { $0.source.hasSuffix("c-override.ics") && $0.line == 12 })
  }
}
