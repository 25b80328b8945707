import Foundation

/// The command's standard output, written as bytes.
enum StandardOutput {
  /// Writes `bytes` as they are, without copying them into a `Data`; a failed write is an error,
  /// not a crash.
  static func write(_ bytes: [UInt8]) throws {
    do {
      try FileHandle.standardOutput.write(contentsOf: bytes)
    } catch {
      throw CommandFailure(
        message: "cannot write the output: \(reason(error))", code: ExitCodes.outputError)
    }
  }

  /// The system's words for why a write failed ("No space left on device"), not Foundation's
  /// dump of its error.
  static func reason(_ error: any Error) -> String {
    var error = error as NSError
    while let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { error = underlying }
    if error.domain == NSPOSIXErrorDomain, let text = strerror(Int32(error.code)) {
      return String(cString: text)
    }
    return error.localizedDescription
  }
}
