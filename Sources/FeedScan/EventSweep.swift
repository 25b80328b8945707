/// Reads VEVENTs again at known lines in one forward sweep over the feed, rather than one read
/// from the checkpoint before each.
///
/// Every event comes out exactly as a reading of its line alone cuts it (from the checkpoint
/// before it; the loader's `event(at:from:_:)` is a sweep of one target): the same splitter
/// numbers the same lines, and each target's lines go to a scanner of its own that sees nothing
/// before the target's line. The sweep only saves reading and splitting again the lines between
/// a checkpoint and its target when the previous target lay just before: targets close together
/// (a month's events, often written side by side) are read in one go. A target the sweep cannot
/// serve in order (one at or before a line already handed to another target's scanner: out of
/// order, repeated, or inside the previous target's event) starts a sweep of its own from its
/// checkpoint, as a single read would.
package struct EventSweep {
  /// The input offset of every ``LineSplitter/checkpointInterval``-th line.
  let checkpoints: [Int]
  let byteSource: ByteSource

  /// A sweep over `byteSource`, with the offsets of its checkpoint lines
  /// (``LineSplitter/checkpoints``).
  package init(checkpoints: [Int], byteSource: ByteSource) {
    self.checkpoints = checkpoints
    self.byteSource = byteSource
  }

  /// The smallest read, and the size of the buffer a sweep reads into (``makeBuffer()``).
  private static let smallestRead = 1 << 10
  package static let largestRead = 64 << 10
  /// How many regions ahead a target is read through to rather than jumped to.
  private static let nearRegions = 1

  /// A buffer for ``read(_:into:_:)`` to read into; the caller deallocates it.
  package static func makeBuffer() -> UnsafeMutableRawBufferPointer {
    .allocate(byteCount: largestRead, alignment: 16)
  }

  /// Hands `body` each of `targets` (ascending for the sweep to pay off) with the VEVENT that
  /// starts at that line, or nil when none does, in the order of `targets`; reads into `buffer`
  /// (``makeBuffer()`` makes one of the best size).
  package func read(
    _ targets: [Int], into buffer: UnsafeMutableRawBufferPointer,
    _ body: (Int, ScannedItem?) throws(ImportError) -> Void
  ) throws(ImportError) {
    var next = 0
    while next < targets.count {
      next = try sweep(from: next, targets, buffer, body)
    }
  }

  /// The checkpoint from which line `line` is read, when the feed has one.
  private func checkpoint(of line: Int) -> Int? {
    let index = (line - 1) / LineSplitter.checkpointInterval
    return line >= 1 && checkpoints.indices.contains(index) ? index : nil
  }

  /// One sweep from the checkpoint before `targets[first]`: serves that target and those after
  /// it that come in order; returns the index of the first target it did not serve.
  private func sweep(
    from first: Int, _ targets: [Int], _ buffer: UnsafeMutableRawBufferPointer,
    _ body: (Int, ScannedItem?) throws(ImportError) -> Void
  ) throws(ImportError) -> Int {
    guard let start = checkpoint(of: targets[first]) else {
      try body(targets[first], nil)
      return first + 1
    }
    var offset = checkpoints[start]
    var splitter = LineSplitter(
      from: offset, firstLine: start * LineSplitter.checkpointInterval + 1)
    var progress = SweepProgress(targets: targets, first: first, folder: byteSource.folderStream)
    var grow = EventSweep.smallestRead
    while !progress.stopped {
      // A target whose checkpoint lies past what is read starts a sweep of its own there.
      if !progress.scanning, progress.current != first,
        let index = checkpoint(of: progress.target), checkpoints[index] > offset
      {
        return progress.current
      }
      // Read to the end of the region (the lines from one checkpoint to the next) of the next
      // target the sweep wants, when that is near; else to the end of the region being read.
      // A sweep thus reads through targets written side by side, and little past the last.
      let here = splitter.lineNumber / LineSplitter.checkpointInterval
      var region = here
      if let wanted = progress.wanted, let index = checkpoint(of: wanted),
        index >= here, index <= here + EventSweep.nearRegions
      {
        region = index
      }
      var bound = buffer.count
      if region + 1 < checkpoints.count { bound = checkpoints[region + 1] - offset }
      let size = min(buffer.count, max(EventSweep.smallestRead, bound, grow))
      let count = try byteSource.bytes(
        at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]))
      guard count > 0 else { break }
      offset += count
      let before = progress.current
      let chunk = UnsafeBufferPointer(buffer.bindMemory(to: UInt8.self))
      try splitter.feed(UnsafeBufferPointer(rebasing: chunk[0..<count])) {
        (line, number) throws(ImportError) -> Void in try progress.take(line, number, body)
      }
      grow = progress.current == before ? min(grow * 2, buffer.count) : EventSweep.smallestRead
    }
    if progress.stopped { return progress.current }
    // The end of the feed: a VEVENT left open is closed there, as the first reading closes it.
    try splitter.finish { (line, number) throws(ImportError) -> Void in
      try progress.take(line, number, body)
    }
    try progress.finish(body)
    return progress.current
  }
}

/// Where one sweep stands: the target it scans for, with that target's own scanner.
private struct SweepProgress {
  let targets: [Int]
  /// The sweep's first target.
  let first: Int
  /// The index of the target scanned for, and its line.
  private(set) var current: Int
  private(set) var target: Int
  /// Whether the target's line was met (its scanner has seen lines).
  private(set) var scanning = false
  /// Whether the sweep serves no more targets.
  private(set) var stopped = false
  private var scanner = ComponentScanner()
  /// The folder whose stream is read, whose files stand alone (``ComponentScanner/folder``).
  private let folder: FolderStream?

  init(targets: [Int], first: Int, folder: FolderStream?) {
    self.targets = targets
    self.first = first
    self.folder = folder
    current = first
    target = targets[first]
    scanner.folder = folder
  }

  /// The line of the target the next read should reach: the one after the current target once
  /// that one's event is under way (nil when the sweep serves no more), else the current one.
  var wanted: Int? {
    guard scanning else { return target }
    return current + 1 < targets.count ? targets[current + 1] : nil
  }

  /// Takes one line of the feed: hands it to the target's scanner from the target's line on,
  /// and hands the target's event to `body` once it is cut.
  mutating func take(
    _ line: UnsafeBufferPointer<UInt8>, _ number: Int,
    _ body: (Int, ScannedItem?) throws(ImportError) -> Void
  ) throws(ImportError) {
    while !stopped, number >= target {
      if !scanning {
        // A target at a line already scanned (or skipped) is read on its own.
        guard number == target else {
          stopped = true
          return
        }
        scanning = true
      }
      var found: ScannedItem?
      var isFound = false
      let target = target
      scanner.scan(line, number: number) { item in
        if !isFound, case .event(_, let start, _) = item, start == target {
          found = item
          isFound = true
        }
      }
      guard isFound else { return }
      try advance(found, body)
      // The line that ended this event may begin the next target's: it is taken again.
    }
  }

  /// At the end of the feed: closes the event left open, as the first reading does, and hands
  /// over the target scanned for (nil when its event never began).
  mutating func finish(_ body: (Int, ScannedItem?) throws(ImportError) -> Void)
    throws(ImportError)
  {
    guard !stopped, scanning || current == first else { return }
    var found: ScannedItem?
    let target = target
    scanner.finish { item in
      if found == nil, case .event(_, let start, _) = item, start == target { found = item }
    }
    try advance(found, body)
  }

  /// Hands the target's event to `body` and moves to the next target, if the sweep serves it.
  private mutating func advance(
    _ found: ScannedItem?, _ body: (Int, ScannedItem?) throws(ImportError) -> Void
  ) throws(ImportError) {
    try body(target, found)
    scanning = false
    scanner = ComponentScanner()
    scanner.folder = folder
    current += 1
    if current == targets.count {
      stopped = true
    } else {
      target = targets[current]
    }
  }
}
