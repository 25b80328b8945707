import Foundation
import IcsLanes
import IcsLanesServer
import Scratch
import Testing

/// The served months against the command's bytes, the pages' navigation, entity tags and gzip.
@Suite struct ServedMonthTests {
  static let feeds = ["team.ics", "family.ics"]

  static func configuration() -> ServerConfiguration {
    var configuration = ServerConfiguration(
      feeds: feeds.map { ServedFeed(Repository.sample($0)) })
    configuration.zoneName = "UTC"
    return configuration
  }

  @Test func monthJSONIsTheCommandsBytes() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    let paths = Self.feeds.map(Repository.sample)
    let cases: [(String, [String])] = [
      ("2024-08", ["--tz", "UTC"]),
      (
        "2024-08?tz=Europe/Berlin&weekStart=monday",
        ["--tz", "Europe/Berlin", "--week-start", "monday"]
      ),
      ("2024-07?months=3&tz=Asia/Tokyo", ["--months", "3", "--tz", "Asia/Tokyo"]),
      (
        "2024-08?maxLanes=2&outsideDays=true&tz=UTC",
        ["--max-lanes", "2", "--outside-days", "--tz", "UTC"]
      ),
      (
        "2024-08?calendar=Team&tz=America/New_York",
        ["--calendar", "Team", "--tz", "America/New_York"]
      ),
      ("2023-12?months=2&tz=UTC", ["--months", "2", "--tz", "UTC"]),
    ]
    for (target, flags) in cases {
      let month = String(target.prefix(7))
      let reply = try await server.get("/api/v1/months/" + target)
      #expect(reply.status == 200, "\(target): \(reply.text)")
      #expect(reply.header("Content-Type") == "application/json")
      let expected = try Repository.command(paths + ["--month", month, "--format", "json"] + flags)
      #expect(reply.body == expected, "\(target) differs from icslanes \(flags)")
    }
  }

  @Test func pageNavigatesWithLinksKeepingTheQuery() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    let reply = try await server.get("/2024-08?tz=Europe/Berlin&weekStart=monday")
    #expect(reply.status == 200)
    #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
    let html = reply.text
    let query = "?tz=Europe%2FBerlin&amp;weekStart=monday"
    #expect(html.contains("<a rel=\"prev\" href=\"/2024-07\(query)\">‹ July 2024</a>"))
    #expect(html.contains("<a rel=\"next\" href=\"/2024-09\(query)\">September 2024 ›</a>"))
    #expect(html.contains("<a class=\"today\" href=\"/\(query)\">Today</a>"))
    #expect(html.contains("<input type=\"hidden\" name=\"tz\" value=\"Europe/Berlin\">"))
    #expect(html.contains("<script src=\"/assets/keys.js\"></script>"))
    #expect(!html.contains("<script>"), "no inline script")
    #expect(html.contains("Anna on leave"))
    let months = try await server.get("/2024-08?months=3")
    #expect(months.text.contains("<a rel=\"next\" href=\"/2024-11?months=3\">"))
    #expect(months.text.contains("<a rel=\"prev\" href=\"/2024-05?months=3\">"))
    // The picker's form lands on the month's page with the other parameters.
    let (code, picked) = try await RawConnection.status(
      port: server.port, target: "/?month=2025-02&tz=UTC")
    #expect(code == 303)
    #expect(picked.contains("\r\nLocation: /2025-02?tz=UTC\r\n"))
    let script = try await server.get("/assets/keys.js")
    #expect(script.status == 200)
    #expect(script.text.contains("ArrowLeft"))
  }

  @Test func entityTagsAnswer304AndGzipWhenAsked() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    for target in ["/2024-08", "/api/v1/months/2024-08", "/api/v1/calendars", "/healthz"] {
      let first = try await server.get(target)
      let tag = try #require(first.header("ETag"), "\(target) has no ETag")
      let again = try await server.get(target, headers: [("If-None-Match", tag)])
      #expect(again.status == 304, "\(target)")
      #expect(again.body.isEmpty)
      let other = try await server.get(target, headers: [("If-None-Match", "\"nothing\"")])
      #expect(other.status == 200, "\(target)")
    }
    let plain = try await server.get("/api/v1/months/2024-08")
    // On a plain socket: the body as sent, gunzipped here.
    let raw = try await RawConnection.exchange(
      port: server.port,
      "GET /api/v1/months/2024-08 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
    )
    let split = try #require(raw.firstRange(of: Array("\r\n\r\n".utf8)))
    let head = String(decoding: raw[..<split.lowerBound], as: UTF8.self)
    let zipped = Array(raw[split.upperBound...])
    #expect(head.contains("\r\nContent-Encoding: gzip"))
    #expect(head.contains("\r\nVary: Accept-Encoding"))
    #expect(head.contains("-gz\"\r\n"), "the gzip form has its own tag")
    #expect(zipped.count < plain.body.count / 3)
    #expect(try Self.gunzip(zipped) == plain.body)
    let refused = try await server.get(
      "/api/v1/months/2024-08", headers: [("Accept-Encoding", "gzip;q=0")])
    #expect(refused.header("Content-Encoding") == nil)
  }

  @Test func pagesCarryTheSecurityHeaders() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    for target in ["/", "/2024-08", "/api/v1/months/2024-13", "/nothing"] {
      let reply = try await server.get(target)
      let policy = try #require(reply.header("Content-Security-Policy"), "\(target)")
      #expect(policy.contains("frame-ancestors 'none'"))
      #expect(policy.contains("script-src 'self'"))
      #expect(
        !policy.contains("'unsafe-inline'; script")
          && !policy.contains("script-src 'self' 'unsafe-inline'"))
      #expect(reply.header("X-Content-Type-Options") == "nosniff")
    }
  }

  @Test func calendarsAndHealthDescribeTheFeeds() async throws {
    let server = try await ServerHarness(Self.configuration())
    defer { Task { await server.stop() } }
    let calendars = try await server.get("/api/v1/calendars")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(calendars.body)) as? [String: Any])
    let list = try #require(object["calendars"] as? [[String: Any]])
    #expect(list.map { $0["name"] as? String } == ["Team", "Family"])
    #expect(list.allSatisfy { ($0["events"] as? Int ?? 0) > 0 && $0["lastError"] is NSNull })
    let health = try await server.get("/healthz")
    #expect(health.status == 200)
    #expect(health.text.contains("\"status\":\"ok\""))
    let metrics = try await server.get("/metrics")
    #expect(metrics.status == 200)
    #expect(metrics.text.contains("icslanes_http_requests_total"))
    #expect(metrics.text.contains("icslanes_http_request_duration_seconds_bucket"))
    #expect(metrics.text.contains("icslanes_feed_events"))
    #expect(metrics.text.contains("icslanes_feed_load_duration_seconds"))
  }

  /// The bytes of a gzip member, through the system's gzip.
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let file = try Scratch.file(named: "body.gz")
    try Data(bytes).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", file.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }
}
