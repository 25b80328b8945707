import ArgumentParser
import CMallocTuning
import Foundation
import IcsLanes
import IcsLanesServer
import Logging

/// `icslanes-server [serve] [FEED…]`: the live month pages and JSON API.
@main
struct ServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icslanes-server",
    abstract: "Serve live month pages and the icslanes.layout/1 JSON of iCalendar feeds.",
    subcommands: [Serve.self], defaultSubcommand: Serve.self)
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the feeds' months: GET / and /YYYY-MM (pages), /api/v1/months/YYYY-MM (JSON).",
    discussion: """
      Feeds are loaded once and kept fresh: files and folders are looked at every 2 seconds, \
      URLs asked again every 5 minutes with their validators. SIGTERM and SIGINT stop after the \
      requests in flight; SIGHUP reads the configuration file again. See Docs/server.md.
      """)

  @Argument(
    help: ArgumentHelp(
      "iCalendar feeds: .ics files, folders of .ics files, or http(s):// or webcal:// URLs. Default: the configuration file's [[feed]]s.",
      valueName: "feed"))
  var feeds: [String] = []

  @Option(
    help: ArgumentHelp(
      "Configuration file (default: $XDG_CONFIG_HOME/icslanes/config.toml).", valueName: "file"))
  var config: String?

  @Flag(help: "Read no configuration file.")
  var noConfig = false

  @Option(
    help: ArgumentHelp(
      "Address and port to listen on (default 127.0.0.1:8080).", valueName: "host:port"))
  var listen: String?

  @Option(help: "Display time zone of requests without tz (IANA name). Default: the system's zone.")
  var tz: String?

  @Option(help: "First day of the week of requests without weekStart: sunday … saturday.")
  var weekStart: String?

  @Option(help: "Locale of the pages' month and weekday names, e.g. de_DE.")
  var locale: String?

  @Option(help: "Seconds a URL may stay silent before its fetch fails (default 30).")
  var timeout: Double?

  @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
  var logLevel: String = "info"

  func run() async throws {
    // Big blocks (a month's JSON, a feed's text) from mmap, returned to the system when freed,
    // so that resident memory follows what is in use rather than its peak.
    _ = icslanes_fix_mmap_threshold(256 * 1024)
    guard let level = Logger.Level(rawValue: logLevel) else {
      throw ValidationError(
        "--log-level \"\(logLevel)\" is not a level: use debug, info or warning")
    }
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    var logger = Logger(label: "icslanes.server")
    logger.logLevel = level
    let configuration: ServerConfiguration
    do {
      configuration = try settings()
    } catch let failure as ServerFailure {
      throw ValidationError(failure.description)
    }
    let command = self
    let server = CalendarServer(
      configuration: configuration, logger: logger,
      reload: { () throws -> ServerConfiguration in try command.settings() })
    try await server.runUntilSignalled()
  }

  /// The server's configuration: flags first, then the configuration file, then defaults.
  func settings() throws -> ServerConfiguration {
    let environment = ProcessInfo.processInfo.environment
    var file: ServerConfigFile?
    if !noConfig {
      if let config {
        file = try ServerConfigFile.load(path: config, required: true, home: environment["HOME"])
      } else if let path = ServerConfigFile.defaultPath(environment: environment) {
        file = try ServerConfigFile.load(path: path, required: false, home: environment["HOME"])
      }
    }
    var served: [ServedFeed]
    if feeds.isEmpty {
      served = file?.feeds ?? []
      guard !served.isEmpty else {
        throw ServerFailure(
          "no feed given: name .ics files, folders or URLs, or list [[feed]]s in the configuration file"
        )
      }
    } else {
      served = feeds.map { argument in
        let entry = file?.feeds.first { $0.location == argument }
        return ServedFeed(argument, name: entry?.name, color: entry?.color)
      }
    }
    if served.contains(where: { $0.location == "-" }) {
      throw ServerFailure("standard input cannot be served: name a file, folder or URL")
    }
    var configuration = ServerConfiguration(feeds: served)
    let (host, port) = try Self.address(listen ?? file?.listen ?? "127.0.0.1:8080")
    configuration.host = host
    configuration.port = port
    if let name = tz ?? file?.zone {
      guard DisplayZone(named: name) != nil else {
        throw ServerFailure(
          "tz \"\(name)\" is not a known time zone: use an IANA name such as Europe/Berlin")
      }
      configuration.zoneName = name
    }
    if let text = weekStart {
      guard let day = Weekday(name: text) else {
        throw ServerFailure("--week-start \"\(text)\" is not a weekday: use sunday … saturday")
      }
      configuration.weekStart = day
    } else if let day = file?.weekStart {
      configuration.weekStart = day
    }
    if let identifier = locale ?? file?.locale {
      guard let names = CalendarNames(locale: identifier) else {
        throw ServerFailure("locale \"\(identifier)\" has no locale data: use e.g. de_DE or ja_JP")
      }
      configuration.names = names
    }
    if let seconds = timeout ?? file?.timeout {
      guard seconds > 0, seconds <= 86_400 else {
        throw ServerFailure("--timeout must be more than 0 and at most 86400 seconds")
      }
      configuration.networkTimeout = seconds
    }
    configuration.authentication = file?.authentication ?? .none
    if let poll = file?.poll { configuration.filePollInterval = .milliseconds(Int64(poll * 1000)) }
    if let refresh = file?.refresh {
      configuration.urlRefreshInterval = .milliseconds(Int64(refresh * 1000))
    }
    return configuration
  }

  /// `host:port`, `[v6]:port` or `:port` (loopback).
  static func address(_ text: String) throws -> (String, Int) {
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (0...65_535).contains(port)
    else {
      throw ServerFailure("--listen \"\(text)\" is not host:port, e.g. 127.0.0.1:8080")
    }
    var host = String(text[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    return (host.isEmpty ? "127.0.0.1" : host, port)
  }
}
