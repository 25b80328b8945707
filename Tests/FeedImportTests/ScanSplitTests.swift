import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

@testable import FeedImport
@testable import FeedScan

/// A big file's scan is cut in two parts scanned at once (``SecondScanPart``). Wherever the cut
/// falls, the result must be the one scan's: the same items in the same order, counts,
/// passed-over keys, checkpoints and line numbers; and where the cut falls inside a component,
/// the loading thread must notice and scan on alone.
@Suite("Split scan")
struct ScanSplitTests {
  /// What a scan gives, in a form that compares.
  struct ScanResult: Equatable {
    var items: [String] = []
    var counts: [Int] = []
    var passedOver: [String] = []
    var calendarLines: [Int] = []
    var checkpoints: [Int] = []
    var sawCalendarData = false
    var start = ""
  }

  struct Collector: ScanSink {
    var items: [String] = []
    mutating func take(_ item: ScannedItem) { items.append(ScanInPlaceTests.describe(item)) }
    mutating func chunkEnded() -> Bool { true }
  }

  static let june2020 = Day(year: 2020, month: 6, day: 1).map { $0...$0.adding(days: 29) }

  /// Scans `source` with `split`; the result and whether the second part was taken.
  static func scan(
    _ source: () throws(ImportError) -> ByteSource, window: ClosedRange<Day>?, split: ScanSplit
  ) throws -> (result: ScanResult, cut: Bool) {
    var options = ImportOptions(window: window)
    options.scanSplit = split
    options.keyPieceSize = 4_096
    var byteSource = try source()
    var scan = FeedScan(source: "test", options: options)
    var sink = Collector()
    _ = try scan.run(from: &byteSource, into: &sink)
    let keys = scan.tally.passedOver
    let result = ScanResult(
      items: sink.items,
      counts: [scan.tally.eventsRead, scan.tally.eventsPassedOver, scan.nulBytes],
      passedOver: zip(keys.uids, keys.lines).map { "\($0) \($1)" },
      calendarLines: scan.tally.calendarLines, checkpoints: scan.checkpoints,
      sawCalendarData: scan.sawCalendarData, start: scan.startDescription)
    return (result, scan.cutTaken)
  }

  /// Offsets spread over `bytes` where a test cuts.
  static func cuts(_ bytes: [UInt8], count: Int) -> [Int] {
    (0..<count).map { bytes.count * $0 / count }
  }

  @Test("cut at 40 places of a big mixed feed, the scan is the one-part scan's")
  func cutAnywhere() throws {
    let bytes = OverlapEquivalenceTests.feedBytes
    let memory = { () throws(ImportError) -> ByteSource in ByteSource(bytes: bytes) }
    let whole = try ScanSplitTests.scan(memory, window: ScanSplitTests.june2020, split: .never)
    #expect(!whole.cut)
    #expect(whole.result.counts[1] > 1_000)
    var taken = 0
    for offset in ScanSplitTests.cuts(bytes, count: 40) {
      let split = try ScanSplitTests.scan(
        memory, window: ScanSplitTests.june2020, split: .from(offset))
      #expect(split.result == whole.result, "cut from \(offset)")
      if split.cut { taken += 1 }
    }
    // Nearly every cut falls between two events.
    #expect(taken >= 36)
  }

  @Test("a file on disk is cut as bytes in memory are, with the same result")
  func cutFile() throws {
    let bytes = OverlapEquivalenceTests.feedBytes
    let path = try Scratch.file(named: "mixed.ics").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let file = { () throws(ImportError) -> ByteSource in try ByteSource(path: path) }
    let whole = try ScanSplitTests.scan(file, window: ScanSplitTests.june2020, split: .never)
    for offset in ScanSplitTests.cuts(bytes, count: 5).dropFirst() {
      let split = try ScanSplitTests.scan(
        file, window: ScanSplitTests.june2020, split: .from(offset))
      #expect(split.cut)
      #expect(split.result == whole.result, "cut from \(offset)")
    }
  }

  /// A feed whose second half holds the cases a cut must carry: a folded calendar property
  /// just before the cut, LF and lone-CR line ends, NUL bytes, a stray END, events that share
  /// UIDs with events of the first half, and a VTIMEZONE after the events that use it.
  static func oddFeed(events: Int) -> [UInt8] {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Odd\r\n"
    for index in 0..<events {
      let day = 1 + index % 28
      let year = index % 3 == 0 ? 2020 : 2016
      let date = "\(year)06\(day < 10 ? "0" : "")\(day)"
      let end = index % 5 == 0 ? "\n" : (index % 7 == 0 ? "\r" : "\r\n")
      text += "BEGIN:VEVENT\(end)UID:odd-\(index % (events / 2))\(end)"
      text += "DTSTART;TZID=Odd/Zone:\(date)T100000\(end)SUMMARY:Event \(index)"
      text += index % 11 == 0 ? "\u{0}\(end)" : end
      text += "RRULE:FREQ=WEEKLY;COUNT=3\(end)END:VEVENT\r\n"
      if index == events / 2 {
        text += "X-WR-CALNAME:Odd, named\r\n  again at the cut\r\n"
      }
      if index == events * 3 / 4 { text += "END:VTODO\r\n" }
    }
    text += "BEGIN:VTIMEZONE\r\nTZID:Odd/Zone\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0130\r\n"
    text += "TZOFFSETTO:+0130\r\nDTSTART:19700101T000000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
    text += "END:VCALENDAR\r\n"
    return Array(text.utf8)
  }

  @Test("folded properties, odd line ends, NUL bytes and stray ENDs around the cut")
  func oddCut() throws {
    let bytes = ScanSplitTests.oddFeed(events: 400)
    let memory = { () throws(ImportError) -> ByteSource in ByteSource(bytes: bytes) }
    let whole = try ScanSplitTests.scan(memory, window: ScanSplitTests.june2020, split: .never)
    #expect(whole.result.counts[2] > 0)
    #expect(whole.result.items.contains { $0.contains("without a matching BEGIN") })
    var taken = 0
    // Among the cuts, one right after the folded calendar property, which only the next line
    // that is not a continuation hands out.
    let property = Array("X-WR-CALNAME:Odd, named".utf8)
    let named = try #require(
      (0..<bytes.count).first { bytes[$0...].starts(with: property) })
    for offset in ScanSplitTests.cuts(bytes, count: 60) + [named] {
      let split = try ScanSplitTests.scan(
        memory, window: ScanSplitTests.june2020, split: .from(offset))
      #expect(split.result == whole.result, "cut from \(offset)")
      if split.cut { taken += 1 }
    }
    #expect(taken >= 50)
    // The layouts agree too: the calendar's name, the zone read after its events, the
    // duplicates of the first half's UIDs.
    let request = try OverlapEquivalenceTests.request(2020, 6, count: 1, zone: "Europe/Berlin")
    var options = ImportOptions(window: request.window)
    options.scanSplit = .never
    let one = try Feed(bytes: bytes, name: "odd.ics", options: options)
    options.scanSplit = .from(bytes.count / 2)
    let two = try Feed(bytes: bytes, name: "odd.ics", options: options)
    #expect(one.name == "Odd, named again at the cut")
    #expect(one.eventsDuplicate > 0)
    #expect(
      try OverlapEquivalenceTests.outcome(two, months: request)
        == OverlapEquivalenceTests.outcome(one, months: request))
  }

  @Test("a long second part hands its keys out in pieces, copied behind the first part's")
  func keysInPieces() throws {
    let bytes = ScanSplitTests.oddFeed(events: 24_000)
    let memory = { () throws(ImportError) -> ByteSource in ByteSource(bytes: bytes) }
    let whole = try ScanSplitTests.scan(memory, window: ScanSplitTests.june2020, split: .never)
    #expect(whole.result.passedOver.count > 3 * 4_096)
    for offset in [bytes.count / 10, bytes.count / 2] {
      let split = try ScanSplitTests.scan(
        memory, window: ScanSplitTests.june2020, split: .from(offset))
      #expect(split.cut)
      #expect(split.result == whole.result, "cut from \(offset)")
    }
  }

  @Test("a cut where the scan is not between events of a VCALENDAR is noticed: scanned on alone")
  func cutOutsideCalendar() throws {
    // The cut falls on the BEGIN:VEVENT line right after an END:VCALENDAR (a bare event, read
    // as if wrapped: the scan of the whole input opens a calendar there), after a VTODO left
    // open or after a VEVENT left open (which that line closes, with a notice): the second
    // part's assumption does not hold, and the loading thread must scan on alone.
    for wrapper in [
      "END:VCALENDAR\r\n", "BEGIN:VTODO\r\nUID:todo\r\n", "BEGIN:VEVENT\r\nUID:open\r\n",
    ] {
      var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
      var cutFrom = 0
      for index in 0..<200 {
        if index == 150 {
          text += wrapper
          cutFrom = text.utf8.count - 2
        }
        text += "BEGIN:VEVENT\r\nUID:e-\(index)\r\nDTSTART;VALUE=DATE:2020061\(index % 10)\r\n"
        text += "SUMMARY:Event \(index)\r\nEND:VEVENT\r\n"
      }
      text += "END:VCALENDAR\r\n"
      let bytes = Array(text.utf8)
      let memory = { () throws(ImportError) -> ByteSource in ByteSource(bytes: bytes) }
      let whole = try ScanSplitTests.scan(memory, window: ScanSplitTests.june2020, split: .never)
      #expect(
        FeedScan.splitPoint(
          of: ByteSource(bytes: bytes), split: .from(cutFrom), window: ScanSplitTests.june2020,
          strict: false)
          == cutFrom + 2)
      let split = try ScanSplitTests.scan(
        memory, window: ScanSplitTests.june2020, split: .from(cutFrom))
      #expect(!split.cut, "\(wrapper)")
      #expect(split.result == whole.result, "\(wrapper)")
      // One event later, the scan stands between events again, and the cut is taken.
      let later = try ScanSplitTests.scan(
        memory, window: ScanSplitTests.june2020, split: .from(cutFrom + 10))
      #expect(later.cut, "\(wrapper)")
      #expect(later.result == whole.result, "\(wrapper)")
    }
  }

  @Test("without a window, under strict, or from standard input, the scan is never cut")
  func notCut() throws {
    let bytes = ScanSplitTests.oddFeed(events: 100)
    let memory = { () throws(ImportError) -> ByteSource in ByteSource(bytes: bytes) }
    let noWindow = try ScanSplitTests.scan(memory, window: nil, split: .from(bytes.count / 2))
    #expect(!noWindow.cut)
    var options = ImportOptions(window: ScanSplitTests.june2020, strict: true)
    options.scanSplit = .from(bytes.count / 2)
    #expect(
      FeedScan.splitPoint(
        of: ByteSource(bytes: bytes), split: options.scanSplit, window: ScanSplitTests.june2020,
        strict: true) == nil)
    #expect(
      FeedScan.splitPoint(
        of: ByteSource.standardInput(), split: .from(0), window: ScanSplitTests.june2020,
        strict: false) == nil)
    #expect(
      FeedScan.splitPoint(
        of: ByteSource(bytes: bytes), split: .automatic, window: ScanSplitTests.june2020,
        strict: false) == nil,
      "under splitThreshold")
    // A big input is cut for a month, not for a year (and only with two cores or more).
    var big = [UInt8](repeating: UInt8(ascii: "x"), count: FeedScan.splitThreshold + 64)
    let marker = Array("\nBEGIN:VEVENT\r\n".utf8)
    big.replaceSubrange((big.count - 40)..<(big.count - 40 + marker.count), with: marker)
    let january = try #require(Day(year: 2020, month: 1, day: 1))
    let year = january...january.adding(days: 365)
    if ProcessInfo.processInfo.activeProcessorCount > 1 {
      #expect(
        FeedScan.splitPoint(
          of: ByteSource(bytes: big), split: .automatic, window: ScanSplitTests.june2020,
          strict: false) == big.count - 39)
    }
    #expect(
      FeedScan.splitPoint(
        of: ByteSource(bytes: big), split: .automatic, window: year, strict: false) == nil)
  }

  @Test("lines are counted before the cut as the splitter numbers them")
  func lineCount() throws {
    var random = SeededRandom(state: 7)
    let alphabet: [UInt8] = [0x0D, 0x0A, 0x41, 0x20, 0x00]
    for round in 0..<300 {
      // Some inputs long enough for whole 255-byte blocks, with line ends across their edges.
      let length = round % 3 == 0 ? random.next(2_000) : random.next(200)
      let bytes = (0..<length).map { _ in alphabet[random.next(5)] }
      var splitter = LineSplitter()
      try bytes.withUnsafeBufferPointer { (all) throws(ImportError) -> Void in
        try splitter.feed(all) { (_, _) throws(ImportError) -> Void in }
      }
      // Counted in random pieces, as the second part reads the first one.
      var counted = 0
      var afterCR = false
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + random.next(round % 3 == 0 ? 700 : 40))
        let piece = bytes.withUnsafeBufferPointer {
          LineSplitter.countLineEnds(
            UnsafeBufferPointer(rebasing: $0[start..<end]), afterCR: afterCR)
        }
        counted += piece.count
        afterCR = piece.endsWithCR
        start = end
      }
      #expect(counted == splitter.lineNumber, "\(bytes)")
    }
    // Long inputs, counted whole: blocks full of line ends (255 in a block at density 1),
    // CRs at a block's last byte before an LF.
    for density in [1, 2, 5, 40] {
      let bytes = (0..<60_000).map { _ in
        random.next(density) == 0 ? alphabet[random.next(2)] : UInt8(ascii: "x")
      }
      var splitter = LineSplitter()
      try bytes.withUnsafeBufferPointer { (all) throws(ImportError) -> Void in
        try splitter.feed(all) { (_, _) throws(ImportError) -> Void in }
      }
      let counted = bytes.withUnsafeBufferPointer {
        LineSplitter.countLineEnds($0, afterCR: false).count
      }
      #expect(counted == splitter.lineNumber, "density \(density)")
    }
  }
}
