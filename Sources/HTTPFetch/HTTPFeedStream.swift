import Foundation

/// The body of an HTTP(S) response, handed to the importer piece by piece as it arrives.
///
/// libcurl (``CurlTransfer``) fetches on a thread of its own and decodes a gzip, deflate or
/// brotli `Content-Encoding`; redirects are followed here, to http and https URLs only. Each
/// piece of the body is queued, and ``fill(_:)`` on the loading thread waits for the next ones.
/// ``open()`` waits for the response head, so an error status fails before the first byte is
/// parsed. At most ``memoryLimit`` bytes wait in memory: when the network (or libcurl inflating
/// a gzip body) is faster than the parse, the rest waits in an unlinked temporary file
/// (``BodySpill``), read back in order, so a body that inflates to gigabytes costs disk, not
/// memory.
///
/// The connection must come up within `timeout` seconds and may then stay silent no longer
/// (libcurl's low-speed limit of one byte a second), and a body must keep coming: fewer than
/// ``leastBytesPerTimeout`` bytes in any `timeout` seconds fails the fetch as too slow, as a
/// server sending one byte every few seconds would otherwise keep a run going for ever.
package final class HTTPFeedStream: @unchecked Sendable {
  /// The URL fetched.
  let url: URL
  /// The URL as messages name it.
  let source: String
  /// Seconds the connection may stay silent.
  let timeout: Double
  /// The validators of a copy kept from an earlier fetch: sent as `If-None-Match` and
  /// `If-Modified-Since`, so that the server may answer 304 Not Modified.
  let cached: HTTPValidators

  // Guarded by `condition`.
  private let condition = NSCondition()
  private var pieces: [Data] = []
  private var pieceHead = 0
  /// Bytes of ``pieces`` not yet handed out.
  private var queued = 0
  /// Where the body waits once ``memoryLimit`` bytes wait in memory; nil until then (or when no
  /// temporary file can be made: the body then waits in memory, as it arrives).
  private var spill: BodySpill?
  /// Whether no temporary file could be made for ``spill``: the body then waits in memory.
  private var spillUnavailable = false
  /// The most bytes of the body that wait in memory.
  let memoryLimit: Int
  /// Bytes that waited in the spill file.
  private var spilled = 0
  private var responded = false
  private var finished = false
  private var failure: FetchError?
  private var total: Int?
  private var notModified = false
  private var answered = HTTPValidators()
  /// Bytes of the body received, and when the last ``leastBytesPerTimeout`` of them were
  /// complete (the response head counts as the start).
  private var received = 0
  private var markedBytes = 0
  private var markedAt = DispatchTime.now()

  /// The least a body brings in every `timeout` seconds before the fetch is called too slow.
  static let leastBytesPerTimeout = 1_024

  /// Set by ``cancel()`` or a failure: the transfer stops at its next callback.
  private var stopped = false
  /// The most redirects followed before the fetch fails.
  static let redirectLimit = 16

  /// A stream of `url`; `timeout` is taken within 1…86,400 seconds (30 when it is not a number),
  /// as a library caller may set any `Double`.
  package init(
    url: URL, source: String, timeout: Double, cached: HTTPValidators = HTTPValidators(),
    memoryLimit: Int = 8 << 20
  ) {
    self.url = url
    self.source = source
    self.cached = cached
    self.memoryLimit = max(1, memoryLimit)
    self.timeout = timeout.isNaN ? 30 : min(max(timeout, 1), 86_400)
  }

  /// Stops the fetch (when the importer stops before the end of the body).
  package func cancel() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  /// Starts the request and waits for the response head; returns the body's length when the
  /// server gives it (and the body is not compressed).
  package func open() throws(FetchError) -> Int? {
    if let reason = CurlTransfer.unavailableReason() {
      throw FetchError(source: source, reason: reason)
    }
    guard let transfer = CurlTransfer() else {
      throw FetchError(source: source, reason: "libcurl cannot start a transfer")
    }
    // The thread keeps the stream until the transfer ends.
    let thread = Thread { [self] in self.run(transfer) }
    thread.name = "icslanes fetch"
    thread.start()
    condition.lock()
    defer { condition.unlock() }
    while !responded, failure == nil, !finished { condition.wait() }
    if let failure { throw failure }
    return total
  }

  /// Whether the server answered 304 Not Modified to the validators sent (``cached``): no
  /// body follows. Valid once ``open()`` has returned.
  package var isNotModified: Bool {
    condition.lock()
    defer { condition.unlock() }
    return notModified
  }

  /// The validators of the response (its `ETag` and `Last-Modified`), once ``open()`` has
  /// returned.
  package var validators: HTTPValidators {
    condition.lock()
    defer { condition.unlock() }
    return answered
  }

  /// How many bytes of the body waited in the temporary file rather than in memory.
  package var spilledBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return spilled
  }

  /// Copies the next pieces of the body into `buffer` (at most its size), waiting for at
  /// least one; returns 0 at the end of the body.
  package func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(FetchError) -> Int {
    condition.lock()
    defer { condition.unlock() }
    while pieceHead == pieces.count, spill?.isEmpty ?? true, !finished, failure == nil {
      condition.wait()
    }
    if failure == nil, isTooSlow() {
      failure = FetchError(
        source: source,
        reason:
          "too slow: fewer than \(HTTPFeedStream.leastBytesPerTimeout) bytes in \(Int(timeout.rounded(.up))) s"
      )
      stopped = true
    }
    if let failure { throw failure }
    var count = 0
    // Memory holds the older bytes; the spill what came after them.
    if pieceHead == pieces.count, let spill, !spill.isEmpty {
      guard let read = spill.read(into: buffer) else {
        throw FetchError(
          source: source, reason: "cannot read the body back from a temporary file")
      }
      return read
    }
    while pieceHead < pieces.count, count < buffer.count {
      let piece = pieces[pieceHead]
      let taken = min(piece.count, buffer.count - count)
      piece.withUnsafeBytes { bytes in
        UnsafeMutableRawBufferPointer(rebasing: buffer[count..<(count + taken)])
          .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<taken]))
      }
      count += taken
      queued -= taken
      if taken == piece.count {
        pieces[pieceHead] = Data()
        pieceHead += 1
      } else {
        pieces[pieceHead] = piece.subdata(in: taken..<piece.count)
      }
    }
    if pieceHead == pieces.count {
      pieces.removeAll(keepingCapacity: true)
      pieceHead = 0
    }
    return count
  }

  // MARK: The transfer (on its own thread)

  /// Fetches ``url``, following redirects, until a response that is not one ends.
  private func run(_ transfer: CurlTransfer) {
    var target = url.absoluteString
    var headers = ["Accept: text/calendar, */*;q=0.5", "User-Agent: icslanes"]
    if let etag = cached.etag { headers.append("If-None-Match: \(etag)") }
    if let date = cached.lastModified { headers.append("If-Modified-Since: \(date)") }
    var head = ResponseHead()
    transfer.onHeader = { [self] line in
      guard head.read(line) else { return true }
      if head.isRedirect { return true }
      return respond(to: head, at: target)
    }
    transfer.onBody = { [self] bytes in
      head.isRedirect || receive(bytes)
    }
    transfer.shouldContinue = { [self] in
      condition.lock()
      defer { condition.unlock() }
      return !stopped
    }
    var hops = 0
    while true {
      head = ResponseHead()
      let ending = transfer.perform(url: target, headers: headers, timeout: timeout)
      if head.isRedirect {
        guard let next = transfer.redirectURL else {
          let status = HTTPStatus.described(head.status)
          end(failing: status + " to a Location that is not a URL" + redirectNote(target))
          return
        }
        hops += 1
        guard let nextURL = URL(string: next), let scheme = nextURL.scheme?.lowercased() else {
          end(failing: "redirected to \(next), not a URL")
          return
        }
        if scheme != "http" && scheme != "https" {
          end(failing: "redirected to \(FetchFailure.display(nextURL)), not an http(s) URL")
          return
        }
        if hops > HTTPFeedStream.redirectLimit {
          end(failing: "too many redirects (more than \(HTTPFeedStream.redirectLimit))")
          return
        }
        target = next
        continue
      }
      end(
        failing: ending.code == 0
          ? nil : FetchFailure.reason(code: ending.code, detail: ending.detail))
      return
    }
  }

  /// What a response head says, from its lines; ``read(_:)`` tells when the head is complete
  /// (an interim 1xx head is skipped).
  private struct ResponseHead {
    var status = 0
    var fields: [String: String] = [:]
    /// Whether the head is complete and sends the reader elsewhere: its body is not kept.
    var isRedirect = false

    /// Takes one line; true when it ends a final head.
    mutating func read(_ line: UnsafeRawBufferPointer) -> Bool {
      // Bytes, not Characters: "\r\n" is one Character.
      var end = line.count
      while end > 0, line[end - 1] == 0x0D || line[end - 1] == 0x0A { end -= 1 }
      let text = String(decoding: line[0..<end], as: UTF8.self)
      if text.isEmpty {
        // Only a 1xx head is interim: a status that cannot be read ends the head as an error.
        guard !(100..<200).contains(status) else {
          fields = [:]
          return false
        }
        isRedirect =
          (300..<400).contains(status) && status != 304 && fields["location"] != nil
        return true
      }
      if text.hasPrefix("HTTP/") {
        let parts = text.split(separator: " ", maxSplits: 2)
        status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        fields = [:]
        isRedirect = false
        return false
      }
      if let colon = text.firstIndex(of: ":") {
        let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        fields[name] = value
      }
      return false
    }
  }

  /// The final response's head: whether its body is wanted.
  private func respond(to head: ResponseHead, at target: String) -> Bool {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    responded = true
    markedAt = .now()
    if head.status == 304, !cached.isEmpty {
      // The copy kept is current: no body follows.
      notModified = true
      stopped = true
      return false
    }
    answered = HTTPValidators(etag: head.fields["etag"], lastModified: head.fields["last-modified"])
    guard (200..<300).contains(head.status) else {
      failure = FetchError(
        source: source,
        reason: HTTPStatus.described(head.status) + redirectNote(target))
      stopped = true
      return false
    }
    let encoded = head.fields["content-encoding"].map {
      !$0.isEmpty && $0.lowercased() != "identity"
    }
    if encoded != true, let length = head.fields["content-length"].flatMap({ Int($0) }), length > 0
    {
      total = length
    }
    return true
  }

  /// A piece of the body: queued, or spilled to disk past ``memoryLimit``; false stops.
  private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    if stopped { return false }
    let data = bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data()
    // Once bytes wait in the spill, every later byte goes after them.
    if spill == nil, !spillUnavailable, queued + data.count > memoryLimit {
      spill = BodySpill()
      spillUnavailable = spill == nil
    }
    if let spill, !spill.isEmpty || queued + data.count > memoryLimit {
      if spill.append(data) {
        spilled += data.count
      } else {
        if failure == nil {
          failure = FetchError(
            source: source, reason: "cannot keep the body in a temporary file (disk full?)")
        }
        stopped = true
        return false
      }
    } else {
      pieces.append(data)
      queued += data.count
    }
    received += data.count
    if received - markedBytes >= HTTPFeedStream.leastBytesPerTimeout {
      markedBytes = received
      markedAt = .now()
    }
    return true
  }

  /// Ends the fetch, failing with `reason` unless it failed, stopped or was answered before.
  private func end(failing reason: String?) {
    condition.lock()
    if let reason, failure == nil, !notModified, !stopped {
      failure = FetchError(source: source, reason: reason)
    }
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the body, not yet complete, brought fewer than ``leastBytesPerTimeout`` bytes in
  /// the last `timeout` seconds. Called with `condition` held.
  private func isTooSlow() -> Bool {
    let now = DispatchTime.now().uptimeNanoseconds
    guard !finished, now > markedAt.uptimeNanoseconds else { return false }
    return Double(now - markedAt.uptimeNanoseconds) / 1e9 > max(1, timeout.rounded(.up))
  }

  /// ` (redirected to URL)` when a redirect led elsewhere.
  private func redirectNote(_ final: String) -> String {
    guard final != url.absoluteString else { return "" }
    return " (redirected to \(URL(string: final).map(FetchFailure.display) ?? final))"
  }
}

/// The loading thread's hold on an ``HTTPFeedStream``: the transfer's thread keeps the stream
/// alive until the fetch ends, so the fetch is cancelled when this handle goes, if
/// the importer stopped before the end.
package final class HTTPFeedHandle {
  package let stream: HTTPFeedStream

  package init(_ stream: HTTPFeedStream) {
    self.stream = stream
  }

  deinit {
    stream.cancel()
  }
}
