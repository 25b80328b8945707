@testable import FeedImport
import LaneLayout

/// One fuzz input through the byte scan alone: lines (`LineSplitter`), components
/// (`ComponentScanner`), the byte-level facts (`EventFacts`, `RuleFacts`) and the month
/// pre-filter (`ScanTally`). libical is never called.
///
/// The first byte picks the pre-filter's window (none, August 2024, or the ends of the
/// calendar); the rest is the feed.
func fuzzScanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let options = ImportOptions(
    window: ScannerCase.windows[Int(data[0]) % ScannerCase.windows.count])
  var scan = FeedScan(source: "fuzz", options: options)
  var source = ByteSource(bytes: bytes)
  var sink = CountingSink()
  _ = try? scan.run(from: &source, into: &sink)
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

/// Takes what the pre-filter keeps and touches it, as the loader would.
struct CountingSink: ScanSink {
  var kept = 0
  var bytes = 0

  mutating func take(_ item: ScannedItem) {
    kept += 1
    if case .event(let block, _, let facts) = item {
      bytes += block.count
      if let august = ScannerCase.windows[1] {
        _ = facts.mayTouch(first: august.lowerBound, last: august.upperBound)
      }
    }
  }

  mutating func chunkEnded() -> Bool { true }
}
