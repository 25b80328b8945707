import Foundation
import Testing

/// The `icslanes-server` executable: it starts, answers, and on SIGTERM finishes the requests
/// in flight and exits 0.
@Suite struct ServerProcessTests {
  /// A running `icslanes-server` and the port it bound.
  final class Running: @unchecked Sendable {
    let process = Process()
    let errors = Pipe()
    var port = 0

    init(_ arguments: [String]) throws {
      process.executableURL = try Repository.binary("icslanes-server")
      process.arguments = arguments
      process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // The log's "listening" line names the port.
      var text = ""
      let handle = errors.fileHandleForReading
      while !text.contains("listening") || !text.contains("/\n") && !text.hasSuffix("/") {
        let data = handle.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
        if let range = text.range(of: "http://127.0.0.1:") {
          let digits = text[range.upperBound...].prefix { $0.isNumber }
          if let port = Int(digits),
            text[range.upperBound...].dropFirst(digits.count).hasPrefix("/")
          {
            self.port = port
            break
          }
        }
      }
      #expect(port > 0, "no port in \(text)")
    }
  }

  @Test func sigtermLetsRequestsInFlightFinishThenExitsZero() async throws {
    let running = try Running([
      "serve", Repository.sample("team.ics"), Repository.sample("family.ics"),
      "--listen", "127.0.0.1:0", "--no-config", "--tz", "UTC",
    ])
    let port = running.port
    for _ in 0..<200 {
      if (try? await RawConnection.status(port: port, target: "/healthz").0) == 200 { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    // A client that reads a big page slowly: the server is still writing it at SIGTERM.
    let slow = try RawConnection(port: port, receiveBuffer: 4_096)
    slow.send("GET /2024-01?months=24 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let head = await RawConnection.blocking { slow.read(count: 2_048) }
    #expect(String(decoding: head.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
    kill(running.process.processIdentifier, SIGTERM)
    try await Task.sleep(for: .milliseconds(300))
    let reply = String(
      decoding: head + (await RawConnection.blocking { slow.readAllBytes() }), as: UTF8.self)
    let length = reply.split(separator: "\r\n").first {
      $0.lowercased().hasPrefix("content-length:")
    }
    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    let body = reply.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    #expect(length != nil && body.utf8.count == length, "the page was cut at shutdown")
    #expect(body.hasSuffix("</html>\n"))
    await RawConnection.blocking { running.process.waitUntilExit() }
    #expect(running.process.terminationStatus == 0)
    #expect(running.process.terminationReason == .exit)
  }
}
