import Foundation

/// Temporary files that leave nothing behind.
package enum TemporaryFile {
  /// A new file in the system's temporary folder, its name begun with `prefix`, unlinked as soon
  /// as it is made (it goes with its descriptor, whatever ends the process); nil when none can
  /// be made there.
  package static func unlinked(prefix: String) -> Int32? {
    var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      let made = mkstemp(base)
      if made >= 0 { unlink(base) }
      return made
    }
    return made >= 0 ? made : nil
  }
}
