import FeedImport
import Foundation

/// One feed of a ``LayoutRequest``: where it is read from, and the calendar name and colour
/// given for it (from a configuration file, say), which win over the feed's own.
public struct FeedInput: Sendable {
  /// Where the feed's bytes come from.
  public enum Content: Sendable {
    /// A file, a folder of `.ics` files, an `http(s)://` or `webcal://` URL, or `-` for
    /// standard input, as a command-line argument names it (see `FeedLocation`).
    case location(String)
    /// Bytes in memory; the name names the feed in messages, and is its calendar name when it
    /// has no X-WR-CALNAME.
    case bytes([UInt8], name: String)
  }

  /// Where the feed's bytes come from.
  public var content: Content
  /// The calendar's name, over the feed's X-WR-CALNAME and a folder's `displayname`.
  public var name: String?
  /// The calendar's colour (`#rrggbb`), over the feed's own and a folder's `color` file.
  public var color: String?

  /// The feed at `location`: a file, a folder of `.ics` files, a URL, or `-` for standard input.
  public init(_ location: String, name: String? = nil, color: String? = nil) {
    content = .location(location)
    self.name = name
    self.color = color
  }

  /// A feed held in memory as bytes; `source` names it in messages.
  public init(bytes: [UInt8], source: String = "feed", name: String? = nil, color: String? = nil) {
    content = .bytes(bytes, name: source)
    self.name = name
    self.color = color
  }

  /// A feed held in memory as iCalendar text; `source` names it in messages.
  public init(text: String, source: String = "feed", name: String? = nil, color: String? = nil) {
    self.init(bytes: Array(text.utf8), source: source, name: name, color: color)
  }

  /// The text that names the feed in an ``IcsLanesError/feed(source:error:)``: the location as
  /// given, or the name given for bytes.
  public var source: String {
    switch content {
    case .location(let argument): return argument
    case .bytes(_, let name): return name
    }
  }

  /// The short name progress reports use: a file's or folder's last path component, a URL's
  /// host and last path component, `stdin`, or the name given for bytes.
  public var shortName: String {
    switch content {
    case .bytes(_, let name): return name
    case .location(let argument):
      let location = FeedLocation(argument: argument)
      switch location {
      case .url(let url):
        let last = url.lastPathComponent
        return (url.host ?? location.source) + (last.isEmpty || last == "/" ? "" : "/" + last)
      default:
        return argument == "-" ? "stdin" : (argument as NSString).lastPathComponent
      }
    }
  }
}
