import Foundation

/// Requests written byte by byte on a plain socket, for what a polite client never sends:
/// unnormalised paths, oversized headers, a request that stops half way.
final class RawConnection: @unchecked Sendable {
  private let socket: Int32

  /// Connects to the port; a small `receiveBuffer` makes the server wait on this reader.
  init(port: Int, receiveBuffer: Int32? = nil) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(socket) }

  /// Writes `text`; false when the server closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }

  /// At most `count` bytes, as they come.
  func read(count: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    let got = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    return Array(buffer.prefix(max(0, got)))
  }

  /// Everything the server sends until it closes the connection or goes quiet for the timeout.
  func readAll() -> String {
    String(decoding: readAllBytes(), as: UTF8.self)
  }

  /// The bytes of ``readAll()``.
  func readAllBytes() -> [UInt8] {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      data += buffer[0..<count]
    }
    return data
  }

  /// One request's status line's code and the whole reply, sent with `Connection: close`, on
  /// a thread of its own (a blocking read must not hold up the server's tasks in this process).
  static func status(port: Int, target: String, extra: String = "") async throws -> (Int?, String) {
    let bytes = try await exchange(
      port: port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)Connection: close\r\n\r\n")
    let reply = String(decoding: bytes, as: UTF8.self)
    let code = reply.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
    return (code, reply)
  }

  /// Sends `request` on a new connection and reads until the server closes it, off the
  /// cooperative threads.
  static func exchange(port: Int, _ request: String) async throws -> [UInt8] {
    let connection = try RawConnection(port: port)
    return await blocking {
      connection.send(request)
      return connection.readAllBytes()
    }
  }

  /// Runs `body` on a thread of its own.
  static func blocking<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }
}
