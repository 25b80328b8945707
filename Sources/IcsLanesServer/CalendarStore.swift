import Foundation
import IcsLanes
import Synchronization

/// One feed as requests see it: its last good load, and how its last refresh went.
struct FeedState: Sendable {
  let served: ServedFeed
  /// The last good load; nil until the first one succeeds.
  var feed: Feed?
  /// When ``feed`` was loaded.
  var loadedAt: Date?
  /// When a refresh was last tried, and what went wrong then (nil: it worked).
  var attemptedAt: Date?
  var lastError: String?
  /// The stamp of the file or folder ``feed`` was read from.
  var stamp: SourceStamp?
  /// A change seen but not loaded yet: loaded once it stays the same for a look and is quiet.
  var pendingStamp: SourceStamp?
  /// The validators of a URL's body.
  var version: FeedVersion?
  /// How long the last load took, in seconds.
  var loadSeconds: Double = 0

  init(_ served: ServedFeed) {
    self.served = served
  }
}

/// Everything one request reads, from one moment: the feeds, the settings and a generation
/// that changes with every swap. A snapshot never changes; a refresh makes a new one.
struct CalendarSnapshot: Sendable {
  let configuration: ServerConfiguration
  let feeds: [FeedState]
  /// Counts the swaps since the server started.
  let generation: UInt64
  /// The loaded feeds, in order, as one source.
  let source: CalendarSource

  init(configuration: ServerConfiguration, feeds: [FeedState], generation: UInt64) {
    self.configuration = configuration
    self.feeds = feeds
    self.generation = generation
    source = CalendarSource(feeds: feeds.compactMap(\.feed))
  }

  /// Whether every feed has a good load (a later refresh may have failed).
  var isReady: Bool { feeds.allSatisfy { $0.feed != nil } }

  /// Whether every feed was tried at least once.
  var isSettled: Bool { feeds.allSatisfy { $0.feed != nil || $0.attemptedAt != nil } }

  /// The names of the loaded calendars, in order.
  var calendarNames: [String] { feeds.compactMap { $0.feed?.name } }
}

/// The current snapshot, swapped whole under a lock: a request sees the feeds before a
/// refresh or after it, never a mix.
final class CalendarStore: Sendable {
  private let state: Mutex<CalendarSnapshot>

  init(_ configuration: ServerConfiguration) {
    state = Mutex(
      CalendarSnapshot(
        configuration: configuration, feeds: configuration.feeds.map(FeedState.init),
        generation: 0))
  }

  /// The snapshot requests read now.
  var current: CalendarSnapshot {
    state.withLock { $0 }
  }

  /// Puts `feed` in place of the feed state for the same served feed, if it is still served.
  func update(_ feed: FeedState) {
    state.withLock { snapshot in
      guard let index = snapshot.feeds.firstIndex(where: { $0.served == feed.served }) else {
        return
      }
      var feeds = snapshot.feeds
      feeds[index] = feed
      snapshot = CalendarSnapshot(
        configuration: snapshot.configuration, feeds: feeds, generation: snapshot.generation + 1)
    }
  }

  /// Takes a new configuration (a SIGHUP's): feeds served before keep their state, new ones
  /// start unloaded, the listening address stays.
  func reconfigure(_ configuration: ServerConfiguration) {
    state.withLock { snapshot in
      var next = configuration
      next.host = snapshot.configuration.host
      next.port = snapshot.configuration.port
      let feeds = next.feeds.map { served in
        snapshot.feeds.first { $0.served == served } ?? FeedState(served)
      }
      snapshot = CalendarSnapshot(
        configuration: next, feeds: feeds, generation: snapshot.generation + 1)
    }
  }
}
