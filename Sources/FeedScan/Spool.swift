import Foundation
import HTTPFetch

extension ByteSource {
  /// `source` read to its end into a temporary file that is unlinked as soon as it is made
  /// (nothing is left behind), as a source over that file: standard input and a URL's body
  /// become a file that can be read again at any offset, like any other.
  ///
  /// When no temporary file can be made, or it cannot take the bytes (a full disk), throws
  /// `failure` of the reason.
  package static func spooled(
    _ source: inout ByteSource, failure: (String) -> ImportError
  ) throws(ImportError) -> ByteSource {
    guard let descriptor = TemporaryFile.unlinked(prefix: "icslanes-input") else {
      throw failure("no temporary file can be made to keep it in")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var size = 0
    while try source.readChunk({ (chunk) throws(ImportError) -> Void in
      guard WholeWrite.write(UnsafeRawBufferPointer(chunk), to: descriptor, at: size) else {
        throw failure("cannot keep it in a temporary file (disk full?)")
      }
      size += chunk.count
    }) {}
    // Written with `pwrite`: the descriptor still reads from the start.
    return ByteSource(spooled: handle, path: source.path, size: size)
  }
}
