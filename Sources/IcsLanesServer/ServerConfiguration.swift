import Foundation
import IcsLanes

/// One feed the server keeps loaded: a file, a folder of `.ics` files or a URL, as a layout's
/// feed argument names it, with the calendar name and colour given for it (from the
/// configuration file), which win over the feed's own.
public struct ServedFeed: Sendable, Hashable {
  /// The path or URL, as `FeedLocation(argument:)` reads it.
  public var location: String
  /// The calendar's name, over the feed's X-WR-CALNAME and a folder's `displayname`.
  public var name: String?
  /// The calendar's colour (`#rrggbb`), over the feed's own.
  public var color: String?

  /// The feed at `location`, named and coloured as given (nil keeps the feed's own).
  public init(_ location: String, name: String? = nil, color: String? = nil) {
    self.location = location
    self.name = name
    self.color = color
  }

  /// The feed as a layout request takes it.
  public var input: FeedInput {
    FeedInput(location, name: name, color: color)
  }
}

/// Who may ask the server: nobody needs to prove anything, a bearer token, or a user name and
/// password (HTTP basic authentication). `/healthz` is always open.
public enum ServerAuthentication: Sendable, Hashable {
  /// Anyone may ask (the default, for a server on loopback).
  case none
  /// `Authorization: Bearer TOKEN`.
  case bearer(token: String)
  /// `Authorization: Basic …` with this user and password.
  case basic(user: String, password: String)
}

/// Everything the server needs: its feeds, where it listens, the view defaults for requests
/// that do not set them, who may ask and how often feeds are looked at again.
public struct ServerConfiguration: Sendable {
  /// The feeds, merged in every month in this order.
  public var feeds: [ServedFeed]
  /// The address to bind: 127.0.0.1 unless told otherwise.
  public var host = "127.0.0.1"
  /// The port; 0 takes any free one (the tests do).
  public var port = 8080
  /// The display zone of requests without `tz`; nil is the system's zone.
  public var zoneName: String?
  /// The first weekday of requests without `weekStart`.
  public var weekStart: Weekday = .sunday
  /// The month and weekday names of the pages.
  public var names: CalendarNames = .english
  /// Who may ask.
  public var authentication: ServerAuthentication = .none
  /// How often files and folders are checked for a change (mtime, size, inode).
  public var filePollInterval: Duration = .seconds(2)
  /// How often URLs are asked again (with `If-None-Match` and `If-Modified-Since`).
  public var urlRefreshInterval: Duration = .seconds(300)
  /// Seconds a URL may stay silent before its fetch fails.
  public var networkTimeout: Double = 30
  /// A connection that sends nothing for this long is closed.
  public var idleTimeout: Duration = .seconds(30)
  /// The most bytes of answers kept for requests asked again (each counted twice, for its
  /// gzip form); 0 keeps none.
  public var responseCacheBytes = 16 << 20

  /// A configuration of `feeds` with every other setting at its default.
  public init(feeds: [ServedFeed]) {
    self.feeds = feeds
  }

  /// Whether ``host`` is a loopback address, which needs no authentication.
  public var isLoopback: Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }
}
