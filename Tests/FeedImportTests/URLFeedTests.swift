import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Feeds fetched over HTTP from a server the test starts on 127.0.0.1 (``LocalHTTPServer``):
/// the same layout as from the file, through gzip and redirects; and each way a fetch fails
/// named, with ``ImportError/unavailable(source:reason:)``.
@Suite("Feeds from URLs", .timeLimit(.minutes(1)))
struct URLFeedTests {
  static let teamPath = TestSupport.sample("team.ics")
  static let gzipPath = TestSupport.root.appendingPathComponent(
    "Tests/FeedImportTests/Fixtures/team.ics.gz"
  ).path

  /// A big generated feed, several chunks long.
  static let bigFeed: String = {
    var writer = MixedFeedWriter(seed: 15, firstYear: 2024, years: 1)
    return writer.text(events: 3_000)
  }()

  /// Two events with one UID: the first, in March, is the one used, and is passed over for
  /// August and then read again.
  static let twiceFeed = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN", "BEGIN:VEVENT",
    "UID:twice@tests", "DTSTART;VALUE=DATE:20240304", "SUMMARY:The one used", "END:VEVENT",
    "BEGIN:VEVENT", "UID:twice@tests", "DTSTART;VALUE=DATE:20240806", "SUMMARY:A duplicate",
    "END:VEVENT", "END:VCALENDAR", "",
  ].joined(separator: "\r\n")

  static func server(stallSeconds: Double = 5) throws -> LocalHTTPServer {
    let gzip = try #require(FileManager.default.contents(atPath: gzipPath))
    let calendar = ["Content-Type": "text/calendar; charset=utf-8"]
    return try LocalHTTPServer(
      routes: [
        "/team.ics": .respond(
          status: 200, headers: calendar.merging(["Content-Encoding": "gzip"]) { $1 },
          body: [UInt8](gzip)),
        "/moved.ics": .redirect(status: 301, location: "/elsewhere"),
        "/elsewhere": .redirect(status: 302, location: "/team.ics"),
        "/big.ics": .respond(
          status: 200, headers: calendar, body: Array(bigFeed.utf8), pieceSize: 1500),
        "/broken": .respond(status: 500, headers: [:], body: Array("oops".utf8)),
        "/stall.ics": .stall,
        "/trickle.ics": .trickle,
        "/twice.ics": .respond(status: 200, headers: calendar, body: Array(twiceFeed.utf8)),
      ], maximumConnections: 16, lifetime: 50, stallSeconds: stallSeconds)
  }

  static func layoutJSON(_ feed: Feed, month: String = "2024-08") throws -> String {
    let layout = try TestSupport.layOut(
      [feed], month: try TestSupport.requireMonth(month),
      zone: try TestSupport.requireZone("Europe/Berlin"))
    return try JSONLayoutRenderer.render(layout)
  }

  static func location(_ text: String) throws -> FeedLocation {
    let location = FeedLocation(argument: text)
    guard case .url = location else { throw TestFailure("not a URL: \(text)") }
    return location
  }

  static func unavailableReason(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let ImportError.unavailable(_, reason) {
      return reason
    } catch {
      return "other error: \(error)"
    }
  }

  @Test("A gzip-encoded feed lays out as the file does")
  func gzipBody() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let fetched = try Feed(location: try URLFeedTests.location(server.url("/team.ics")))
    let file = try Feed(contentsOf: URLFeedTests.teamPath)
    #expect(fetched.name == "Team")
    #expect(fetched.eventsRead == file.eventsRead)
    #expect(try URLFeedTests.layoutJSON(fetched) == URLFeedTests.layoutJSON(file))
  }

  @Test("A feed whose passed-over events are read again is fetched once, and reads as from memory")
  func fetchedOnce() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let august = try TestSupport.requireMonth("2024-08")
    let zone = try TestSupport.requireZone("Europe/Berlin")
    let options = ImportOptions(window: MonthRequest(first: august, zone: zone).window)
    let fetched = try Feed(
      location: try URLFeedTests.location(server.url("/twice.ics")), options: options)
    let memory = try Feed(text: URLFeedTests.twiceFeed, name: "twice", options: options)
    #expect(server.requests == ["/twice.ics"])
    #expect(fetched.eventsDuplicate == 1 && fetched.eventsDuplicate == memory.eventsDuplicate)
    #expect(fetched.warnings.map(\.message) == memory.warnings.map(\.message))
    #expect(try URLFeedTests.layoutJSON(fetched) == URLFeedTests.layoutJSON(memory))
  }

  @Test("Redirects are followed (301, then 302)")
  func redirects() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let fetched = try Feed(location: try URLFeedTests.location(server.url("/moved.ics")))
    let file = try Feed(contentsOf: URLFeedTests.teamPath)
    #expect(try URLFeedTests.layoutJSON(fetched) == URLFeedTests.layoutJSON(file))
    #expect(server.requests == ["/moved.ics", "/elsewhere", "/team.ics"])
  }

  @Test("A body in many small pieces streams into the importer, with progress, as from memory")
  func bigBody() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let reports = ProgressLog()
    var options = ImportOptions(window: nil)
    options.progress = { read, total in reports.add(read, total) }
    let fetched = try Feed(
      location: try URLFeedTests.location(server.url("/big.ics")), options: options)
    let memory = try Feed(text: URLFeedTests.bigFeed, name: "big")
    #expect(fetched.eventsRead == memory.eventsRead)
    #expect(try URLFeedTests.layoutJSON(fetched) == URLFeedTests.layoutJSON(memory))
    let last = try #require(reports.entries.last)
    #expect(last.read == URLFeedTests.bigFeed.utf8.count)
    #expect(last.total == URLFeedTests.bigFeed.utf8.count)
  }

  @Test("webcal:// is fetched as https://, and http(s) keep their scheme")
  func schemes() throws {
    #expect(
      FeedLocation(argument: "webcal://example.org/a.ics")
        == .url(try #require(URL(string: "https://example.org/a.ics"))))
    #expect(
      FeedLocation(argument: "WEBCALS://example.org/a.ics")
        == .url(try #require(URL(string: "https://example.org/a.ics"))))
    #expect(
      FeedLocation(argument: "http://example.org/a.ics")
        == .url(try #require(URL(string: "http://example.org/a.ics"))))
    #expect(FeedLocation(argument: "-") == .standardInput)
    #expect(FeedLocation(argument: "notes/http:x.ics") == .file("notes/http:x.ics"))
    #expect(
      FeedLocation(argument: TestSupport.root.appendingPathComponent("Samples/household").path)
        == .folder(TestSupport.root.appendingPathComponent("Samples/household").path))
    #expect(
      FeedLocation(argument: "https://user:secret@example.org/a.ics").source
        == "https://user:***@example.org/a.ics")
  }

  @Test("404 and 500 name the status")
  func errorStatus() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let missing = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location(server.url("/missing.ics")))
    }
    #expect(missing == "HTTP 404 Not Found")
    let broken = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location(server.url("/broken")))
    }
    #expect(broken?.hasPrefix("HTTP 500") == true)
  }

  @Test("A redirect loop stops; a redirect to a local file is not followed")
  func badRedirects() throws {
    let server = try LocalHTTPServer(
      routes: [
        "/loop": .redirect(status: 302, location: "/loop"),
        "/to-file": .redirect(status: 302, location: "file:///etc/hostname"),
      ], maximumConnections: 64, lifetime: 30)
    defer { server.stop() }
    let loop = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location(server.url("/loop")))
    }
    #expect(loop?.hasPrefix("too many redirects") == true, "\(loop ?? "no error")")
    #expect(server.requests.count > 2 && server.requests.count < 64)
    let toFile = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location(server.url("/to-file")))
    }
    #expect(toFile != nil)
    #expect(toFile?.hasPrefix("other error") == false)
  }

  /// The reason the fetch of `path` fails with `timeout` (1 s), and how long it took.
  static func slowFetch(_ path: String, timeout: Double = 1) throws -> (
    reason: String?, seconds: Double
  ) {
    let server = try URLFeedTests.server(stallSeconds: 10)
    defer { server.stop() }
    var options = ImportOptions()
    options.networkTimeout = timeout
    let started = Date()
    let reason = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location(server.url(path)), options: options)
    }
    return (reason, Date().timeIntervalSince(started))
  }

  @Test("A server that stalls fails after the timeout, not later")
  func stall() throws {
    let (reason, elapsed) = try URLFeedTests.slowFetch("/stall.ics")
    #expect(reason?.hasPrefix("timed out") == true, "\(reason ?? "no error")")
    #expect(elapsed >= 0.9 && elapsed < 6, "took \(elapsed) s")
  }

  @Test("A server that sends a byte at a time fails as too slow after the timeout")
  func trickle() throws {
    let (reason, elapsed) = try URLFeedTests.slowFetch("/trickle.ics")
    #expect(reason == "too slow: fewer than 1024 bytes in 1 s", "\(reason ?? "no error")")
    #expect(elapsed >= 0.9 && elapsed < 6, "took \(elapsed) s")
    // Any timeout a library caller sets is taken within 1 s…1 day: -5 is 1 s.
    let (negative, _) = try URLFeedTests.slowFetch("/trickle.ics", timeout: -5)
    #expect(negative == "too slow: fewer than 1024 bytes in 1 s")
    for timeout in [Double.nan, .infinity, -.infinity, 0] {
      let (broken, _) = try URLFeedTests.slowFetch("/broken", timeout: timeout)
      #expect(broken?.hasPrefix("HTTP 500") == true, "\(timeout): \(broken ?? "no error")")
    }
  }

  @Test("TLS to a plain HTTP server, and a refused connection, are named")
  func connectionFailures() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let tls = URLFeedTests.unavailableReason {
      _ = try Feed(
        location: try URLFeedTests.location("https://127.0.0.1:\(server.port)/team.ics"))
    }
    #expect(tls?.hasPrefix("TLS failed") == true, "\(tls ?? "no error")")
    // A port that was just free: bound, then closed.
    let closed = try LocalHTTPServer(routes: [:], maximumConnections: 1, lifetime: 1)
    let port = closed.port
    closed.stop()
    let refused = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location("http://127.0.0.1:\(port)/a.ics"))
    }
    #expect(refused?.hasPrefix("cannot connect") == true, "\(refused ?? "no error")")
  }

  /// A response written byte for byte: `head` lines, then `body`.
  static func raw(_ head: [String], body: [UInt8]) -> LocalHTTPServer.Route {
    .raw(Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
  }

  @Test(
    "Heads as servers write them: an interim 100, header names in any case, HTTP/1.0 to the close")
  func responseHeads() throws {
    let team = [UInt8](try #require(FileManager.default.contents(atPath: URLFeedTests.teamPath)))
    let gzip = [UInt8](try #require(FileManager.default.contents(atPath: URLFeedTests.gzipPath)))
    let server = try LocalHTTPServer(
      routes: [
        "/interim.ics": URLFeedTests.raw(
          ["HTTP/1.1 100 Continue", "", "HTTP/1.1 200 OK", "Content-Length: \(team.count)"],
          body: team),
        "/lower.ics": URLFeedTests.raw(
          ["HTTP/1.1 200 OK", "content-encoding: GZIP", "CONTENT-LENGTH: \(gzip.count)"],
          body: gzip),
        "/old.ics": URLFeedTests.raw(["HTTP/1.0 200 OK"], body: team),
        "/odd-lines.ics": URLFeedTests.raw(
          [
            "HTTP/1.1 200 OK", "X-Bytes: \u{1}\u{7F}é",
            "X-Long: " + String(repeating: "x", count: 20_000),
            "ETag: \"\u{7}\"", "Content-Length: \(team.count)",
          ], body: team),
      ], maximumConnections: 16, lifetime: 30)
    defer { server.stop() }
    let file = try URLFeedTests.layoutJSON(try Feed(contentsOf: URLFeedTests.teamPath))
    for path in ["/interim.ics", "/lower.ics", "/old.ics", "/odd-lines.ics"] {
      let fetched = try Feed(location: try URLFeedTests.location(server.url(path)))
      #expect(fetched.name == "Team", "\(path)")
      #expect(try URLFeedTests.layoutJSON(fetched) == file, "\(path)")
    }
  }

  @Test(
    "Every error status is named, with or without a phrase of its own; a 3xx without Location is one"
  )
  func statusPhrases() throws {
    let server = try LocalHTTPServer(
      routes: [
        "/gone": .respond(status: 410, headers: [:], body: []),
        "/busy": .respond(status: 503, headers: [:], body: Array("later".utf8)),
        "/teapot": .respond(status: 418, headers: [:], body: []),
        "/odd": .respond(status: 599, headers: [:], body: []),
        "/nowhere": URLFeedTests.raw(["HTTP/1.1 302 Found", "Content-Length: 0"], body: []),
        "/to-gone": .redirect(status: 307, location: "/gone"),
        "/garbled": URLFeedTests.raw(
          ["HTTP/1.1 2x0 OK", "Content-Length: 2"], body: Array("ok".utf8)),
        "/no-status": URLFeedTests.raw(["HTTP/1.1", "Content-Length: 2"], body: Array("ok".utf8)),
        "/bad-location": URLFeedTests.raw(
          ["HTTP/1.1 302 Found", "Location: http://[::1", "Content-Length: 0"], body: []),
        "/nul": URLFeedTests.raw(
          ["HTTP/1.1 200 OK", "X-Nul: a\u{0}b", "Content-Length: 2"], body: Array("ok".utf8)),
        "/no-colon": URLFeedTests.raw(
          ["HTTP/1.1 200 OK", "X-No-Colon", "Content-Length: 2"], body: Array("ok".utf8)),
      ], maximumConnections: 16, lifetime: 30)
    defer { server.stop() }
    let expected = [
      "/gone": "HTTP 410 Gone", "/busy": "HTTP 503 Service Unavailable",
      "/teapot": "HTTP 418 Client Error", "/odd": "HTTP 599 Server Error",
      "/nowhere": "HTTP 302 Found",
      "/to-gone": "HTTP 410 Gone (redirected to \(server.url("/gone")))",
    ]
    // A status line libcurl or the reader cannot make sense of fails the fetch, named.
    for path in ["/garbled", "/no-status", "/no-colon", "/nul"] {
      let got = URLFeedTests.unavailableReason {
        _ = try Feed(location: try URLFeedTests.location(server.url(path)))
      }
      #expect(got?.hasPrefix("bad response from the server") == true, "\(path): \(got ?? "none")")
    }
    // A Location that is not a URL: named, not read as an empty body.
    let badLocation = URLFeedTests.unavailableReason {
      _ = try Feed(location: try URLFeedTests.location(server.url("/bad-location")))
    }
    #expect(badLocation == "redirected to http://[::1, not a URL", "\(badLocation ?? "none")")
    for (path, reason) in expected.sorted(by: { $0.key < $1.key }) {
      let got = URLFeedTests.unavailableReason {
        _ = try Feed(location: try URLFeedTests.location(server.url(path)))
      }
      #expect(got == reason, "\(path)")
    }
  }

  #if os(Linux)
    @Test("The command does not load libcurl until a URL is given")
    func noNetworkLibraryForFiles() throws {
      // The dynamic loader lists what the program needs at start, and stops there.
      let run = try CommandErrorTests.run([], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
      #expect(run.stdout.contains("libical"), "\(run.stdout)")
      #expect(!run.stdout.contains("libcurl"), "\(run.stdout)")
      #expect(!run.stdout.contains("FoundationNetworking"), "\(run.stdout)")
    }
  #endif

  @Test("The command exits 69 with one line naming the URL")
  func commandExit() throws {
    let server = try URLFeedTests.server()
    defer { server.stop() }
    let run = try CommandErrorTests.run([server.url("/missing.ics"), "--month", "2024-08"])
    #expect(run.status == 69)
    #expect(
      run.stderr
        == "icslanes: error: \(server.url("/missing.ics")): cannot fetch: HTTP 404 Not Found\n")
    let ok = try CommandErrorTests.run([
      server.url("/moved.ics"), "--month", "2024-08", "--tz", "Europe/Berlin", "--format", "json",
    ])
    #expect(ok.status == 0)
    #expect(ok.stdout.contains("\"name\" : \"Team\""))
  }
}

/// Progress reports, kept from any thread.
final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [(read: Int, total: Int?)] = []

  func add(_ read: Int, _ total: Int?) {
    lock.lock()
    kept.append((read, total))
    lock.unlock()
  }

  var entries: [(read: Int, total: Int?)] {
    lock.lock()
    defer { lock.unlock() }
    return kept
  }
}
