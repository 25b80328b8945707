import Foundation
import IcsLanes
import IcsLanesServer
import Scratch
import Testing

/// Feeds replaced under a running server: answers are all old or all new, a failed refresh
/// keeps the last good state and says so.
@Suite struct FeedRefreshTests {
  /// A feed of `count` all-day events in August 2024, titled `prefix 0` …
  static func feed(_ prefix: String, count: Int) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-CALNAME:Swap\r\n"
    for index in 0..<count {
      let day = 1 + index % 28
      text += "BEGIN:VEVENT\r\nUID:\(prefix)-\(index)@test\r\nDTSTAMP:20240101T000000Z\r\n"
      text += "DTSTART;VALUE=DATE:202408\(day < 10 ? "0" : "")\(day)\r\n"
      text += "SUMMARY:\(prefix) \(index)\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }

  static func configuration(_ path: String) -> ServerConfiguration {
    var configuration = ServerConfiguration(feeds: [ServedFeed(path)])
    configuration.zoneName = "UTC"
    configuration.filePollInterval = .milliseconds(100)
    return configuration
  }

  @Test func answersAreAllOldOrAllNewWhileTheFileIsReplaced() async throws {
    let folder = try Scratch.folder("swap")
    let path = folder.appendingPathComponent("swap.ics").path
    let count = 400
    let versions = ["Old", "New", "Third", "Fourth"]
    try Self.feed(versions[0], count: count).write(toFile: path, atomically: true, encoding: .utf8)
    let server = try await ServerHarness(Self.configuration(path))
    defer { Task { await server.stop() } }
    let writer = Task {
      for (step, version) in versions.enumerated().dropFirst() {
        try await Task.sleep(for: .milliseconds(300))
        let text = Self.feed(version, count: count)
        if step % 2 == 1 {
          // Written in place, in pieces: the server must not serve a half-written file.
          let handle = try #require(FileHandle(forWritingAtPath: path))
          try handle.truncate(atOffset: 0)
          let bytes = Array(text.utf8)
          for start in stride(from: 0, to: bytes.count, by: 4_096) {
            try handle.write(contentsOf: bytes[start..<min(bytes.count, start + 4_096)])
            try await Task.sleep(for: .milliseconds(5))
          }
          try handle.close()
        } else {
          try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
      }
    }
    var seen: [String] = []
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
      let reply = try await server.get("/api/v1/months/2024-08")
      #expect(reply.status == 200)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
      let weeks = try #require(object["weeks"] as? [[String: Any]])
      var titles: [String] = []
      for week in weeks {
        for lane in week["lanes"] as? [[[String: Any]]] ?? [] {
          titles += lane.compactMap { $0["title"] as? String }
        }
      }
      let prefixes = Set(titles.map { String($0.split(separator: " ")[0]) })
      #expect(prefixes.count == 1, "a mix of versions: \(prefixes)")
      #expect(titles.count == count, "\(titles.count) of \(count) events")
      if let prefix = prefixes.first, seen.last != prefix { seen.append(prefix) }
      if seen.last == versions.last, writer.isCancelled == false {
        _ = try? await writer.value
        break
      }
    }
    try await writer.value
    #expect(seen.last == versions.last, "the last version was never served: \(seen)")
    #expect(seen == versions.filter(seen.contains), "versions out of order: \(seen)")
  }

  @Test func aFailedRefreshKeepsTheLastGoodState() async throws {
    let folder = try Scratch.folder("fail")
    let path = folder.appendingPathComponent("feed.ics").path
    try Self.feed("Good", count: 5).write(toFile: path, atomically: true, encoding: .utf8)
    let server = try await ServerHarness(Self.configuration(path))
    defer { Task { await server.stop() } }
    let before = try await server.get("/api/v1/months/2024-08")
    try "this is not a calendar\n".write(toFile: path, atomically: true, encoding: .utf8)
    var calendars = ""
    for _ in 0..<100 {
      try await Task.sleep(for: .milliseconds(50))
      calendars = try await server.get("/api/v1/calendars").text
      if !calendars.contains("\"lastError\" : null") { break }
    }
    #expect(calendars.contains("\"lastError\" : \""), "\(calendars)")
    #expect(calendars.contains("\"loaded\" : true"))
    let after = try await server.get("/api/v1/months/2024-08")
    #expect(after.body == before.body, "the last good state is served")
    let health = try await server.get("/healthz")
    #expect(health.status == 200)
    #expect(health.text.contains("\"status\":\"degraded\""))
    let page = try await server.get("/2024-08")
    #expect(page.text.contains("could not be refreshed"))
    // Fixed again: the error goes.
    try Self.feed("Fixed", count: 5).write(toFile: path, atomically: true, encoding: .utf8)
    for _ in 0..<100 {
      try await Task.sleep(for: .milliseconds(50))
      if try await server.get("/api/v1/months/2024-08").text.contains("Fixed 0") { break }
    }
    #expect(try await server.get("/api/v1/calendars").text.contains("\"lastError\" : null"))
  }

  @Test func aFeedThatNeverLoadedKeepsHealthAt503() async throws {
    let missing = try Scratch.file(named: "missing.ics").path
    let server = try await ServerHarness(Self.configuration(missing), ready: false)
    defer { Task { await server.stop() } }
    var health = try await server.get("/healthz")
    for _ in 0..<40 where !health.text.contains("errors\":[{") {
      try await Task.sleep(for: .milliseconds(50))
      health = try await server.get("/healthz")
    }
    #expect(health.status == 503)
    #expect(health.text.contains("\"status\":\"loading\""))
    #expect(health.text.contains("missing.ics"))
    #expect(!health.text.contains(missing), "the full path stays in the server's logs")
  }
}
