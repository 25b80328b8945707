import Foundation
import IcsLanes
import Logging
import ServiceLifecycle

/// Loads every feed at start, then keeps each fresh off the request path: files and folders
/// are looked at every ``ServerConfiguration/filePollInterval`` (a changed stamp loads them
/// again), URLs are asked again every ``ServerConfiguration/urlRefreshInterval`` with their
/// validators. A load runs on a thread of its own and is swapped into the store whole; one that
/// fails keeps the last good state and records the error.
struct FeedRefresher: Service {
  let store: CalendarStore
  let metrics: ServerMetrics
  let logger: Logger

  func run() async throws {
    await cancelWhenGracefulShutdown {
      await refreshAll(initial: true)
      while !Task.isCancelled {
        let interval = store.current.configuration.filePollInterval
        try? await Task.sleep(for: interval)
        if Task.isCancelled { break }
        await refreshAll(initial: false)
      }
    }
  }

  /// Looks at every feed once, loading those that changed or are due.
  func refreshAll(initial: Bool) async {
    let snapshot = store.current
    for state in snapshot.feeds {
      if Task.isCancelled { return }
      if let next = await refreshed(state, configuration: snapshot.configuration) {
        store.update(next)
      }
    }
  }

  /// The feed's next state, or nil when nothing changed.
  func refreshed(_ state: FeedState, configuration: ServerConfiguration) async -> FeedState? {
    let location = FeedLocation(argument: state.served.location)
    let now = Date()
    var stamp: SourceStamp?
    switch location {
    case .url:
      if let attempted = state.attemptedAt ?? state.loadedAt {
        let interval = configuration.urlRefreshInterval
        let seconds = Double(interval.components.seconds)
        guard now.timeIntervalSince(attempted) >= seconds else { return nil }
      }
    case .file(let path), .folder(let path):
      stamp = SourceStamp.of(path)
      if state.feed != nil, stamp == state.stamp { return nil }
      if state.feed == nil, state.attemptedAt != nil, stamp == state.stamp, stamp != nil {
        return nil
      }
      // A change is read once the file stayed the same for a look and a second: a writer
      // still in the middle of the file (written in place) is never read half way.
      if let stamp, state.attemptedAt != nil, stamp != state.pendingStamp || !stamp.isQuiet {
        guard stamp != state.pendingStamp else { return nil }
        var next = state
        next.pendingStamp = stamp
        return next
      }
    case .standardInput:
      return nil
    }
    return await load(state, stamp: stamp, configuration: configuration)
  }

  /// Loads the feed on a thread of its own and says how it went.
  private func load(_ state: FeedState, stamp: SourceStamp?, configuration: ServerConfiguration)
    async -> FeedState?
  {
    let served = state.served
    var importOptions = ImportOptions()
    importOptions.networkTimeout = configuration.networkTimeout
    let options = importOptions
    let version = state.feed == nil ? nil : state.version
    logger.info(
      "loading feed", metadata: ["feed": "\(served.input.shortName)", "reason": "\(reason(state))"])
    let started = ContinuousClock.now
    let outcome = await Self.offThread { () -> Result<FeedReload, IcsLanesError> in
      do throws(IcsLanesError) {
        return .success(
          try CalendarSource.load(served.input, ifChangedSince: version, options: options))
      } catch {
        return .failure(error)
      }
    }
    let seconds = Self.seconds(ContinuousClock.now - started)
    var next = state
    next.attemptedAt = Date()
    switch outcome {
    case .success(.unchanged):
      next.lastError = nil
      logger.info("feed unchanged", metadata: ["feed": "\(served.input.shortName)"])
    case .success(.loaded(let feed, let newVersion)):
      if let path = Self.watchedPath(served), SourceStamp.of(path) != stamp {
        // Written to while it was read: read again once the writing is over.
        logger.info("feed changed while loading", metadata: ["feed": "\(served.input.shortName)"])
        return nil
      }
      next.feed = feed
      next.loadedAt = next.attemptedAt
      next.lastError = nil
      next.stamp = stamp
      next.version = newVersion
      next.loadSeconds = seconds
      metrics.recordLoad(of: served.input.shortName, seconds: seconds, events: feed.eventsRead)
      logger.info(
        "loaded feed",
        metadata: [
          "feed": "\(served.input.shortName)", "calendar": "\(feed.name)",
          "events": "\(feed.eventsRead)", "seconds": "\(String(format: "%.3f", seconds))",
        ])
    case .failure(let error):
      // The message names the feed by its short name: a URL's path may be a secret.
      next.lastError = error.description.replacingOccurrences(
        of: served.location, with: served.input.shortName)
      next.stamp = stamp
      metrics.recordFailure(of: served.input.shortName)
      logger.error(
        "feed refresh failed",
        metadata: [
          "feed": "\(served.input.shortName)", "error": "\(next.lastError ?? "")",
          "keeping": "\(state.feed == nil ? "nothing" : "the last good load")",
        ])
    }
    return next
  }

  /// The file or folder a feed is read from; nil for a URL.
  static func watchedPath(_ served: ServedFeed) -> String? {
    switch FeedLocation(argument: served.location) {
    case .file(let path), .folder(let path): return path
    default: return nil
    }
  }

  private func reason(_ state: FeedState) -> String {
    state.feed == nil ? (state.attemptedAt == nil ? "start" : "retry") : "changed or due"
  }

  /// Runs `body` on a new thread, keeping the cooperative threads free for requests.
  static func offThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
