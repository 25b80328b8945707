import FeedImport
import Foundation
import HTTPFetch

/// A URL feed's version as its server named it: the `ETag` and `Last-Modified` sent with the
/// body last read. Handed back to ``CalendarSource/load(_:ifChangedSince:options:)``, it lets
/// the server answer 304 Not Modified instead of sending the body again.
public struct FeedVersion: Sendable, Hashable {
  /// The entity tag, quotes and `W/` included; nil when the server sent none.
  public var etag: String?
  /// The `Last-Modified` date as the server wrote it; nil when it sent none.
  public var lastModified: String?

  /// A version of these validators.
  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }
}

/// What ``CalendarSource/load(_:ifChangedSince:options:)`` found.
public enum FeedReload: Sendable {
  /// The server said the body of the version given is current (304): keep the feed loaded.
  case unchanged
  /// The feed, loaded whole, every event read (no window), and the version of a URL's body
  /// (nil for files and folders, and for a server that sends no validators).
  case loaded(Feed, version: FeedVersion?)
}

extension CalendarSource {
  /// Loads the feed `input` for every month (without a window), as a program that keeps feeds
  /// in memory does: a URL is asked whether its body changed since `version`
  /// (`If-None-Match`, `If-Modified-Since`), and ``FeedReload/unchanged`` comes back on 304
  /// Not Modified; a file or folder is read whole. The calendar name and colour given in
  /// `input` win over the feed's own, as in a layout request.
  ///
  /// - Throws: ``IcsLanesError/feed(source:error:)`` when the feed cannot be fetched or read.
  public static func load(
    _ input: FeedInput, ifChangedSince version: FeedVersion? = nil,
    options: ImportOptions = ImportOptions()
  ) throws(IcsLanesError) -> FeedReload {
    var options = options
    options.window = nil
    options.calendarName = input.name
    options.calendarColor = input.color
    do {
      switch input.content {
      case .bytes(let bytes, let name):
        return .loaded(try Feed(bytes: bytes, name: name, options: options), version: nil)
      case .location(let argument):
        let location = FeedLocation(argument: argument)
        guard case .url(let url) = location else {
          return .loaded(try Feed(location: location, options: options), version: nil)
        }
        return try fetch(url, as: location, since: version, options: options)
      }
    } catch {
      throw .feed(source: input.source, error: error)
    }
  }

  /// Fetches `url` into a temporary file, sending `version`'s validators, and loads the body.
  private static func fetch(
    _ url: URL, as location: FeedLocation, since version: FeedVersion?, options: ImportOptions
  ) throws(ImportError) -> FeedReload {
    let temporary =
      NSTemporaryDirectory() + "/icslanes-fetch-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      // No temporary file: the URL is read as a layout reads it, without validators.
      return .loaded(try Feed(location: location, options: options), version: nil)
    }
    defer {
      close(descriptor)
      unlink(temporary)
    }
    let cached = HTTPValidators(etag: version?.etag, lastModified: version?.lastModified)
    let outcome: HTTPDownload.Outcome
    do {
      outcome = try HTTPDownload.fetch(
        url: url, source: location.source, timeout: options.networkTimeout, cached: cached,
        into: descriptor, progress: options.progress)
    } catch {
      throw ImportError(error)
    }
    switch outcome {
    case .notModified:
      return .unchanged
    case .notWritten:
      return .loaded(try Feed(location: location, options: options), version: nil)
    case .downloaded(let validators):
      let feed = try Feed(contentsOf: temporary, as: location, options: options)
      let version =
        validators.isEmpty
        ? nil : FeedVersion(etag: validators.etag, lastModified: validators.lastModified)
      return .loaded(feed, version: version)
    }
  }
}
