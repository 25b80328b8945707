import Foundation
import IcsLanes
import IcsLanesServer
import Testing

/// Bad and hostile requests: each gets a 4xx (a problem document where the server answers at
/// all), never a 5xx, never a file, and the server keeps answering.
@Suite struct HostileRequestTests {
  /// The team calendar; `idle` closes quiet connections sooner (only where a test waits for it:
  /// the client's pooled connections would race a short timeout).
  static func configuration(idle: Duration = .seconds(30)) -> ServerConfiguration {
    var configuration = ServerConfiguration(feeds: [ServedFeed(Repository.sample("team.ics"))])
    configuration.zoneName = "UTC"
    configuration.idleTimeout = idle
    return configuration
  }

  @Test func traversalInEveryEncodingFindsNothing() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    let targets = [
      "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "/%252e%252e/%252e%252e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
      "/2024-08/../../etc/passwd",
      "/api/v1/months/..%2F..%2F..%2Fetc%2Fpasswd", "/api/v1/months/../../../etc/passwd",
      "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/..%c0%af..%c0%afetc/passwd", "//etc/passwd",
      "/..\\..\\..\\etc\\passwd", "/assets/../../../../etc/passwd",
      "/assets/keys.js/../../../etc/passwd",
      "/%00/etc/passwd", "/api/v1/months/2024-08%00.json", "/.%2e/.%2e/etc/passwd",
      "/Samples/team.ics", "/" + Repository.sample("team.ics"), "/file:///etc/passwd",
      "/api/v1/months/2024-08?calendar=../../etc/passwd", "/?tz=../../../../etc/passwd",
      "/?tz=/etc/passwd", "/2024-08?tz=..%2F..%2Fetc%2Fpasswd", "http://127.0.0.1/../../etc/passwd",
    ]
    for target in targets {
      let (code, reply) = try await RawConnection.status(port: server.port, target: target)
      let status = try #require(code, "\(target): no status in \(reply.prefix(200))")
      #expect((400..<500).contains(status), "\(target) answered \(status)")
      #expect(!reply.contains("root:"), "\(target) leaked a file")
      #expect(!reply.contains("BEGIN:VCALENDAR"), "\(target) sent a feed")
    }
    #expect(try await server.get("/healthz").status == 200)
  }

  @Test func badParametersGetProblemDocuments() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    let cases: [(String, Int, String)] = [
      ("/api/v1/months/2024-08?tz=Mars/Olympus", 400, "time zone \\\"Mars/Olympus\\\": not known"),
      ("/2024-08?tz=Europe/Berlin%00", 400, "not known"),
      ("/api/v1/months/2024-08?weekStart=funday", 400, "not a weekday"),
      ("/api/v1/months/2024-08?maxLanes=0", 400, "maxLanes 0: must be at least 1"),
      ("/api/v1/months/2024-08?maxLanes=-1", 400, "must be at least 1"),
      ("/api/v1/months/2024-08?months=25", 400, "must be 1 to 24"),
      ("/api/v1/months/2024-08?months=0", 400, "must be 1 to 24"),
      ("/api/v1/months/2024-08?months=99999999999999999999", 400, "not a whole number"),
      ("/api/v1/months/9999-12?months=2", 400, "runs past 9999-12"),
      ("/api/v1/months/2024-08?outsideDays=maybe", 400, "use true or false"),
      ("/api/v1/months/2024-08?calendar=Nobody", 400, "no calendar has this name"),
      ("/api/v1/months/2024-08?color=red", 400, "unknown parameter"),
      ("/api/v1/months/2024-08?tz=UTC&tz=UTC", 400, "more than once"),
      ("/api/v1/months/2024-13", 400, "not a month"),
      ("/api/v1/months/2024-00", 400, "not a month"),
      ("/api/v1/months/0000-01", 400, "not a month"),
      ("/api/v1/months/99999-01", 400, "not a month"),
      ("/api/v1/months/2024-8", 400, "not a month"),
      ("/api/v1/months/2024-08x", 400, "not a month"),
      ("/api/v1/months/", 400, "not a month"),
      ("/2024-13", 400, "not a month"),
      ("/0000-00", 400, "not a month"),
      ("/?month=2024-13", 400, "not a month"),
      ("/2024-08?month=2024-09", 400, "only taken on /"),
      ("/nothing", 404, "no such page"),
      ("/api/v2/months/2024-08", 404, "no such page"),
    ]
    // Malformed escapes, which an HTTP client would repair, sent as they are.
    for target in ["/api/v1/months/2024-08?tz=%zz", "/2024-08?tz=%ff%fe", "/?tz=%", "/?%41=1"] {
      let (code, reply) = try await RawConnection.status(port: server.port, target: target)
      #expect(code == 400, "\(target)")
      #expect(reply.contains("percent-encoded") || reply.contains("unknown parameter"), "\(target)")
    }
    for (target, status, detail) in cases {
      let reply = try await server.get(target)
      #expect(reply.status == status, "\(target): \(reply.status) \(reply.text)")
      #expect(reply.header("Content-Type") == "application/problem+json", "\(target)")
      #expect(reply.text.contains("\"status\":\(status)"), "\(target): \(reply.text)")
      #expect(reply.text.contains(detail), "\(target): \(reply.text)")
    }
  }

  @Test func oversizedRequestsAreRefused() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    // Past the parser's own limit on a request line the server answers 400 before routing, or
    // closes the connection while the client is still sending.
    let long = try await RawConnection.status(
      port: server.port,
      target: "/api/v1/months/2024-08?tz=" + String(repeating: "A", count: 100_000))
    #expect(long.0 == nil || [400, 414].contains(long.0 ?? 0))
    let many = (0..<10_000).map { "calendar=c\($0)" }.joined(separator: "&")
    let manyReply = try await RawConnection.status(
      port: server.port, target: "/api/v1/months/2024-08?" + many)
    #expect(manyReply.0 == nil || [400, 414].contains(manyReply.0 ?? 0))
    let justPast = try await server.get(
      "/api/v1/months/2024-08?tz=" + String(repeating: "A", count: 2_100))
    #expect(justPast.status == 414)
    let sixtyFive = (0..<65).map { _ in "calendar=Team" }.joined(separator: "&")
    let counted = try await server.get("/api/v1/months/2024-08?" + sixtyFive)
    #expect(counted.status == 400)
    #expect(counted.text.contains("more than 64 query parameters"))
    // A header past 8 KiB: the parser refuses it; the server answers the next client.
    let (code, _) = try await RawConnection.status(
      port: server.port, target: "/", extra: "X-Big: \(String(repeating: "b", count: 40_000))\r\n")
    #expect(code == nil || (400..<500).contains(code ?? 0))
    let headers = (0..<200).map { "X-H\($0): v\r\n" }.joined()
    let (manyCode, _) = try await RawConnection.status(
      port: server.port, target: "/", extra: headers)
    #expect(manyCode == nil || (400..<500).contains(manyCode ?? 0))
    // No bodies, only GET and HEAD.
    let posted = try await RawConnection.status(
      port: server.port, target: "/", extra: "Content-Length: 5\r\n\r\nhello")
    #expect(posted.0 == 413)
    let post = try await RawConnection.exchange(
      port: server.port,
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    #expect(String(decoding: post.prefix(12), as: UTF8.self) == "HTTP/1.1 405")
    #expect(try await server.get("/healthz").status == 200)
  }

  @Test func slowClientsHoldNobodyUpAndAreClosed() async throws {
    let server = try await ServerHarness(Self.configuration(idle: .seconds(1)))
    defer { Task { await server.stop() } }
    func twentyRequests() async throws -> Duration {
      let started = ContinuousClock.now
      for month in 1...20 {
        let number = (month - 1) % 12 + 1
        let target = "/api/v1/months/\(2021 + (month - 1) / 12)-\(number < 10 ? "0" : "")\(number)"
        #expect(try await server.get(target).status == 200)
      }
      return ContinuousClock.now - started
    }
    let alone = try await twentyRequests()
    // Ten connections that send half a request line and then nothing.
    let slow = try (0..<10).map { _ in try RawConnection(port: server.port) }
    for connection in slow { connection.send("GET /2024-08 HT") }
    // One more that sends a byte at a time, slower than a request needs.
    let dripping = try RawConnection(port: server.port)
    let drip = Task.detached {
      for byte in "GET /2024-08 HTTP/1.1\r\nHost: x\r\n".map(String.init) {
        guard dripping.send(byte) else { return }
        try await Task.sleep(for: .milliseconds(200))
      }
    }
    // The same requests beside them take about as long (the machine may be busy: compared, not
    // timed against a fixed bound).
    let beside = try await twentyRequests()
    #expect(beside < alone * 3 + .seconds(2), "alone \(alone), beside slow clients \(beside)")
    // Past the idle timeout (1 s here) the server has closed them: a read sees the end at once.
    try await Task.sleep(for: .milliseconds(2_500))
    for connection in slow {
      let clock = ContinuousClock.now
      _ = await RawConnection.blocking { connection.readAll() }
      #expect(ContinuousClock.now - clock < .seconds(5), "a slow connection was left open")
    }
    drip.cancel()
  }

  @Test func credentialsAreAskedWhenSet() async throws {
    var bearer = Self.configuration()
    bearer.authentication = .bearer(token: "s3cret-token")
    let server = try await ServerHarness(bearer)
    let refused = try await server.get("/api/v1/months/2024-08")
    #expect(refused.status == 401)
    #expect(refused.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
    #expect(
      try await server.get("/2024-08", headers: [("Authorization", "Bearer wrong")]).status == 401)
    #expect(
      try await server.get("/2024-08", headers: [("Authorization", "Bearer s3cret-token")]).status
        == 200)
    #expect(try await server.get("/healthz").status == 200)
    await server.stop()
    var basic = Self.configuration()
    basic.authentication = .basic(user: "team", password: "pa:ss")
    let other = try await ServerHarness(basic)
    let good = Data("team:pa:ss".utf8).base64EncodedString()
    let bad = Data("team:nope".utf8).base64EncodedString()
    #expect(try await other.get("/", headers: [("Authorization", "Basic \(bad)")]).status == 401)
    #expect(try await other.get("/", headers: [("Authorization", "Basic \(good)")]).status == 200)
    await other.stop()
  }
}
