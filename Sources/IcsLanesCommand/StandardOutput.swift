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
        message: "cannot write the output: \(error)", code: ExitCodes.internalError)
    }
  }
}
