import Foundation
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// Every second reading (the events of a kept UID group, the index's replay) cuts VEVENTs out of
/// the feed from the line checkpoint before each (``EventSweep``; here a sweep of one,
/// `FeedLoader.event(at:from:_:)` below), reading a little at first and more as needed. Whatever the events' sizes, line ends and nesting, the VEVENT
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

/// A sweep (`EventSweep`) cuts many VEVENTs in one pass over the feed, going on from one target
/// to the next instead of from each target's checkpoint. Every target must come out exactly as
/// a reading of that target alone cuts it: targets side by side, far apart, at lines where no
/// VEVENT starts, inside another event, past the end, repeated, and out of order.
@Suite("VEVENTs cut again in one sweep")
struct SweepTests {
  /// The VEVENT at `target` as the simplest reading cuts it: every line from the checkpoint
  /// before it to the end of the feed split at once, the lines from `target` on scanned by a
  /// scanner of its own until that VEVENT is handed out.
  static func reference(
    _ target: Int, in bytes: [UInt8], checkpoints: [Int]
  ) throws(ImportError) -> ScannedItem? {
    let index = (target - 1) / LineSplitter.checkpointInterval
    guard target >= 1, checkpoints.indices.contains(index) else { return nil }
    var splitter = LineSplitter(
      from: checkpoints[index], firstLine: index * LineSplitter.checkpointInterval + 1)
    var scanner = ComponentScanner()
    var found: ScannedItem?
    func take(_ item: ScannedItem) {
      if found == nil, case .event(_, let line, _) = item, line == target { found = item }
    }
    // Lines split 4 KiB at a time, unlike any sweep, until the VEVENT is handed out.
    var offset = checkpoints[index]
    while found == nil, offset < bytes.count {
      let chunk = Array(bytes[offset..<min(bytes.count, offset + 4_096)])
      offset += chunk.count
      try chunk.withUnsafeBufferPointer { (chunk) throws(ImportError) -> Void in
        try splitter.feed(chunk) { line, number in
          if found == nil, number >= target { scanner.scan(line, number: number, take) }
        }
      }
    }
    if found == nil {
      try splitter.finish { line, number in
        if number >= target { scanner.scan(line, number: number, take) }
      }
      scanner.finish(take)
    }
    return found
  }

  @Test("every target of a sweep is the VEVENT a reading of it alone cuts")
  func sweepCutsAsSingleReadings() throws {
    var random = SeededRandom(state: 11)
    for (name, bytes) in CutAgainTests.feeds() {
      var loader = FeedLoader(source: "sweep", options: ImportOptions())
      var source = ByteSource(bytes: bytes)
      try loader.load(from: &source)
      let checkpoints = loader.checkpoints
      let lineCount = bytes.count { $0 == 0x0A || $0 == 0x0D }
      let scanned = try ScanInPlaceTests.scanned(bytes, window: nil).compactMap {
        description -> Int? in
        description.hasPrefix("event ") ? Int(description.split(separator: " ")[1]) : nil
      }
      // Lines where no VEVENT starts are read to the end of the feed, by a sweep as by a
      // single reading: a few of them, among the events.
      let others = (0..<24).map { _ in 1 + random.next(lineCount + 3) }
      var shuffled = scanned
      for index in shuffled.indices.reversed() {
        shuffled.swapAt(index, random.next(index + 1))
      }
      let sets: [(String, [Int])] = [
        ("every event", scanned),
        ("one event in three", scanned.filter { _ in random.next(3) == 0 }),
        ("events, other lines, repeats", (scanned + others + scanned.prefix(40)).sorted()),
        ("events out of order", Array(shuffled.prefix(60)) + others.prefix(4)),
      ]
      let sweep = EventSweep(checkpoints: checkpoints, byteSource: source)
      var expected: [Int: String] = [:]
      for size in [1 << 10, 8 << 10, EventSweep.largestRead] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        for (kind, targets) in sets {
          var handed: [(target: Int, item: ScannedItem?)] = []
          try sweep.read(targets, into: buffer) { target, item in handed.append((target, item)) }
          var mismatches = 0
          for (target, item) in handed {
            if expected[target] == nil {
              expected[target] =
                try SweepTests.reference(target, in: bytes, checkpoints: checkpoints)
                .map(ScanInPlaceTests.describe) ?? "none"
            }
            if (item.map(ScanInPlaceTests.describe) ?? "none") != expected[target] {
              mismatches += 1
            }
          }
          let cut = handed.count { $0.item != nil }
          #expect(handed.map(\.target) == targets, "\(name), \(kind), buffer \(size)")
          #expect(mismatches == 0, "\(name), \(kind), buffer \(size): \(mismatches) differ")
          if kind == "every event" { #expect(cut == scanned.count, "\(name), buffer \(size)") }
        }
      }
    }
  }
}

extension FeedLoader {
  /// The VEVENT that starts at line `target`, cut by a sweep of that one line from the
  /// checkpoint before it; nil when no checkpoint covers `target` or no VEVENT starts there.
  func event(
    at target: Int, from byteSource: ByteSource, _ buffer: UnsafeMutableRawBufferPointer
  ) throws(ImportError) -> ScannedItem? {
    var found: ScannedItem?
    try EventSweep(checkpoints: checkpoints, byteSource: byteSource).read([target], into: buffer) {
      _, item in found = item
    }
    return found
  }
}
