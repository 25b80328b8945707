import Foundation

/// A small HTTP/1.1 server for tests, on 127.0.0.1 only, written with POSIX sockets so that the
/// test needs no package and no other process.
///
/// It listens on a port the kernel picks, answers each connection on its own thread with the
/// route for the request's path (one request per connection, then `Connection: close`), and
/// stops by itself: after ``maximumConnections`` connections, after ``lifetime`` seconds, or
/// at ``stop()``, whichever comes first. A stalling route holds its connection silent for at
/// most ``stallSeconds`` seconds.
final class LocalHTTPServer: @unchecked Sendable {
  /// What the server answers for a path.
  enum Route {
    /// A status, extra headers and a body, written in pieces of `pieceSize` bytes.
    case respond(status: Int, headers: [String: String], body: [UInt8], pieceSize: Int = 4096)
    /// A redirect to `location`.
    case redirect(status: Int, location: String)
    /// These bytes as they are (head and body), then the connection is closed.
    case raw([UInt8])
    /// Reads the request, then says nothing.
    case stall
    /// A 200 head, then a byte every 100 ms for at most ``stallSeconds`` seconds.
    case trickle
    /// A body the test may change between requests, with its validators: 304 Not Modified
    /// when the request's `If-None-Match` is its ETag or its `If-Modified-Since` is its date.
    case resource(Resource)
  }

  /// A body and its validators that a test changes between requests; it records what each
  /// request asked and was answered.
  final class Resource: @unchecked Sendable {
    private let lock = NSLock()
    private var state: (body: [UInt8], etag: String?, lastModified: String?)
    private var log: [(ifNoneMatch: String?, ifModifiedSince: String?, status: Int)] = []

    init(body: [UInt8], etag: String? = nil, lastModified: String? = nil) {
      state = (body, etag, lastModified)
    }

    /// Serves `body` with these validators from the next request on.
    func change(body: [UInt8], etag: String?, lastModified: String?) {
      lock.lock()
      state = (body, etag, lastModified)
      lock.unlock()
    }

    /// The statuses answered, in order.
    var statuses: [Int] {
      lock.lock()
      defer { lock.unlock() }
      return log.map(\.status)
    }

    /// The `If-None-Match` and `If-Modified-Since` of each request, in order.
    var asked: [(ifNoneMatch: String?, ifModifiedSince: String?)] {
      lock.lock()
      defer { lock.unlock() }
      return log.map { ($0.ifNoneMatch, $0.ifModifiedSince) }
    }

    /// The answer to a request with `headers` (names in lower case).
    func answer(_ headers: [String: String]) -> (
      status: Int, headers: [String: String], body: [UInt8]
    ) {
      lock.lock()
      defer { lock.unlock() }
      let ifNoneMatch = headers["if-none-match"]
      let ifModifiedSince = headers["if-modified-since"]
      var validators: [String: String] = [:]
      if let etag = state.etag { validators["ETag"] = etag }
      if let date = state.lastModified { validators["Last-Modified"] = date }
      let current =
        (ifNoneMatch != nil && ifNoneMatch == state.etag)
        || (ifNoneMatch == nil && ifModifiedSince != nil && ifModifiedSince == state.lastModified)
      let status = current ? 304 : 200
      log.append((ifNoneMatch, ifModifiedSince, status))
      return (status, validators, current ? [] : state.body)
    }
  }

  let maximumConnections: Int
  let lifetime: Double
  let stallSeconds: Double
  /// The port it listens on.
  private(set) var port: UInt16 = 0

  private let routes: [String: Route]
  private var listener: Int32 = -1
  private let lock = NSLock()
  private var stopped = false
  private var accepted = 0
  private var requested: [String] = []
  private let finished = DispatchGroup()

  /// A server with `routes` (by path; others answer 404), listening when this returns.
  init(
    routes: [String: Route], maximumConnections: Int = 16, lifetime: Double = 60,
    stallSeconds: Double = 5
  ) throws {
    self.routes = routes
    self.maximumConnections = maximumConnections
    self.lifetime = lifetime
    self.stallSeconds = stallSeconds
    listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw ServerError.socket(errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw ServerError.socket(errno)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    port = UInt16(bigEndian: address.sin_port)
    let started = Date()
    finished.enter()
    let thread = Thread { [self] in
      acceptLoop(started: started)
      finished.leave()
    }
    thread.start()
  }

  enum ServerError: Error {
    case socket(Int32)
  }

  /// `http://127.0.0.1:port` + `path`.
  func url(_ path: String) -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// The paths requested so far, in order.
  var requests: [String] {
    lock.lock()
    defer { lock.unlock() }
    return requested
  }

  /// Stops accepting, and waits (at most a few seconds) for the open connections to end.
  func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
    _ = finished.wait(timeout: .now() + stallSeconds + 2)
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func acceptLoop(started: Date) {
    defer { close(listener) }
    while !isStopped, Date().timeIntervalSince(started) < lifetime {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      lock.lock()
      accepted += 1
      let last = accepted >= maximumConnections
      lock.unlock()
      finished.enter()
      let thread = Thread { [self] in
        serve(connection)
        close(connection)
        finished.leave()
      }
      thread.start()
      if last { return }
    }
  }

  /// Reads one request head and answers it.
  private func serve(_ connection: Int32) {
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(5)
    while head.count < 65_536 {
      // Waits for the request a little at a time, so that stop() ends the wait.
      var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else {
        if isStopped || Date() > deadline { return }
        continue
      }
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      head += buffer[0..<count]
      // Not HTTP (a TLS ClientHello starts with 0x16): hang up at once.
      guard let first = head.first, (0x41...0x5A).contains(first) else { return }
      if head.count >= 4, String(decoding: head, as: UTF8.self).contains("\r\n\r\n") { break }
    }
    let requestLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
    let parts = requestLine.split(separator: " ")
    let path = parts.count > 1 ? String(parts[1]) : "/"
    lock.lock()
    requested.append(path)
    lock.unlock()
    switch routes[path] {
    case .respond(let status, let headers, let body, let pieceSize):
      writeHead(connection, status: status, headers: headers, length: body.count)
      var offset = 0
      while offset < body.count {
        let end = min(body.count, offset + pieceSize)
        guard write(connection, Array(body[offset..<end])) else { return }
        offset = end
      }
    case .redirect(let status, let location):
      writeHead(connection, status: status, headers: ["Location": location], length: 0)
    case .raw(let bytes):
      _ = write(connection, bytes)
    case .stall:
      let until = Date().addingTimeInterval(stallSeconds)
      while Date() < until, !isStopped {
        // Returns early when the client hangs up.
        var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 50) > 0 {
          var byte: UInt8 = 0
          if recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0 { return }
        }
      }
    case .trickle:
      writeHead(connection, status: 200, headers: [:], length: 1_000_000)
      let until = Date().addingTimeInterval(stallSeconds)
      while Date() < until, !isStopped {
        guard write(connection, Array("X".utf8)) else { return }
        usleep(100_000)
      }
    case .resource(let resource):
      var headers: [String: String] = [:]
      for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n").dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
      let answer = resource.answer(headers)
      writeHead(
        connection, status: answer.status, headers: answer.headers, length: answer.body.count,
        withLength: answer.status != 304)
      _ = write(connection, answer.body)
    case nil:
      let body = Array("not found\n".utf8)
      writeHead(
        connection, status: 404, headers: ["Content-Type": "text/plain"], length: body.count)
      _ = write(connection, body)
    }
  }

  private func writeHead(
    _ connection: Int32, status: Int, headers: [String: String], length: Int,
    withLength: Bool = true
  ) {
    var text = "HTTP/1.1 \(status) \(LocalHTTPServer.reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    if withLength { text += "Content-Length: \(length)\r\n" }
    text += "Connection: close\r\n\r\n"
    _ = write(connection, Array(text.utf8))
  }

  private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 404: return "Not Found"
    case 500: return "Internal Server Error"
    default: return "Status"
    }
  }
}
