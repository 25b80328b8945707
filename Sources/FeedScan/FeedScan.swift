import LaneLayout

/// Where a ``FeedScan`` hands the items its pre-filter keeps.
package protocol ScanSink {
  /// Takes the next item the pre-filter kept, in file order.
  mutating func take(_ item: ScannedItem)
  /// Called after each chunk's items; returns false to stop reading there (a `strict` problem).
  mutating func chunkEnded() -> Bool
}

/// The scanning half of a load: bytes → lines (``LineSplitter``) → components
/// (``ComponentScanner``) → pre-filter (``ScanTally``). Never calls libical: what it keeps goes
/// to a ``ScanSink``, the loader itself or a ``LoadPipeline`` to a worker thread.
package struct FeedScan {
  let source: String
  /// Called after each chunk with the bytes read so far and the total, when known.
  let progress: (@Sendable (Int, Int?) -> Void)?
  /// The pre-filter's decisions and counts so far.
  package private(set) var tally: ScanTally
  /// NUL bytes removed from the input.
  package private(set) var nulBytes = 0
  /// Whether a VCALENDAR (or a bare iCalendar component) was met.
  package private(set) var sawCalendarData = false
  /// Why the input is not iCalendar, from its first line that is not blank.
  package private(set) var startDescription = "the input is empty"
  /// The input offset of every ``LineSplitter/checkpointInterval``-th line (see
  /// ``LineSplitter/checkpoints``).
  package private(set) var checkpoints: [Int] = []

  /// The size of the input whose passed-over keys to make room for, once the first part of a
  /// split scan has read enough to tell how many there are to a byte (then nil).
  private var keysReservedFor: Int?
  /// The second part of a split scan: keys of passed-over events handed out as it goes, so
  /// that the first part copies them behind its own one piece at a time (see
  /// ``ScanTally/append(_:handedOut:)``).
  private(set) var handedOut: [PassedOverKeys.Piece] = []
  /// Whether the scan was cut in two parts and the second one's items taken (then its NUL
  /// bytes and checkpoints are added to this one's; tests read it too).
  private(set) var cutTaken = false
  /// Whether a big input's scan may be cut in two parts (``ScanSplit``).
  private let split: ScanSplit
  /// The load is `strict` (its scan is never cut: it stops at the chunk of its first problem).
  private let strict: Bool

  /// For the second part of a split scan: where it starts in the input, and the number of
  /// the line there.
  private let continuation: (offset: Int, firstLine: Int)?

  /// How many passed-over keys a split scan's second part hands out at a time.
  private let keyPieceSize: Int

  /// The scan of a whole input, for `window` (nil: every event is kept).
  package init(
    source: String, window: ClosedRange<Day>?, progress: (@Sendable (Int, Int?) -> Void)?,
    split: ScanSplit, strict: Bool, keyPieceSize: Int
  ) {
    self.source = source
    self.progress = progress
    tally = ScanTally(window: window)
    self.split = split
    self.strict = strict
    self.keyPieceSize = keyPieceSize
    continuation = nil
  }

  /// The scan of a split scan's second part (``SecondScanPart``): from `offset`, where line
  /// `firstLine` starts, between components at the top level of a VCALENDAR.
  init(
    source: String, window: ClosedRange<Day>?, from offset: Int, firstLine: Int, keyPieceSize: Int
  ) {
    self.source = source
    progress = nil
    tally = ScanTally(window: window)
    tally.passedOver.reserve(keyPieceSize)
    split = .never
    strict = false
    self.keyPieceSize = keyPieceSize
    continuation = (offset, firstLine)
  }

  /// Reads the whole input into `sink`; stops at the first content line when it is not
  /// iCalendar, and after a chunk when `sink` asks to. Returns false when `sink` stopped it.
  ///
  /// A big file is scanned in two parts at once (``SecondScanPart``): this thread scans up to
  /// the cut while the part's thread scans from it; `sink` gets the items in file order, and
  /// everything is as from one scan.
  ///
  /// A line too long is reported as ``ImportError/notICalendar(source:detail:)``.
  package mutating func run<Sink: ScanSink>(
    from byteSource: inout ByteSource, into sink: inout Sink
  )
    throws(ImportError) -> Bool
  {
    var splitter = LineSplitter(keepsCheckpoints: true)
    var scanner = ComponentScanner()
    if let continuation {
      splitter = LineSplitter(
        from: continuation.offset, firstLine: continuation.firstLine, keepsCheckpoints: true)
      scanner = ComponentScanner(continuingInsideCalendar: ())
    }
    scanner.passOverWindow = tally.window
    scanner.folder = byteSource.folderStream
    var second = startSecondPart(of: &byteSource)
    defer {
      if let second {
        // Stopped and waited for on every path (a no-op once it has finished).
        second.pipeline.stop()
        second.join()
      }
    }
    defer {
      nulBytes = splitter.nulBytes
      checkpoints = splitter.checkpoints
      sawCalendarData = scanner.sawCalendarData
      startDescription = FeedScan.describeStart(of: scanner)
      if cutTaken, let second {
        // Joined: its fields are this thread's now.
        nulBytes += second.nulBytes
        checkpoints += second.checkpoints
      }
    }
    do {
      var checkedStart = false
      guard
        try readChunks(
          from: &byteSource, splitter: &splitter, scanner: &scanner, checkedStart: &checkedStart,
          take: { sink.take($0) }, chunkEnded: { sink.chunkEnded() })
      else { return false }
      if let part = second {
        if byteSource.bytesRead == part.start, splitter.endsBetweenLines,
          scanner.isAtCalendarLevel, part.awaitFirstLine() == splitter.lineNumber + 1
        {
          // The cut fell between components: the second part continues this scan exactly.
          scanner.flushPendingProperty { pass($0, to: &sink) }
          cutTaken = true
          let finished = try take(part, into: &sink)
          progress?(byteSource.totalBytes ?? byteSource.bytesRead, byteSource.totalBytes)
          return finished
        }
        // It did not: this thread scans on alone.
        part.pipeline.stop()
        part.join()
        second = nil
        byteSource.readLimit = nil
        guard
          try readChunks(
            from: &byteSource, splitter: &splitter, scanner: &scanner, checkedStart: &checkedStart,
            take: { sink.take($0) }, chunkEnded: { sink.chunkEnded() })
        else { return false }
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

  /// Starts the second part of a split scan (``SecondScanPart``) when this scan is of a whole
  /// input big enough to cut, and limits this thread's reading to the cut; nil when not.
  private mutating func startSecondPart(of byteSource: inout ByteSource) -> SecondScanPart? {
    guard continuation == nil,
      let cut = FeedScan.splitPoint(
        of: byteSource, split: split, window: tally.window, strict: strict)
    else { return nil }
    let part = SecondScanPart(
      byteSource: byteSource, source: source, start: cut, window: tally.window,
      keyPieceSize: keyPieceSize)
    part.begin()
    byteSource.readLimit = cut
    // Room for the second part's keys too: appended at the end without growing (pages
    // reserved and never written cost no memory).
    keysReservedFor = byteSource.totalBytes
    return part
  }

  /// Reads `byteSource` to its end (or to its ``ByteSource/readLimit``) through `splitter` and
  /// `scanner` into `sink`; false when `sink` stopped it. Throws when the first line that is
  /// not blank shows the input is not iCalendar.
  ///
  /// A method with `inout` values, not a local function: variables a local function captures
  /// would be checked for exclusive access at run time at every line. It takes the sink as two
  /// closures rather than as a generic `ScanSink`: the sinks are in later targets, where this
  /// loop could not be specialized for them, and the line loop inside must be.
  private mutating func readChunks(
    from byteSource: inout ByteSource, splitter: inout LineSplitter,
    scanner: inout ComponentScanner, checkedStart: inout Bool, take: (ScannedItem) -> Void,
    chunkEnded: () -> Bool
  ) throws(ImportError) -> Bool {
    while try byteSource.readChunk({ (chunk) throws(ImportError) -> Void in
      try splitter.feedLines(chunk) { (line, number, inPlace) throws(ImportError) -> Void in
        scanner.scan(line, number: number, inPlace: inPlace) { pass($0, to: take) }
        // The first line may be a BEGIN folded inside its name: it counts once unfolded.
        if !checkedStart, scanner.sawContent, !scanner.isHoldingLine {
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
      if continuation != nil, tally.passedOver.fillPiece(of: keyPieceSize) {
        handedOut.append(tally.passedOver.handOut(reserving: keyPieceSize))
      }
      if let total = keysReservedFor, byteSource.bytesRead >= 2 << 20 {
        keysReservedFor = nil
        tally.passedOver.reserve(forBytes: total, afterBytes: byteSource.bytesRead)
      }
      if !chunkEnded() { return false }
    }
    return true
  }

  /// Hands `sink` what the second part kept, in order, then adds its tally; returns false when
  /// `sink` stopped it, and throws the problem that ended the part, after its items.
  private mutating func take<Sink: ScanSink>(_ part: SecondScanPart, into sink: inout Sink)
    throws(ImportError) -> Bool
  {
    // Its items were counted and routed by the part's own tally already.
    while let batch = part.pipeline.nextBatch() {
      if !LoadPipeline.deliver(batch, to: &sink) { return false }
    }
    part.join()
    var pieces = part.takeHandedOut()
    tally.append(part.tally, handedOut: &pieces)
    if let failure = part.failure { throw failure }
    return true
  }

  private mutating func pass<Sink: ScanSink>(_ item: ScannedItem, to sink: inout Sink) {
    pass(item) { sink.take($0) }
  }

  private mutating func pass(_ item: ScannedItem, to take: (ScannedItem) -> Void) {
    if let kept = tally.route(item) { take(kept) }
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
