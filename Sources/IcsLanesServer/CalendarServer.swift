import Foundation
import Hummingbird
import HummingbirdCore
import IcsLanes
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The live month pages and JSON API: `GET /` and `/YYYY-MM` (pages with navigation),
/// `/api/v1/months/YYYY-MM` (the `icslanes.layout/1` JSON, the command's bytes),
/// `/api/v1/calendars`, `/healthz` and `/metrics`, over feeds kept in memory and refreshed off
/// the request path.
///
/// A `Service`: run it in a `ServiceGroup` (or ``runUntilSignalled()``), and it stops on the
/// group's graceful shutdown, letting requests in flight finish.
public struct CalendarServer: Service {
  private let store: CalendarStore
  private let metrics = ServerMetrics()
  private let logger: Logger
  private let reload: (@Sendable () throws -> ServerConfiguration)?
  private let onListening: @Sendable (Int) async -> Void

  /// A server of `configuration`'s feeds. `reload`, when given, is called on SIGHUP for the
  /// configuration to take (the listening address stays); `onListening` is told the port bound.
  public init(
    configuration: ServerConfiguration, logger: Logger,
    reload: (@Sendable () throws -> ServerConfiguration)? = nil,
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) {
    store = CalendarStore(configuration)
    self.logger = logger
    self.reload = reload
    self.onListening = onListening
  }

  /// Loads the feeds, listens and answers until the service group shuts down gracefully.
  public func run() async throws {
    let configuration = store.current.configuration
    let responder = ServerResponder(
      store: store, metrics: metrics, cache: ResponseCache(budget: configuration.responseCacheBytes)
    )
    let http = HTTP1Channel.Configuration(
      idleTimeout: TimeAmount.nanoseconds(
        Int64(FeedRefresher.seconds(configuration.idleTimeout) * 1e9)),
      httpDecoderConfiguration: .init(
        maxHeaderFieldSize: 8 << 10, maxHeaderListSize: 32 << 10, maxHeaderFieldCount: 100))
    var services: [any Service] = [FeedRefresher(store: store, metrics: metrics, logger: logger)]
    if let reload {
      services.append(ConfigurationReloader(store: store, reload: reload, logger: logger))
    }
    let logger = self.logger
    let onListening = self.onListening
    let host = configuration.host
    let application = Application(
      responder: responder, server: .http1(configuration: http),
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: configuration.port), serverName: "icslanes"),
      services: services,
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        logger.info("listening", metadata: ["address": "http://\(host):\(port)/"])
        await onListening(port)
      },
      logger: logger)
    if !configuration.isLoopback, configuration.authentication == .none {
      logger.warning(
        "listening beyond loopback without authentication: set token or user and password in [serve]",
        metadata: ["host": "\(host)"])
    }
    try await application.run()
  }

  /// Runs the server until SIGTERM or SIGINT, which let requests in flight finish.
  public func runUntilSignalled() async throws {
    let group = ServiceGroup(
      configuration: .init(
        services: [self], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
  }
}

/// Takes a new configuration on SIGHUP.
struct ConfigurationReloader: Service {
  let store: CalendarStore
  let reload: @Sendable () throws -> ServerConfiguration
  let logger: Logger

  func run() async throws {
    let signals = await UnixSignalsSequence(trapping: .sighup)
    for await _ in signals.cancelOnGracefulShutdown() {
      do {
        let configuration = try reload()
        store.reconfigure(configuration)
        logger.info("configuration reloaded", metadata: ["feeds": "\(configuration.feeds.count)"])
      } catch {
        logger.error(
          "configuration not reloaded; keeping the one in use", metadata: ["error": "\(error)"])
      }
    }
  }
}
