/// Where a ``FeedScan`` hands the items its pre-filter keeps.
protocol ScanSink {
  /// Takes the next item the pre-filter kept, in file order.
  mutating func take(_ item: ScannedItem)
  /// Called after each chunk's items; returns false to stop reading there (a `strict` problem).
  mutating func chunkEnded() -> Bool
}

/// The scanning half of a load: bytes → lines (``LineSplitter``) → components
/// (``ComponentScanner``) → pre-filter (``ScanTally``). Never calls libical: what it keeps goes
/// to a ``ScanSink``, the loader itself or a ``LoadPipeline`` to a worker thread.
struct FeedScan {
  let source: String
  /// Called after each chunk with the bytes read so far and the total, when known.
  let progress: (@Sendable (Int, Int?) -> Void)?
  /// The pre-filter's decisions and counts so far.
  private(set) var tally: ScanTally
  /// NUL bytes removed from the input.
  private(set) var nulBytes = 0
  /// Whether a VCALENDAR (or a bare iCalendar component) was met.
  private(set) var sawCalendarData = false
  /// Why the input is not iCalendar, from its first line that is not blank.
  private(set) var startDescription = "the input is empty"
  /// The input offset of every ``LineSplitter/checkpointInterval``-th line (see
  /// ``LineSplitter/checkpoints``).
  private(set) var checkpoints: [Int] = []

  init(source: String, options: ImportOptions) {
    self.source = source
    progress = options.progress
    tally = ScanTally(window: options.window)
  }

  /// Reads the whole input into `sink`; stops at the first content line when it is not
  /// iCalendar, and after a chunk when `sink` asks to. Returns false when `sink` stopped it.
  ///
  /// A line too long is reported as ``ImportError/notICalendar(source:detail:)``.
  mutating func run<Sink: ScanSink>(from byteSource: inout ByteSource, into sink: inout Sink)
    throws(ImportError) -> Bool
  {
    var splitter = LineSplitter(keepsCheckpoints: true)
    var scanner = ComponentScanner()
    scanner.passOverWindow = tally.window
    defer {
      nulBytes = splitter.nulBytes
      checkpoints = splitter.checkpoints
      sawCalendarData = scanner.sawCalendarData
      startDescription = FeedScan.describeStart(of: scanner)
    }
    do {
      var checkedStart = false
      while try byteSource.readChunk({ (chunk) throws(ImportError) -> Void in
        try splitter.feedLines(chunk) { (line, number, inPlace) throws(ImportError) -> Void in
          scanner.scan(line, number: number, inPlace: inPlace) { pass($0, to: &sink) }
          if !checkedStart, scanner.sawContent {
            checkedStart = true
            if !scanner.sawCalendarData {
              throw .notICalendar(source: source, detail: FeedScan.describeStart(of: scanner))
            }
          }
        }
        // The chunk's bytes are reused for the next one.
        scanner.releaseLines()
      }) {
        progress?(byteSource.bytesRead, byteSource.totalBytes)
        if !sink.chunkEnded() { return false }
      }
      try splitter.finish { (line, number) throws(ImportError) -> Void in
        scanner.scan(line, number: number) { pass($0, to: &sink) }
      }
    } catch .lineTooLong(let line, let limit) {
      throw .notICalendar(source: source, detail: "line \(line) is longer than \(limit >> 20) MiB")
    }
    scanner.finish { pass($0, to: &sink) }
    return true
  }

  private mutating func pass<Sink: ScanSink>(_ item: ScannedItem, to sink: inout Sink) {
    if let kept = tally.route(item) { sink.take(kept) }
  }

  /// C0, DEL, C1 and the Unicode line and paragraph separators.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }

  /// Why a feed is not iCalendar, from its first line that is not blank.
  static func describeStart(of scanner: ComponentScanner) -> String {
    guard scanner.sawContent, let line = scanner.firstContentLine else {
      return "the input is empty"
    }
    let shown = String(
      line.unicodeScalars.map { FeedScan.isControl($0) ? "?" : Character($0) }.prefix(40))
    let number = scanner.firstContentLineNumber
    if line.hasPrefix("<") {
      return "line \(number) starts like HTML or XML (\"\(shown)\"), not with BEGIN:VCALENDAR"
    }
    return "line \(number) starts with \"\(shown)\", not with BEGIN:VCALENDAR"
  }
}
