import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The body of an HTTP(S) response, handed to the importer piece by piece as it arrives.
///
/// URLSession (libcurl on Linux) fetches on its own threads, follows redirects and decodes a
/// gzip or deflate `Content-Encoding`; the delegate below queues each piece of the body, and
/// ``fill(_:)`` on the loading thread waits for the next ones. ``open()`` waits for the response
/// head, so an error status fails before the first byte is parsed. At most ``memoryLimit``
/// bytes wait in memory: when the network (or libcurl inflating a gzip body) is faster than the
/// parse, the rest waits in an unlinked temporary file (``BodySpill``), read back in order, so a
/// body that inflates to gigabytes costs disk, not memory.
///
/// A body must also keep coming: fewer than ``leastBytesPerTimeout`` bytes in any `timeout`
/// seconds fails the fetch as too slow. URLSession's own timeout only counts silence, so a
/// server sending one byte every few seconds kept a run going for ever.
final class HTTPFeedStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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
  private var failure: ImportError?
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

  private var session: URLSession?
  private var task: URLSessionDataTask?

  /// A stream of `url`; `timeout` is taken within 1…86,400 seconds (30 when it is not a number),
  /// as a library caller may set any `Double`.
  init(
    url: URL, source: String, timeout: Double, cached: HTTPValidators = HTTPValidators(),
    memoryLimit: Int = 8 << 20
  ) {
    self.url = url
    self.source = source
    self.cached = cached
    self.memoryLimit = max(1, memoryLimit)
    self.timeout = timeout.isNaN ? 30 : min(max(timeout, 1), 86_400)
  }

  /// Stops the fetch (when the importer stops before the end of the body). Never called on
  /// the session's queue.
  func cancel() {
    condition.lock()
    let task = task
    let session = session
    condition.unlock()
    task?.cancel()
    session?.invalidateAndCancel()
  }

  /// Starts the request and waits for the response head; returns the body's length when the
  /// server gives it (and the body is not compressed).
  func open() throws(ImportError) -> Int? {
    // FoundationNetworking on Linux counts timeouts in whole seconds (0.5 would be 0): round up.
    let seconds = max(1, timeout.rounded(.up))
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = seconds
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpAdditionalHeaders = [
      "Accept": "text/calendar, */*;q=0.5", "User-Agent": "icslanes",
    ]
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    var request = URLRequest(url: url)
    request.timeoutInterval = seconds
    if let etag = cached.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    if let date = cached.lastModified {
      request.setValue(date, forHTTPHeaderField: "If-Modified-Since")
    }
    let task = session.dataTask(with: request)
    condition.lock()
    self.session = session
    self.task = task
    condition.unlock()
    task.resume()
    condition.lock()
    defer { condition.unlock() }
    while !responded, failure == nil, !finished { condition.wait() }
    if let failure { throw failure }
    return total
  }

  /// Whether the server answered 304 Not Modified to the validators sent (``cached``): no
  /// body follows. Valid once ``open()`` has returned.
  var isNotModified: Bool {
    condition.lock()
    defer { condition.unlock() }
    return notModified
  }

  /// The validators of the response (its `ETag` and `Last-Modified`), once ``open()`` has
  /// returned.
  var validators: HTTPValidators {
    condition.lock()
    defer { condition.unlock() }
    return answered
  }

  /// How many bytes of the body waited in the temporary file rather than in memory.
  var spilledBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return spilled
  }

  /// Copies the next pieces of the body into `buffer` (at most its size), waiting for at
  /// least one; returns 0 at the end of the body.
  func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    condition.lock()
    defer { condition.unlock() }
    while pieceHead == pieces.count, spill?.isEmpty ?? true, !finished, failure == nil {
      condition.wait()
    }
    if failure == nil, isTooSlow() {
      failure = .unavailable(
        source: source,
        reason:
          "too slow: fewer than \(HTTPFeedStream.leastBytesPerTimeout) bytes in \(Int(timeout.rounded(.up))) s"
      )
      // Cancelled off this lock: the session's queue takes it to report the cancel.
      let task = task
      DispatchQueue.global().async { task?.cancel() }
    }
    if let failure { throw failure }
    var count = 0
    // Memory holds the older bytes; the spill what came after them.
    if pieceHead == pieces.count, let spill, !spill.isEmpty {
      guard let read = spill.read(into: buffer) else {
        throw .unavailable(
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

  // MARK: URLSessionDataDelegate (on the session's queue)

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    responded = true
    markedAt = .now()
    if let http = response as? HTTPURLResponse {
      if http.statusCode == 304, !cached.isEmpty {
        // The copy kept is current: no body follows.
        notModified = true
        finished = true
        completionHandler(.cancel)
        return
      }
      answered = HTTPValidators(
        etag: http.value(forHTTPHeaderField: "ETag"),
        lastModified: http.value(forHTTPHeaderField: "Last-Modified"))
      guard (200..<300).contains(http.statusCode) else {
        let text = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
        failure = .unavailable(
          source: source, reason: "HTTP \(http.statusCode) \(text)" + redirectNote(response.url))
        completionHandler(.cancel)
        return
      }
      let encoded = http.value(forHTTPHeaderField: "Content-Encoding").map {
        !$0.isEmpty && $0.lowercased() != "identity"
      }
      if encoded != true, response.expectedContentLength > 0 {
        total = Int(response.expectedContentLength)
      }
    }
    completionHandler(.allow)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // Only to http and https: a server must not send the reader to a local file.
    let scheme = request.url?.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      condition.lock()
      if failure == nil {
        failure = .unavailable(
          source: source,
          reason:
            "redirected to \(request.url.map(FetchFailure.display) ?? "nothing"), not an http(s) URL"
        )
      }
      condition.broadcast()
      condition.unlock()
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    condition.lock()
    // Once bytes wait in the spill, every later byte goes after them.
    if spill == nil, !spillUnavailable, queued + data.count > memoryLimit {
      spill = BodySpill()
      spillUnavailable = spill == nil
    }
    if let spill, !spill.isEmpty || queued + data.count > memoryLimit {
      if spill.append(data) {
        spilled += data.count
      } else if failure == nil {
        failure = .unavailable(
          source: source, reason: "cannot keep the body in a temporary file (disk full?)")
        let task = task
        DispatchQueue.global().async { task?.cancel() }
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
    condition.broadcast()
    condition.unlock()
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    condition.lock()
    if let error, failure == nil, !notModified {
      failure = .unavailable(source: source, reason: FetchFailure.reason(for: error))
    }
    finished = true
    condition.broadcast()
    condition.unlock()
    session.finishTasksAndInvalidate()
  }

  /// Whether the body, not yet complete, brought fewer than ``leastBytesPerTimeout`` bytes in
  /// the last `timeout` seconds. Called with `condition` held.
  private func isTooSlow() -> Bool {
    let now = DispatchTime.now().uptimeNanoseconds
    guard !finished, now > markedAt.uptimeNanoseconds else { return false }
    return Double(now - markedAt.uptimeNanoseconds) / 1e9 > max(1, timeout.rounded(.up))
  }

  /// ` (at URL)` when a redirect led elsewhere.
  private func redirectNote(_ final: URL?) -> String {
    guard let final, final != url else { return "" }
    return " (redirected to \(FetchFailure.display(final)))"
  }
}

/// The loading thread's hold on an ``HTTPFeedStream``: the session keeps the stream (its
/// delegate) alive until the fetch ends, so the fetch is cancelled when this handle goes, if
/// the importer stopped before the end.
final class HTTPFeedHandle {
  let stream: HTTPFeedStream

  init(_ stream: HTTPFeedStream) {
    self.stream = stream
  }

  deinit {
    stream.cancel()
  }
}
