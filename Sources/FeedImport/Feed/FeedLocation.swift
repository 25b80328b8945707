import Foundation
import HTTPFetch

/// Where a feed is read from, as a command-line argument names it: standard input (`-`), a
/// URL (`http`, `https`, or `webcal`/`webcals` fetched as `https`), a folder of one-event `.ics`
/// files (one calendar, as vdirsyncer and khal keep it), or a file.
public enum FeedLocation: Sendable, Hashable {
  /// Standard input.
  case standardInput
  /// An `.ics` file.
  case file(String)
  /// A folder holding one calendar as `.ics` files, with optional `displayname` and `color`.
  case folder(String)
  /// An `http` or `https` URL.
  case url(URL)

  /// The location `argument` names: `-`, a URL with a scheme `http`, `https`, `webcal` or
  /// `webcals` (the last two fetched over HTTPS), an existing folder, or else a file.
  public init(argument: String) {
    if argument == "-" {
      self = .standardInput
      return
    }
    if let url = FeedLocation.webURL(argument) {
      self = .url(url)
      return
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      self = .folder(argument)
    } else {
      self = .file(argument)
    }
  }

  /// The URL `text` names when it starts with a web scheme; `webcal` and `webcals` become
  /// `https`.
  static func webURL(_ text: String) -> URL? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon].lowercased()
    let rest = text[colon...]
    let fetched: String
    switch scheme {
    case "http", "https": fetched = scheme
    case "webcal", "webcals": fetched = "https"
    default: return nil
    }
    guard rest.hasPrefix("://"), let url = URL(string: fetched + rest), url.host != nil else {
      return nil
    }
    return url
  }

  /// How messages and the progress line name the feed: the path, `stdin`, or the URL without
  /// its password.
  public var source: String {
    switch self {
    case .standardInput: return "stdin"
    case .file(let path), .folder(let path): return path
    case .url(let url): return FetchFailure.display(url)
    }
  }

  /// The calendar's name when the feed gives none: the file's name without `.ics`, the
  /// folder's name, the URL's last path part without extension (else its host), or `stdin`.
  var fallbackName: String {
    switch self {
    case .standardInput: return "stdin"
    case .file(let path):
      return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    case .folder(let path):
      let name = (path as NSString).lastPathComponent
      return name.isEmpty ? path : name
    case .url(let url):
      let last = url.deletingPathExtension().lastPathComponent
      return last.isEmpty || last == "/" ? (url.host ?? "feed") : last
    }
  }
}
