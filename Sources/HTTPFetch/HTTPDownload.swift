import Foundation

/// Fetches the body of a URL into a file, sending the validators of a copy kept from an
/// earlier fetch, for a feed whose body is kept beside its index.
package enum HTTPDownload {
  /// What a fetch did.
  package enum Outcome: Sendable, Equatable {
    /// The server answered 304 Not Modified: the kept copy is current, nothing was written.
    case notModified
    /// The body was written whole; the response's validators.
    case downloaded(HTTPValidators)
    /// The body could not be written (a full disk): the file holds part of it at most.
    case notWritten
  }

  /// Fetches `url` (`source` names it in messages) and writes its body to `descriptor`,
  /// asking with `cached` whether the copy kept is still current; `progress` is told the bytes
  /// written so far and the body's length when the server gave it.
  ///
  /// - Throws: a ``FetchError`` as a feed read from the URL would:
  ///   an error status, a host not found, a refused connection, a timeout, a body too slow.
  package static func fetch(
    url: URL, source: String, timeout: Double, cached: HTTPValidators, into descriptor: Int32,
    progress: (@Sendable (Int, Int?) -> Void)? = nil
  ) throws(FetchError) -> Outcome {
    let stream = HTTPFeedStream(url: url, source: source, timeout: timeout, cached: cached)
    // Cancels the fetch when this function leaves before the end of the body.
    let handle = HTTPFeedHandle(stream)
    let total = try handle.stream.open()
    if stream.isNotModified { return .notModified }
    let size = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    defer { buffer.deallocate() }
    var received = 0
    while true {
      let count = try stream.fill(buffer)
      if count == 0 { break }
      let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
      guard WholeWrite.write(piece, to: descriptor, at: received) else { return .notWritten }
      received += count
      progress?(received, total)
    }
    return .downloaded(stream.validators)
  }
}
