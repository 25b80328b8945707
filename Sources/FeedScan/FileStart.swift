/// Whether the first bytes of a file start iCalendar data, by the rule a whole feed's scan
/// applies (``FeedScan``): its first line that is not blank, unfolded, begins a VCALENDAR or a
/// component that may stand alone.
///
/// A folder's files are checked one by one with it, so that a file that is not iCalendar is
/// left out on its own instead of failing the folder.
package enum FileStart {
  /// The verdict on `bytes`, the start of a file (or all of it, when `wholeFile`): nil when
  /// they end before the first line that is not blank shows; an empty file is iCalendar
  /// (it adds nothing).
  static func isICalendar(_ bytes: UnsafeBufferPointer<UInt8>, wholeFile: Bool) -> Bool? {
    var splitter = LineSplitter()
    var scanner = ComponentScanner()
    var verdict: Bool?
    do {
      try splitter.feedLines(bytes) { (line, number, inPlace) throws(ImportError) -> Void in
        guard verdict == nil else { return }
        scanner.scan(line, number: number, inPlace: inPlace) { _ in }
        if scanner.sawContent, !scanner.isHoldingLine { verdict = scanner.sawCalendarData }
      }
      guard verdict == nil, wholeFile else { return verdict }
      try splitter.finish { (line, number) throws(ImportError) -> Void in
        scanner.scan(line, number: number) { _ in }
      }
    } catch {
      // Only a line past ``LineSplitter/maximumLineLength``, which no start of a file holds.
      return wholeFile ? false : nil
    }
    scanner.finish { _ in }
    return scanner.sawContent ? scanner.sawCalendarData : true
  }
}
