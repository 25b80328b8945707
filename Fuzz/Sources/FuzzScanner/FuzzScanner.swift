import LaneLayout

@testable import FeedImport

/// One fuzz input through the byte scan alone: lines (`LineSplitter`), components
/// (`ComponentScanner`), the byte-level facts (`EventFacts`, `RuleFacts`) and the month
/// pre-filter (`ScanTally`). libical is never called.
///
/// The first byte picks the pre-filter's window (none, August 2024, or the ends of the
/// calendar) and, with a window, where the scan is also cut in two parts scanned at once
/// (`ScanSplit.from`): the cut scan must give exactly what the whole scan gives (items,
/// counts, passed-over keys, checkpoints, the error), or the input is reported as a crash.
/// The rest is the feed.
func fuzzScanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let window = ScannerCase.windows[Int(data[0]) % ScannerCase.windows.count]
  let whole = ScannerCase.scan(bytes, window: window, split: .never)
  if window != nil {
    let cut = bytes.count * Int(data[0] >> 3) / 32
    let split = ScannerCase.scan(bytes, window: window, split: .from(cut))
    if split != whole {
      fatalError("the scan cut from \(cut) differs from the whole scan")
    }
  }
  return 0
}

/// The windows one input's first byte selects.
enum ScannerCase {
  static let windows: [ClosedRange<Day>?] = [
    nil,
    window((2024, 7, 28), (2024, 9, 7)),
    window((1, 1, 1), (1, 2, 11)),
    window((9999, 11, 28), (9999, 12, 31)),
    window((1969, 12, 28), (1970, 2, 7)),
  ]

  static func window(_ first: (Int, Int, Int), _ last: (Int, Int, Int)) -> ClosedRange<Day>? {
    guard let from = Day(year: first.0, month: first.1, day: first.2),
      let to = Day(year: last.0, month: last.1, day: last.2)
    else { return nil }
    return from...to
  }
}

extension ScannerCase {
  /// Everything a scan of `bytes` gives, as text that compares.
  static func scan(_ bytes: [UInt8], window: ClosedRange<Day>?, split: ScanSplit) -> [String] {
    var options = ImportOptions(window: window)
    options.scanSplit = split
    // Keys handed out by the second part at every chunk's end.
    options.keyPieceSize = 8
    var scan = FeedScan(source: "fuzz", options: options)
    var source = ByteSource(bytes: bytes)
    var sink = CollectingSink()
    var result: [String]
    do {
      result = ["finished \(try scan.run(from: &source, into: &sink))"]
    } catch {
      result = ["error \(error)"]
    }
    let keys = scan.tally.passedOver
    result += sink.items
    result.append("counts \(scan.tally.eventsRead) \(scan.tally.eventsPassedOver) \(scan.nulBytes)")
    result.append("keys \(keys.uids) \(keys.lines)")
    result.append("calendars \(scan.tally.calendarLines) checkpoints \(scan.checkpoints)")
    result.append("start \(scan.sawCalendarData) \(scan.startDescription)")
    return result
  }
}

/// Takes what the pre-filter keeps and touches it, as the loader would; keeps a description.
struct CollectingSink: ScanSink {
  var items: [String] = []

  mutating func take(_ item: ScannedItem) {
    if case .event(_, _, let facts) = item, let august = ScannerCase.windows[1] {
      _ = facts.mayTouch(first: august.lowerBound, last: august.upperBound)
    }
    items.append("\(item)")
  }

  /// Where chunks end differs between a whole and a cut scan, and matters only under `strict`
  /// (never cut): not recorded.
  mutating func chunkEnded() -> Bool { true }
}
