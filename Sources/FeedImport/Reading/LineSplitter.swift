/// Splits a stream of chunks into physical lines, ending at CRLF, LF or a lone CR.
///
/// Strips a leading UTF-8 byte-order mark and NUL bytes (counting them), numbers lines from 1,
/// and refuses a line longer than ``maximumLineLength`` rather than growing without bound.
struct LineSplitter {
  static let maximumLineLength = 64 << 20

  private var pending: [UInt8] = []
  private var sawFirstChunk = false
  private var pendingCR = false
  private(set) var lineNumber = 0
  private(set) var nulBytes = 0

  /// Feeds a chunk; calls `body` for each complete line (without its terminator).
  mutating func feed(
    _ chunk: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) throws(ImportError) -> Void
  ) throws(ImportError) {
    var start = 0
    if !sawFirstChunk {
      sawFirstChunk = true
      if chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { start = 3 }
    }
    try chunk.withUnsafeBufferPointer { (bytes) throws(ImportError) -> Void in
      var index = start
      // A CR at the end of the previous chunk: swallow the LF that completes it.
      if pendingCR {
        pendingCR = false
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
      }
      var lineStart = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D {
          try emit(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), body)
          if byte == 0x0D {
            if index + 1 < bytes.count {
              if bytes[index + 1] == 0x0A { index += 1 }
            } else {
              pendingCR = true
            }
          }
          index += 1
          lineStart = index
        } else {
          index += 1
        }
      }
      if lineStart < bytes.count {
        pending.append(contentsOf: bytes[lineStart..<bytes.count])
        if pending.count > LineSplitter.maximumLineLength {
          throw .lineTooLong(line: lineNumber + 1, limit: LineSplitter.maximumLineLength)
        }
      }
    }
  }

  /// Flushes a last line that had no terminator.
  mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(ImportError) -> Void)
    throws(ImportError)
  {
    guard !pending.isEmpty else { return }
    try emit(UnsafeBufferPointer(start: nil, count: 0), body)
  }

  private mutating func emit(
    _ tail: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, Int) throws(ImportError) -> Void
  ) throws(ImportError) {
    lineNumber += 1
    if pending.isEmpty, !tail.contains(0) {
      try body(tail, lineNumber)
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
      try body(buffer, lineNumber)
    }
  }
}
