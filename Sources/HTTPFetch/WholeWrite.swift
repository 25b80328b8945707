import Foundation

/// Writing bytes to a file whole, at an offset, through short writes and interrupted calls.
package enum WholeWrite {
  /// Writes all of `bytes` to `descriptor` from `offset`; false when the file takes no more (a
  /// full disk, a closed descriptor).
  package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int)
    -> Bool
  {
    guard let base = bytes.baseAddress else { return true }
    var done = 0
    while done < bytes.count {
      let written = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      done += written
    }
    return true
  }
}
