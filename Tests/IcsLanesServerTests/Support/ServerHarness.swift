import AsyncHTTPClient
import Foundation
import IcsLanes
import IcsLanesServer
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import Testing

/// A real server on 127.0.0.1 and a port of its own, in the test process, and a real HTTP
/// client to ask it.
final class ServerHarness: Sendable {
  let port: Int
  private let group: ServiceGroup
  private let task: Task<Void, any Error>

  /// Starts a server of `configuration` (its port replaced by 0) and waits until it listens
  /// and, when `ready`, until every feed is loaded.
  init(_ configuration: ServerConfiguration, ready: Bool = true) async throws {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    configuration.port = 0
    var logger = Logger(label: "icslanes.server.test")
    logger.logLevel = .warning
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let server = CalendarServer(
      configuration: configuration, logger: logger,
      onListening: { port in continuation.yield(port) })
    let group = ServiceGroup(
      configuration: .init(services: [server], gracefulShutdownSignals: [], logger: logger))
    self.group = group
    task = Task { try await group.run() }
    var found: Int?
    for await port in ports {
      found = port
      break
    }
    port = try #require(found)
    if ready { try await waitUntilReady() }
  }

  /// Waits (at most 30 s) for `/healthz` to answer 200.
  func waitUntilReady() async throws {
    for _ in 0..<600 {
      if try await get("/healthz").status == 200 { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the server did not become ready")
  }

  /// Stops the server and waits for it.
  func stop() async {
    await group.triggerGracefulShutdown()
    _ = try? await task.value
  }

  /// The client of every test: gzip bodies decoded (without a ratio limit: a month's JSON
  /// packs tighter than AsyncHTTPClient's default allows), redirects not followed.
  static let client = HTTPClient(
    eventLoopGroupProvider: .singleton,
    configuration: .init(redirectConfiguration: .disallow, decompression: .enabled(limit: .none)))

  /// What a request got back.
  struct Reply: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? {
      headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
  }

  /// `GET target` (a path and query, sent as written), with `headers`.
  func get(_ target: String, headers: [(String, String)] = [], method: HTTPMethod = .GET)
    async throws -> Reply
  {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(target)")
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    let response = try await Self.client.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 64 << 20)
    return Reply(
      status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
      body: Array(body.readableBytesView))
  }
}

/// The repository's files.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func sample(_ name: String) -> String {
    root.appendingPathComponent("Samples/\(name)").path
  }

  /// A built executable of the package (`icslanes`, `icslanes-server`) beside the test bundle.
  static func binary(_ name: String) throws -> URL {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent(name))
        directory = directory.deletingLastPathComponent()
      }
    }
    candidates.append(root.appendingPathComponent(".build/debug/\(name)"))
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "\(name) not found; looked at \(candidates.map(\.path))")
  }

  /// Runs `icslanes arguments` and returns its standard output.
  static func command(_ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = try binary("icslanes")
    process.arguments = arguments + ["--no-config"]
    process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "icslanes \(arguments) failed")
    return Array(data)
  }
}
