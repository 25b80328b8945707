import Foundation

/// The part of an HTTP body that arrived faster than it is read, kept in a temporary file that
/// is unlinked as soon as it is made (nothing is left behind, whatever ends the process):
/// written at its end, read from its start, and emptied (truncated) whenever all of it was read.
///
/// Used by ``HTTPFeedStream`` under its lock: not safe on its own from two threads.
final class BodySpill {
  private let descriptor: Int32
  private var writeOffset = 0
  private var readOffset = 0

  /// A spill in the system's temporary folder; nil when no file can be made there.
  init?() {
    guard let made = TemporaryFile.unlinked(prefix: "icslanes-body") else { return nil }
    descriptor = made
  }

  deinit {
    close(descriptor)
  }

  /// Whether every byte written was read.
  var isEmpty: Bool { readOffset == writeOffset }

  /// Writes `data` after what is there; false when the file cannot take it (a full disk).
  func append(_ data: Data) -> Bool {
    guard data.withUnsafeBytes({ WholeWrite.write($0, to: descriptor, at: writeOffset) }) else {
      return false
    }
    writeOffset += data.count
    return true
  }

  /// Reads the next bytes into `buffer` (at most its size); nil when the file cannot be read.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    guard let base = buffer.baseAddress, !isEmpty else { return 0 }
    let wanted = min(buffer.count, writeOffset - readOffset)
    var count = 0
    while count < wanted {
      let read = pread(descriptor, base + count, wanted - count, off_t(readOffset + count))
      if read < 0, errno == EINTR { continue }
      guard read > 0 else { return nil }
      count += read
    }
    readOffset += count
    if isEmpty {
      // All read: start again at the beginning, and give the disk back.
      _ = ftruncate(descriptor, 0)
      writeOffset = 0
      readOffset = 0
    }
    return count
  }
}
