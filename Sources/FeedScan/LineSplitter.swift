import Foundation

/// Splits a stream of chunks into physical lines, ending at CRLF, LF or a lone CR.
///
/// Strips a leading UTF-8 byte-order mark and NUL bytes (counting them), numbers lines from 1,
/// and refuses a line longer than ``maximumLineLength`` rather than growing without bound.
///
/// Line ends are found with `memchr`, and a line that lies whole inside one chunk is handed out
/// in place; only a line cut by a chunk edge (or holding NUL bytes) is copied.
package struct LineSplitter {
  static let maximumLineLength = 64 << 20

  private var pending: [UInt8] = []
  private var sawFirstChunk = false
  private var pendingCR = false
  package private(set) var lineNumber = 0
  private(set) var nulBytes = 0
  /// The offset in the input of the chunk being fed.
  private var chunkBase = 0
  /// The offset in the input where the line in `pending` starts.
  private var pendingStart = 0
  /// Whether ``checkpoints`` are kept.
  private let keepsCheckpoints: Bool
  /// With `keepsCheckpoints`: the input offset of line `k * checkpointInterval + 1` at index `k`,
  /// so that an event can be read again from its line number alone (see
  /// ``FeedLoader/readAgain(lines:checkpoints:from:)``).
  private(set) var checkpoints: [Int] = []
  package static let checkpointInterval = 64

  /// A splitter for a whole input; with `keepsCheckpoints`, it records ``checkpoints``.
  init(keepsCheckpoints: Bool = false) {
    self.keepsCheckpoints = keepsCheckpoints
  }

  /// A splitter for the input from `offset` on, where line `firstLine` starts (a checkpoint,
  /// or the start of a split scan's second part). A byte-order mark is only stripped at offset
  /// 0, as for the whole input. With `keepsCheckpoints`, it records the ``checkpoints`` of the
  /// lines it numbers, as a splitter of the whole input would.
  package init(from offset: Int, firstLine: Int, keepsCheckpoints: Bool = false) {
    self.keepsCheckpoints = keepsCheckpoints
    chunkBase = offset
    lineNumber = firstLine - 1
    sawFirstChunk = offset != 0
  }

  /// Whether the input fed so far ends with a whole line: no part of a line is waiting for the
  /// next chunk, and no CR waits for its LF.
  var endsBetweenLines: Bool { pending.isEmpty && !pendingCR }

  /// How many line ends `bytes` holds, as ``feedLines(_:_:)`` numbers lines (a CRLF, an LF or
  /// a lone CR ends one). `afterCR`: the bytes before ended with a CR, whose LF may start these
  /// (then the two are one line end, counted with the CR). Returns whether `bytes` ends with a
  /// CR, for the next call.
  ///
  /// LFs, plus CRs, less the CRs followed by an LF, in blocks of 255 bytes whose counts fit in
  /// a byte: a plain loop the compiler turns into vector compares (in a month of timetable
  /// 100k far from every event, 1.0 % of the samples, where eight bytes of bit arithmetic a
  /// step took 4.3 %).
  static func countLineEnds(
    _ bytes: UnsafeBufferPointer<UInt8>, afterCR: Bool
  ) -> (count: Int, endsWithCR: Bool) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return (0, afterCR) }
    let count = bytes.count
    // An LF completing the CR that ended the bytes before: counted with that CR.
    var total = afterCR && base[0] == 0x0A ? -1 : 0
    var index = 0
    // Each block reads one byte past its end (the LF after a CR), so it stops a byte short.
    while index + 256 <= count {
      var ends: UInt8 = 0
      var pairs: UInt8 = 0
      for offset in 0..<255 {
        let byte = base[index &+ offset]
        let isReturn: UInt8 = byte == 0x0D ? 1 : 0
        ends &+= (byte == 0x0A ? 1 : 0) &+ isReturn
        pairs &+= isReturn & (base[index &+ offset &+ 1] == 0x0A ? 1 : 0)
      }
      total += Int(ends) - Int(pairs)
      index += 255
    }
    while index < count {
      let byte = base[index]
      if byte == 0x0A {
        total += 1
      } else if byte == 0x0D {
        total += index + 1 < count && base[index + 1] == 0x0A ? 0 : 1
      }
      index += 1
    }
    return (total, base[count - 1] == 0x0D)
  }

  /// Feeds a chunk; calls `body` for each complete line (without its terminator).
  package mutating func feed(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, Int) throws(ImportError) -> Void
  ) throws(ImportError) {
    try feedLines(bytes) { (line, number, _) throws(ImportError) -> Void in try body(line, number) }
  }

  /// Feeds a chunk; calls `body` for each complete line (without its terminator), its number,
  /// and whether the line lies in place inside `bytes` (valid as long as the chunk is), rather
  /// than in the splitter's own buffer (a line cut by the chunk's edge or stripped of NUL
  /// bytes), which is only valid during the call.
  mutating func feedLines(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, Int, Bool) throws(ImportError) -> Void
  ) throws(ImportError) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    let count = bytes.count
    var index = 0
    if !sawFirstChunk {
      sawFirstChunk = true
      if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }
    // A CR at the end of the previous chunk: swallow the LF that completes it.
    if pendingCR {
      pendingCR = false
      if index < count, bytes[index] == 0x0A { index += 1 }
    }
    let hasNUL = memchr(base, 0, count) != nil
    var nextLF = LineSplitter.find(0x0A, in: base, from: index, count: count)
    var nextCR = LineSplitter.find(0x0D, in: base, from: index, count: count)
    var lineStart = index
    while true {
      let end = min(nextLF, nextCR)
      guard end < count else { break }
      if keepsCheckpoints { mark(start: pending.isEmpty ? chunkBase + lineStart : pendingStart) }
      try emit(UnsafeBufferPointer(start: base + lineStart, count: end - lineStart), hasNUL, body)
      if end == nextCR {
        index = end + 1
        if index < count {
          if bytes[index] == 0x0A {
            index += 1
            nextLF = LineSplitter.find(0x0A, in: base, from: index, count: count)
          }
        } else {
          pendingCR = true
        }
        nextCR = LineSplitter.find(0x0D, in: base, from: index, count: count)
      } else {
        index = end + 1
        nextLF = LineSplitter.find(0x0A, in: base, from: index, count: count)
      }
      lineStart = index
    }
    if lineStart < count {
      if pending.isEmpty { pendingStart = chunkBase + lineStart }
      pending.append(
        contentsOf: UnsafeBufferPointer(start: base + lineStart, count: count - lineStart))
      if pending.count > LineSplitter.maximumLineLength {
        throw .lineTooLong(line: lineNumber + 1, limit: LineSplitter.maximumLineLength)
      }
    }
    chunkBase += count
  }

  /// Records the offset of the line about to be numbered when it starts a checkpoint.
  private mutating func mark(start: Int) {
    if lineNumber % LineSplitter.checkpointInterval == 0 { checkpoints.append(start) }
  }

  /// Flushes a last line that had no terminator.
  package mutating func finish(
    _ body: (UnsafeBufferPointer<UInt8>, Int) throws(ImportError) -> Void
  )
    throws(ImportError)
  {
    guard !pending.isEmpty else { return }
    if keepsCheckpoints { mark(start: pendingStart) }
    try emit(UnsafeBufferPointer(start: nil, count: 0), true) {
      (line, number, _) throws(ImportError) -> Void in try body(line, number)
    }
  }

  /// The index of the first `byte` at or after `from`, or `count` when there is none.
  private static func find(
    _ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, count: Int
  ) -> Int {
    guard from < count, let found = memchr(base + from, Int32(byte), count - from) else {
      return count
    }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private mutating func emit(
    _ tail: UnsafeBufferPointer<UInt8>, _ mayHoldNUL: Bool,
    _ body: (UnsafeBufferPointer<UInt8>, Int, Bool) throws(ImportError) -> Void
  ) throws(ImportError) {
    lineNumber += 1
    if pending.isEmpty, !mayHoldNUL || !tail.contains(0) {
      try body(tail, lineNumber, true)
      return
    }
    pending.append(contentsOf: tail)
    if pending.contains(0) {
      let before = pending.count
      pending.removeAll { $0 == 0 }
      nulBytes += before - pending.count
    }
    if pending.count > LineSplitter.maximumLineLength {
      throw .lineTooLong(line: lineNumber, limit: LineSplitter.maximumLineLength)
    }
    let line = pending
    pending.removeAll(keepingCapacity: true)
    try line.withUnsafeBufferPointer { (buffer) throws(ImportError) -> Void in
      try body(buffer, lineNumber, false)
    }
  }
}
