@testable import FeedImport
@testable import FeedScan

extension TestSupport {
  /// Scans all of `bytes` in one chunk, as the copying scan does: every line through `scanner`,
  /// the items to `take`. ``ScanInPlaceTests`` and ``KeptWindowsTests`` both read a feed this way.
  static func scanWhole(
    _ bytes: [UInt8], with scanner: inout ComponentScanner, _ take: (ScannedItem) -> Void
  ) throws(ImportError) {
    var splitter = LineSplitter()
    try bytes.withUnsafeBufferPointer { (buffer) throws(ImportError) -> Void in
      try splitter.feed(buffer) { (line, number) throws(ImportError) -> Void in
        scanner.scan(line, number: number, take)
      }
    }
    try splitter.finish { (line, number) throws(ImportError) -> Void in
      scanner.scan(line, number: number, take)
    }
    scanner.finish(take)
  }
}
