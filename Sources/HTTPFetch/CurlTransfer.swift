import CCurl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP GET through libcurl (``CCurl``, loaded the first time a URL is fetched, so that a
/// run over files never maps libcurl and its TLS libraries), without following redirects: the
/// caller decides where a redirect may lead. Used by one thread at a time (made on one, handed
/// to the thread that runs it).
///
/// The callbacks run on the thread that calls ``perform(url:headers:timeout:)``; each returns
/// whether the transfer goes on.
final class CurlTransfer: @unchecked Sendable {
  /// A header line, as received (status lines and the blank line ending a head included).
  var onHeader: (UnsafeRawBufferPointer) -> Bool = { _ in true }
  /// A piece of the body, decoded when the server compressed it.
  var onBody: (UnsafeRawBufferPointer) -> Bool = { _ in true }
  /// Asked about once a second and at every piece: false stops the transfer.
  var shouldContinue: () -> Bool = { true }

  private let handle: UnsafeMutableRawPointer

  /// Why libcurl cannot be used, or nil when it can: it is loaded on the first call.
  static func unavailableReason() -> String? {
    ccurl_load().map { String(cString: $0) }
  }

  /// A transfer, or nil when libcurl is missing or cannot start one.
  init?() {
    guard let handle = ccurl_open() else { return nil }
    self.handle = handle
  }

  deinit {
    ccurl_close(handle)
  }

  /// What a transfer ended with: libcurl's code (0 when it went through) and its words.
  struct Ending {
    let code: Int32
    let detail: String
  }

  /// Fetches `url` with `headers` ("Name: value" lines); `timeout` seconds is the longest the
  /// connection may take, and the longest the server may stay silent.
  func perform(url: String, headers: [String], timeout: Double) -> Ending {
    let seconds = Int(max(1, timeout.rounded(.up)))
    let box = Unmanaged.passRetained(self)
    defer { box.release() }
    var calls = ccurl_calls(
      context: box.toOpaque(),
      header: { context, bytes, count in
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.onHeader(UnsafeRawBufferPointer(start: bytes, count: count)) ? count : 0
      },
      body: { context, bytes, count in
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.onBody(UnsafeRawBufferPointer(start: bytes, count: count)) ? count : 0
      },
      progress: { context in
        guard let context else { return 1 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.shouldContinue() ? 0 : 1
      })
    var error = [CChar](repeating: 0, count: 512)
    let code = url.withCString { urlText in
      withCStrings(headers) { lines in
        var request = ccurl_request(
          url: urlText, headers: lines.baseAddress, header_count: Int32(lines.count),
          connect_timeout_ms: seconds * 1_000, low_speed_limit: 1, low_speed_time: seconds)
        return error.withUnsafeMutableBufferPointer { buffer in
          ccurl_perform(handle, &request, &calls, buffer.baseAddress, buffer.count)
        }
      }
    }
    var detail = error.withUnsafeBufferPointer { buffer in
      String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    if detail.isEmpty, code != 0 { detail = String(cString: ccurl_strerror(code)) }
    return Ending(code: code, detail: detail)
  }

  /// Where the last response redirects to, resolved against its URL; nil when it does not.
  var redirectURL: String? {
    ccurl_redirect_url(handle).map { String(cString: $0) }
  }
}

/// Calls `body` with C strings of `texts`, valid during the call.
private func withCStrings<Result>(
  _ texts: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
  let copies = texts.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  return copies.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer(body)
}
