import Foundation
import LaneLayout
import Testing

@testable import FeedImport

/// Every second reading (duplicates read again, the index's replay) cuts one VEVENT out of the
/// feed from the line checkpoint before it (`FeedLoader.event(at:from:_:)`), reading a little
/// at first and more as needed. Whatever the events' sizes, line ends and nesting, the VEVENT
/// cut again must be the one the scan handed out.
@Suite("VEVENTs cut again at their lines")
struct CutAgainTests {
  /// Feeds with short and long events (lines past the read sizes, folded lines), odd line
  /// ends, NUL bytes, nesting, and a VEVENT left open at the end.
  static func feeds() -> [(String, [UInt8])] {
    var random = SeededRandom(state: 7)
    var feeds: [(String, [UInt8])] = []
    for end in ["\r\n", "\n", "\r"] {
      var text = "BEGIN:VCALENDAR\(end)VERSION:2.0\(end)"
      for index in 0..<400 {
        let size = [0, 10, 200, 1_500, 9_000][random.next(5)]
        text += "BEGIN:VEVENT\(end)UID:cut-\(index)\(end)DTSTART:20240805T100000Z\(end)"
        text += "DESCRIPTION:" + String(repeating: "d", count: size) + end
        if random.next(4) == 0 {
          text += "SUMMARY:folded\(end) over\(end)\tthree lines\(end)"
        }
        if random.next(6) == 0 { text += "BEGIN:VALARM\(end)ACTION:DISPLAY\(end)END:VALARM\(end)" }
        if random.next(10) == 0 { text += "X-NUL:a\u{0}b\(end)" }
        if random.next(15) == 0 {
          // A VEVENT opened inside this one, and stray lines between events.
          text += "BEGIN:VEVENT\(end)UID:inner-\(index)\(end)END:VEVENT\(end)"
        }
        text += "END:VEVENT\(end)"
        if random.next(8) == 0 { text += "END:VTODO\(end)X-STRAY:\(index)\(end)" }
      }
      text += "BEGIN:VEVENT\(end)UID:left-open\(end)DTSTART:20240806T100000Z"
      feeds.append(("line end \(end.debugDescription)", Array(text.utf8)))
    }
    var writer = MixedFeedWriter(seed: 3, firstYear: 2024, years: 1)
    feeds.append(("mixed", Array(writer.text(events: 800).utf8)))
    return feeds
  }

  @Test("each VEVENT the scan handed out is cut again the same from its line")
  func cutAgainIsTheScannedEvent() throws {
    for (name, bytes) in CutAgainTests.feeds() {
      var loader = FeedLoader(source: "cut", options: ImportOptions())
      var source = ByteSource(bytes: bytes)
      try loader.load(from: &source)
      let scanned = try ScanInPlaceTests.scanned(bytes, window: nil)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8 << 10, alignment: 16)
      defer { buffer.deallocate() }
      var events = 0
      for description in scanned where description.hasPrefix("event ") {
        let line = try #require(Int(description.split(separator: " ")[1]))
        let cut = try #require(try loader.event(at: line, from: source, buffer), "\(name) \(line)")
        #expect(ScanInPlaceTests.describe(cut) == description, "\(name), line \(line)")
        events += 1
      }
      #expect(events > 400 || name == "mixed", "\(name): \(events)")
      // A line where no VEVENT starts gives none.
      #expect(try loader.event(at: 2, from: source, buffer) == nil)
    }
  }
}
