/// The command's standard output written as it is made: pieces are gathered into a buffer of a
/// few hundred KiB and written out whenever it fills, so that a big document is never whole in
/// memory. The first failed write is kept and thrown by ``finish()``; later pieces are dropped.
final class StreamedOutput {
  private var buffer: [UInt8] = []
  private var failure: Error?
  static let bufferBytes = 256 << 10

  init() {
    buffer.reserveCapacity(StreamedOutput.bufferBytes + 64 << 10)
  }

  /// Adds bytes.
  func write(_ bytes: [UInt8]) {
    if buffer.isEmpty, bytes.count >= StreamedOutput.bufferBytes {
      flush(bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= StreamedOutput.bufferBytes { flushBuffer() }
  }

  /// Adds text, as UTF-8.
  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= StreamedOutput.bufferBytes { flushBuffer() }
  }

  /// Writes what is left; throws the first write that failed.
  func finish() throws {
    flushBuffer()
    if let failure { throw failure }
  }

  private func flushBuffer() {
    flush(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private func flush(_ bytes: [UInt8]) {
    guard failure == nil, !bytes.isEmpty else { return }
    do {
      try StandardOutput.write(bytes)
    } catch {
      failure = error
    }
  }
}
