import Foundation
import LaneLayout
import Scratch
import Testing

@testable import FeedImport
@testable import FeedScan

/// The scan refers to a component's lines in place in the read buffer and copies them only
/// when it hands the component out (``ComponentScanner/scan(_:number:inPlace:_:)``); lines cut
/// by a chunk's edge, lines stripped of NUL bytes and the runs still open at a chunk's end are
/// copied. Whatever the line ends and wherever the chunk edges fall, the items must be those of
/// the scan that copies every line.
@Suite("Scan in place")
struct ScanInPlaceTests {
  /// Every item as the copying scan gives it: one pass over the whole input, every line
  /// copied, no chunk edge.
  static func copied(_ bytes: [UInt8], window: ClosedRange<Day>?) throws -> [String] {
    var scanner = ComponentScanner()
    scanner.passOverWindow = window
    var tally = ScanTally(window: window)
    var found: [String] = []
    func take(_ item: ScannedItem) {
      if let kept = tally.route(item) { found.append(ScanInPlaceTests.describe(kept)) }
    }
    try TestSupport.scanWhole(bytes, with: &scanner, take)
    return found
  }

  /// Every item the load's scan hands on (in place, chunks of ``ByteSource/chunkSize``).
  static func scanned(_ bytes: [UInt8], window: ClosedRange<Day>?) throws -> [String] {
    var scan = FeedScan(source: "test", options: ImportOptions(window: window))
    var source = ByteSource(bytes: bytes)
    var sink = CollectingSink()
    _ = try scan.run(from: &source, into: &sink)
    return sink.items
  }

  static func describe(_ item: ScannedItem) -> String {
    switch item {
    case .event(let block, let line, let facts):
      return "event \(line) \(block) uid=\(facts.uid ?? "-") key=\(facts.uidKey ?? 0) \(facts)"
    case .timeZone(let block, let line):
      return "zone \(line) \(block)"
    default:
      return "\(item)"
    }
  }

  struct CollectingSink: ScanSink {
    var items: [String] = []
    mutating func take(_ item: ScannedItem) { items.append(ScanInPlaceTests.describe(item)) }
    mutating func chunkEnded() -> Bool { true }
  }

  static let august = Day(year: 2024, month: 8, day: 1).map { $0...$0.adding(days: 30) }

  /// A feed of `events` events with `end` as line end, the first one starting `shift` bytes
  /// before the first chunk edge, so that its lines (and its folded UID, DTSTART and EXDATE,
  /// which the scan holds to read whole) straddle it.
  static func feed(shift: Int, end: String, events: Int = 3, nul: Bool = false) -> [UInt8] {
    var head = "BEGIN:VCALENDAR\(end)VERSION:2.0\(end)"
    let event = { (index: Int) -> String in
      let day = index % 2 == 0 ? "20240805" : "20190805"
      return
        "BEGIN:VEVENT\(end)UID:event-\(index)-with-a-long-uid-that-is-\(end) folded-\(index)\(end)"
        + "DTSTART;VALUE=\(end) DATE:\(day)\(end)SUMMARY:Event \(index)\(nul ? "\u{0}" : "")\(end)"
        + "DESCRIPTION:left out\(end)RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO,TU\(end)"
        + "EXDATE;VALUE=DATE:202408\(end) 12\(end)"
        // A short line without a name's end: held, then read as the junk it is (kept).
        + (index == 1 ? "END\u{202B}VENT\(end)" : "") + "END:VEVENT\(end)"
    }
    // Filler: a calendar property nothing reads, long enough to reach the chunk's edge.
    let target = ByteSource.chunkSize - shift - head.utf8.count - 12 - end.utf8.count
    head += "X-FILLER:" + String(repeating: "x", count: max(0, target)) + end
    var text = head
    for index in 0..<events { text += event(index) }
    text += "END:VCALENDAR"  // no line end: the feed ends mid-line
    return Array(text.utf8)
  }

  @Test(
    "lines cut by the chunk's edge, folded UIDs across it, CRLF, LF, CR-only and NUL bytes",
    arguments: ["\r\n", "\n", "\r"])
  func edges(end: String) throws {
    for shift in stride(from: 0, through: 180, by: 7) {
      for nul in [false, true] {
        let bytes = ScanInPlaceTests.feed(shift: shift, end: end, nul: nul)
        for window in [nil, ScanInPlaceTests.august] {
          let reference = try ScanInPlaceTests.copied(bytes, window: window)
          let inPlace = try ScanInPlaceTests.scanned(bytes, window: window)
          #expect(
            inPlace == reference, "shift \(shift), NUL \(nul), window \(String(describing: window))"
          )
          #expect(reference.contains { $0.hasPrefix("event") })
        }
      }
    }
  }

  @Test("an empty input and one of blank lines only: nothing handed out, no calendar")
  func empty() throws {
    for bytes in [[], Array("\r\n \r\n\t\n".utf8)] as [[UInt8]] {
      var scan = FeedScan(source: "test", options: ImportOptions(window: ScanInPlaceTests.august))
      var source = ByteSource(bytes: bytes)
      var sink = CollectingSink()
      _ = try scan.run(from: &source, into: &sink)
      #expect(sink.items.isEmpty)
      #expect(!scan.sawCalendarData)
    }
  }

  @Test("an empty file on disk reads as empty")
  func emptyFile() throws {
    let path = try Scratch.file(named: "empty.ics").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var source = try ByteSource(path: path)
    var scan = FeedScan(source: path, options: ImportOptions())
    var sink = CollectingSink()
    _ = try scan.run(from: &source, into: &sink)
    #expect(sink.items.isEmpty)
    #expect(scan.startDescription == "the input is empty")
  }

  @Test("a VEVENT of thousands of short lines, alternating kept and left out, is whole")
  func manyRuns() throws {
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:many\r\nDTSTART;VALUE=DATE:20240805\r\n"
    for index in 0..<3_000 {
      text += "X-A-\(index):a\r\n" + (index % 3 == 0 ? "DESCRIPTION:b\r\n" : "\n")
    }
    text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
    let bytes = Array(text.utf8)
    let reference = try ScanInPlaceTests.copied(bytes, window: ScanInPlaceTests.august)
    #expect(try ScanInPlaceTests.scanned(bytes, window: ScanInPlaceTests.august) == reference)
    #expect(reference.count == 2)
  }

  @Test("UIDs not ASCII, escaped, folded or too long: the same text, key and flags")
  func uids() throws {
    let cases: [(uid: [UInt8], text: String, truncated: Bool, escaped: Bool)] = [
      (Array("plain".utf8), "plain", false, false),
      (Array(" spaced\t".utf8), " spaced\t", false, false),
      (Array("caf".utf8) + [0xFF] + Array("\u{E9}".utf8), "caf\u{FFFD}\u{E9}", false, false),
      (Array("a\\,b".utf8), "a\\,b", false, true),
      (
        Array(String(repeating: "u", count: 1_200).utf8), String(repeating: "u", count: 200), true,
        false
      ),
      (
        Array(String(repeating: "\u{E9}", count: 600).utf8),
        String(repeating: "\u{E9}", count: 200),
        true, false
      ),
    ]
    for (uid, text, truncated, escaped) in cases {
      // The UID folded after its 20th byte.
      var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:".utf8) + uid.prefix(20)
      if uid.count > 20 { bytes += Array("\r\n ".utf8) + uid.dropFirst(20) }
      bytes += Array("\r\nDTSTART;VALUE=DATE:20190805\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
      var splitter = LineSplitter()
      var scanner = ComponentScanner()
      var facts: [EventFacts] = []
      try bytes.withUnsafeBufferPointer { (buffer) throws(ImportError) -> Void in
        try splitter.feed(buffer) { (line, number) throws(ImportError) -> Void in
          scanner.scan(line, number: number) {
            if case .event(_, _, let found) = $0 { facts.append(found) }
          }
        }
      }
      let found = try #require(facts.first)
      #expect(found.uid == text)
      #expect(found.uidTruncated == truncated)
      #expect(found.uidEscaped == escaped)
      #expect(found.uidKey == FeedLoader.uidKey(text))
      for window in [nil, ScanInPlaceTests.august] {
        #expect(
          try ScanInPlaceTests.scanned(bytes, window: window)
            == ScanInPlaceTests.copied(bytes, window: window))
      }
    }
  }
}
