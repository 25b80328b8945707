import Foundation

/// The command's standard error: messages, warnings and the progress line.
enum StandardError {
  /// Writes `text`; a failed write (stderr closed, or on a full disk) is dropped, as there is
  /// nowhere left to report it. Foundation's `write(_: Data)` traps on such a failure: with
  /// `2>&-` every warning crashed the run.
  static func write(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
