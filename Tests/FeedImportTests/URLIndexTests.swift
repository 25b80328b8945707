import FeedImport
import FeedIndex
import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

/// Feeds at URLs read through an index folder (issue 16): the body is kept beside its index
/// with the server's ETag and Last-Modified, a 304 answers from the kept body and its index,
/// and the answer is always the one a read of the URL without the index gives.
@Suite("URL feeds through the index", .timeLimit(.minutes(1)))
struct URLIndexTests {
  static let samples = ["team.ics", "hostile/bad-events.ics", "cases/duplicate-vevents.ics"]

  private func bytes(_ sample: String) throws -> [UInt8] {
    [UInt8](try #require(FileManager.default.contents(atPath: TestSupport.sample(sample))))
  }

  /// A server of one resource at `/feed.ics` and an empty index folder, for one test.
  private struct Site {
    let resource: LocalHTTPServer.Resource
    let server: LocalHTTPServer
    let folder: String
    let url: URL

    init(_ resource: LocalHTTPServer.Resource) throws {
      self.resource = resource
      server = try LocalHTTPServer(
        routes: ["/feed.ics": .resource(resource)], maximumConnections: 64)
      folder = try IndexSupport.temporaryFolder()
      guard case .url(let url) = FeedLocation(argument: server.url("/feed.ics")) else {
        throw TestFailure("not a URL")
      }
      self.url = url
    }

    /// Stops the server and removes the folder.
    func close() {
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  /// The answer of the URL read without an index.
  private func plain(_ url: URL, _ request: MonthRequest) throws -> IndexAnswer {
    IndexAnswer(
      try Feed(location: .url(url), options: ImportOptions(window: request.window)), request,
      passedOver: false)
  }

  /// The answer of the URL through the index in `folder`, and whether the index answered.
  private func indexed(_ url: URL, _ request: MonthRequest, _ folder: String) throws -> (
    IndexAnswer, Bool
  ) {
    let (feed, fromIndex) = try URLFeedCache.loadTelling(
      url: url, options: ImportOptions(window: request.window), folder: folder)
    return (IndexAnswer(feed, request, passedOver: false), fromIndex)
  }

  /// A site serving `resource`, a request for August 2024, and the URL's answer read without
  /// the index, which one load through the index (fetching the body whole) has given already.
  private func primed(_ resource: LocalHTTPServer.Resource) throws -> (
    Site, MonthRequest, IndexAnswer
  ) {
    let site = try Site(resource)
    let request = try IndexSupport.request("2024-08")
    let expected = try plain(site.url, request)
    #expect(try indexed(site.url, request, site.folder).0 == expected)
    return (site, request, expected)
  }

  @Test(
    "an ETag or a date: 304 answers from the kept body, the same as without the index",
    arguments: samples)
  func notModifiedAnswersFromTheIndex(sample: String) throws {
    for validators in [("\"v1\"", nil), (nil, "Tue, 06 Aug 2024 10:00:00 GMT")]
      as [(
        String?, String?
      )]
    {
      let resource = LocalHTTPServer.Resource(
        body: try bytes(sample), etag: validators.0, lastModified: validators.1)
      let site = try Site(resource)
      defer { site.close() }
      let (folder, url) = (site.folder, site.url)
      var indexedLoads = 0
      for zone in ["UTC", "Europe/Berlin"] {
        let request = try IndexSupport.request("2024-08", count: 2, zone: zone)
        let expected = try plain(url, request)
        for _ in 0..<2 {
          let before = resource.statuses.count
          let (answer, fromIndex) = try indexed(url, request, folder)
          #expect(fromIndex)
          #expect(answer == expected, "\(sample) \(zone)")
          // The first indexed load fetches the body whole; every later one is answered 304.
          let first = zone == "UTC" && indexedLoads == 0
          #expect(Array(resource.statuses[before...]) == [first ? 200 : 304], "\(sample)")
          if !first {
            let asked = try #require(resource.asked.last)
            #expect(asked.ifNoneMatch == validators.0 && asked.ifModifiedSince == validators.1)
          }
          indexedLoads += 1
        }
      }
    }
  }

  @Test("a body changed at the server is fetched whole and answers, never the kept one")
  func aChangedBodyIsFetchedAgain() throws {
    let resource = LocalHTTPServer.Resource(body: try bytes("team.ics"), etag: "\"a\"")
    let (site, request, team) = try primed(resource)
    defer { site.close() }
    let (folder, url) = (site.folder, site.url)
    resource.change(body: try bytes("family.ics"), etag: "\"b\"", lastModified: nil)
    let family = try plain(url, request)
    #expect(family != team)
    #expect(try indexed(url, request, folder).0 == family)
    #expect(try indexed(url, request, folder).0 == family)
    #expect(resource.statuses == [200, 200, 200, 200, 304])
    // Back to the first body under a new tag: fetched whole again.
    resource.change(body: try bytes("team.ics"), etag: "\"c\"", lastModified: nil)
    #expect(try indexed(url, request, folder).0 == team)
  }

  @Test("a kept body changed on disk is not vouched for: no validators, fetched whole")
  func aKeptBodyEditedOnDiskIsFetchedAgain() throws {
    let resource = LocalHTTPServer.Resource(body: try bytes("team.ics"), etag: "\"a\"")
    let (site, request, expected) = try primed(resource)
    defer { site.close() }
    let (folder, url) = (site.folder, site.url)
    let body = URLFeedCache.files(for: url, in: folder).body
    for damage in [Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8), []] {
      try Data(damage).write(to: URL(fileURLWithPath: body))
      let (answer, fromIndex) = try indexed(url, request, folder)
      #expect(fromIndex)
      #expect(answer == expected)
      #expect(resource.asked.last?.ifNoneMatch == nil)
    }
    // Edited in place with its size and modification time put back: the change time tells.
    _ = try indexed(url, request, folder)
    #expect(resource.statuses.last == 304)
    var before = stat()
    #expect(stat(body, &before) == 0)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: body))
    try handle.write(contentsOf: Array("X-EDITED".utf8))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, body, &times, 0) == 0)
    var after = stat()
    #expect(stat(body, &after) == 0)
    #expect(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    let (edited, _) = try indexed(url, request, folder)
    #expect(edited == expected)
    #expect(resource.asked.last?.ifNoneMatch == nil)
    // The validators' file gone or garbled: the same.
    let validators = URLFeedCache.files(for: url, in: folder).validators
    for text in ["", "{\"source\": 1}", "not json"] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: validators))
      #expect(try indexed(url, request, folder).0 == expected)
      #expect(resource.asked.last?.ifNoneMatch == nil)
    }
    // Only the load that set the edit up was answered 304.
    #expect(resource.statuses.filter { $0 == 304 }.count == 1)
  }

  @Test("a server that sends no validators: fetched whole each time, the index kept by its hash")
  func noValidatorsKeepTheIndexByHash() throws {
    let resource = LocalHTTPServer.Resource(body: try bytes("family.ics"))
    let (site, request, expected) = try primed(resource)
    defer { site.close() }
    let (folder, url) = (site.folder, site.url)
    let index = try IndexSupport.indexFile(in: folder)
    let inode = IndexSupport.inode(index)
    for _ in 0..<2 {
      let (answer, fromIndex) = try indexed(url, request, folder)
      #expect(fromIndex && answer == expected)
    }
    // The same bytes under a new file: the index was refreshed in place, not rebuilt.
    #expect(IndexSupport.inode(try IndexSupport.indexFile(in: folder)) == inode)
    #expect(resource.statuses == [200, 200, 200, 200])
    #expect(resource.asked.allSatisfy { $0.ifNoneMatch == nil && $0.ifModifiedSince == nil })
  }

  @Test("an unreachable server fails as without the index: the kept body never answers alone")
  func unreachableFailsWithoutStaleAnswer() throws {
    let resource = LocalHTTPServer.Resource(body: try bytes("team.ics"), etag: "\"a\"")
    let site = try Site(resource)
    defer { site.close() }
    let (folder, server, url) = (site.folder, site.server, site.url)
    let request = try IndexSupport.request("2024-08")
    _ = try indexed(url, request, folder)
    server.stop()
    var failed = false
    do {
      _ = try indexed(url, request, folder)
    } catch ImportError.unavailable(let source, _) {
      failed = source == FeedLocation.url(url).source
    }
    #expect(failed)
  }

  @Test("the command: the same output, warnings and stats with --index FOLDER/ for a URL")
  func theCommandReadsAURLThroughTheIndex() throws {
    let resource = LocalHTTPServer.Resource(
      body: try bytes("hostile/bad-events.ics"), etag: "\"x\"")
    let site = try Site(resource)
    defer { site.close() }
    let (folder, server) = (site.folder, site.server)
    let arguments = [
      server.url("/feed.ics"), "--month", "2024-08", "--months", "2", "--tz", "Europe/Berlin",
      "--format", "json", "--stats",
    ]
    let plain = try CommandErrorTests.run(arguments)
    #expect(plain.status == 0)
    for _ in 0..<2 {
      let indexed = try CommandErrorTests.run(arguments + ["--index", folder + "/"])
      #expect(indexed.status == plain.status)
      #expect(indexed.stdout == plain.stdout)
      #expect(indexed.stderr == plain.stderr)
    }
    #expect(resource.statuses == [200, 200, 304])
    #expect(plain.stderr.contains(server.url("/feed.ics")))
  }

  @Test("the library: a CalendarSource opened with a folder index takes a URL among its paths")
  func theLibraryReadsAURLThroughTheIndex() throws {
    let resource = LocalHTTPServer.Resource(
      body: try bytes("family.ics"), lastModified: "Mon, 01 Jul 2024 08:00:00 GMT")
    let site = try Site(resource)
    defer { site.close() }
    let (folder, server) = (site.folder, site.server)
    let paths = [server.url("/feed.ics"), TestSupport.sample("team.ics")]
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin")
    let plain = try CalendarSource(
      feeds: paths.map { try Feed(location: FeedLocation(argument: $0)) })
    let indexed = try CalendarSource(contentsOf: paths, index: .folder(folder))
    for month in ["2024-07", "2024-08"] {
      let expected = try plain.layOut(month: month, options: options)
      #expect(try indexed.layOut(month: month, options: options) == expected)
    }
    // Opening fetched the body; each month asked again and was answered 304.
    #expect(resource.statuses.suffix(3) == [200, 304, 304])
  }

  @Test("progress: a fetched body is counted as it is written")
  func progressCountsTheDownload() throws {
    let body = try bytes("family.ics")
    let resource = LocalHTTPServer.Resource(body: body, etag: "\"p\"")
    let site = try Site(resource)
    defer { site.close() }
    let (folder, url) = (site.folder, site.url)
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var counts: [Int] = []
    }
    for expected in [1, 0] {
      let seen = Seen()
      var options = ImportOptions(window: try IndexSupport.request("2024-08").window)
      options.progress = { read, _ in
        seen.lock.lock()
        seen.counts.append(read)
        seen.lock.unlock()
      }
      _ = try URLFeedCache.loadTelling(url: url, options: options, folder: folder)
      // Fetched whole: counted as written (the index reads only the month's events, uncounted);
      // answered 304: nothing to count.
      #expect(seen.counts.filter { $0 == body.count }.count == expected, "\(seen.counts)")
    }
    #expect(resource.statuses == [200, 304])
  }

  @Test("validators no header may carry are not kept: the next fetch is whole")
  func unusableValidatorsAreNotKept() throws {
    for etag in [String(repeating: "x", count: 1_100), "\"a\tb\""] {
      let resource = LocalHTTPServer.Resource(body: try bytes("team.ics"), etag: etag)
      let site = try Site(resource)
      defer { site.close() }
      let (folder, url) = (site.folder, site.url)
      let request = try IndexSupport.request("2024-08")
      let expected = try plain(url, request)
      for _ in 0..<2 {
        let (answer, fromIndex) = try indexed(url, request, folder)
        #expect(fromIndex && answer == expected)
      }
      #expect(resource.statuses == [200, 200, 200])
      #expect(resource.asked.allSatisfy { $0.ifNoneMatch == nil })
    }
  }

  /// Starts the command with `arguments` `count` times at once; their standard outputs, in order.
  private func runTogether(_ arguments: [String], count: Int) throws -> [(Int32, String)] {
    var runs: [(Process, String)] = []
    for n in 0..<count {
      let process = Process()
      process.executableURL = CommandErrorTests.executable
      process.arguments = arguments
      let output = try Scratch.file(named: "together-\(n)").path
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
      process.standardError = FileHandle.nullDevice
      runs.append((process, output))
    }
    for (process, _) in runs { try process.run() }
    return try runs.map { process, output in
      process.waitUntilExit()
      defer { try? FileManager.default.removeItem(atPath: output) }
      return (process.terminationStatus, try String(contentsOfFile: output, encoding: .utf8))
    }
  }

  @Test("four runs at once on one URL and one index folder, while the body changes")
  func concurrentRunsShareTheKeptBody() throws {
    let resource = LocalHTTPServer.Resource(body: try bytes("team.ics"), etag: "\"t\"")
    let site = try Site(resource)
    defer { site.close() }
    let (folder, server) = (site.folder, site.server)
    let arguments = [server.url("/feed.ics"), "--month", "2024-08", "--format", "json"]
    let team = try CommandErrorTests.run(arguments).stdout
    for round in 0..<3 {
      for (n, run) in try runTogether(arguments + ["--index", folder + "/"], count: 4).enumerated()
      {
        #expect(run.0 == 0 && run.1 == team, "round \(round), run \(n)")
      }
    }
    // A new body while a kept one exists: every run answers with the new one.
    resource.change(body: try bytes("family.ics"), etag: "\"f\"", lastModified: nil)
    let family = try CommandErrorTests.run(arguments).stdout
    #expect(family != team)
    for run in try runTogether(arguments + ["--index", folder + "/"], count: 4) {
      #expect(run.0 == 0 && run.1 == family)
    }
    // No temporary file is left behind.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
  }
}
