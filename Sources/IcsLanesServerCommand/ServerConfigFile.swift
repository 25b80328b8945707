import Foundation
import IcsLanes
import IcsLanesServer
import TOMLKit

/// The configuration file as the server reads it: the command's file (`tz`, `week-start`,
/// `locale`, `timeout`, `[[feed]]`; `width` is the text grid's and not used here) and a
/// `[serve]` table of the server's own settings:
///
/// ```toml
/// [serve]
/// listen = "0.0.0.0:8080"   # 127.0.0.1:8080 unless set here or by --listen
/// token = "…"               # a bearer token; or user = "…" and password = "…"
/// poll = 2                  # seconds between looks at files and folders
/// refresh = 300             # seconds between asks of a URL
/// ```
struct ServerConfigFile {
  var feeds: [ServedFeed] = []
  var zone: String?
  var weekStart: Weekday?
  var locale: String?
  var timeout: Double?
  var listen: String?
  var authentication: ServerAuthentication = .none
  var poll: Double?
  var refresh: Double?

  static let topKeys: Set<String> = [
    "tz", "week-start", "locale", "width", "timeout", "feed", "serve",
  ]
  static let feedKeys: Set<String> = ["path", "url", "name", "color"]
  static let serveKeys: Set<String> = ["listen", "token", "user", "password", "poll", "refresh"]

  /// The file's path when none is named: `$XDG_CONFIG_HOME/icslanes/config.toml`, else
  /// `~/.config/icslanes/config.toml`.
  static func defaultPath(environment: [String: String]) -> String? {
    if let home = environment["XDG_CONFIG_HOME"], home.hasPrefix("/") {
      return home + "/icslanes/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/icslanes/config.toml"
  }

  /// Reads the file at `path`; nil when it does not exist and was not named.
  static func load(path: String, required: Bool, home: String?) throws -> ServerConfigFile? {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw ServerFailure("\(path): not a regular file")
      }
      guard status.st_size <= 1 << 20 else {
        throw ServerFailure("\(path): larger than 1 MiB; not a configuration file")
      }
    } else if !required {
      return nil
    }
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      throw ServerFailure("\(path): cannot read the configuration file")
    }
    return try ServerConfigFile(path: path, text: text, home: home)
  }

  init(path: String, text: String, home: String?) throws {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw ServerFailure("\(path):\(error.source.begin.line): \(error.description)")
    }
    for key in table.keys.sorted() where !Self.topKeys.contains(key) {
      throw ServerFailure("\(path): unknown key \"\(key)\"")
    }
    zone = try Self.string(table, "tz", path)
    if let name = try Self.string(table, "week-start", path) {
      guard let day = Weekday(name: name) else {
        throw ServerFailure(
          "\(path): week-start \"\(name)\" is not a weekday: use sunday … saturday")
      }
      weekStart = day
    }
    locale = try Self.string(table, "locale", path)
    timeout = try Self.seconds(table, "timeout", path)
    if let value = table["feed"] {
      guard let array = value.array else {
        throw ServerFailure("\(path): feed must be a list of tables: write [[feed]] sections")
      }
      for (index, element) in array.enumerated() {
        guard let entry = element.table else {
          throw ServerFailure("\(path): feed \(index + 1) must be a table: write [[feed]]")
        }
        feeds.append(try Self.feed(entry, number: index + 1, path: path, home: home))
      }
    }
    if let value = table["serve"] {
      guard let serve = value.table else {
        throw ServerFailure("\(path): serve must be a table: write [serve]")
      }
      try readServe(serve, path: path)
    }
  }

  private mutating func readServe(_ serve: TOMLTable, path: String) throws {
    for key in serve.keys.sorted() where !Self.serveKeys.contains(key) {
      throw ServerFailure(
        "\(path): [serve]: unknown key \"\(key)\": use listen, token, user, password, poll or refresh"
      )
    }
    listen = try Self.string(serve, "listen", path)
    poll = try Self.seconds(serve, "poll", path)
    refresh = try Self.seconds(serve, "refresh", path)
    let token = try Self.string(serve, "token", path)
    let user = try Self.string(serve, "user", path)
    let password = try Self.string(serve, "password", path)
    switch (token, user, password) {
    case (nil, nil, nil):
      authentication = .none
    case (let token?, nil, nil) where !token.isEmpty:
      authentication = .bearer(token: token)
    case (nil, let user?, let password?)
    where !user.isEmpty && !user.contains(":") && !password.isEmpty:
      authentication = .basic(user: user, password: password)
    default:
      throw ServerFailure(
        "\(path): [serve]: give token, or user (without a colon) and password, not empty")
    }
  }

  private static func feed(_ entry: TOMLTable, number: Int, path: String, home: String?) throws
    -> ServedFeed
  {
    for key in entry.keys.sorted() where !feedKeys.contains(key) {
      throw ServerFailure(
        "\(path): feed \(number): unknown key \"\(key)\": use path, name or color")
    }
    guard let written = (entry["path"] ?? entry["url"])?.string, !written.isEmpty else {
      throw ServerFailure("\(path): feed \(number) needs path = \"…\" (a file, folder or URL)")
    }
    var feed = ServedFeed(
      resolve(written, base: (path as NSString).deletingLastPathComponent, home: home))
    feed.name = try string(entry, "name", path)
    if let text = try string(entry, "color", path) {
      guard let color = Feed.normalizedColor(text) else {
        throw ServerFailure("\(path): feed \(number): color must be a colour written #rrggbb")
      }
      feed.color = color
    }
    return feed
  }

  /// `~/x` from `home`; a relative path from the configuration file's folder; URLs unchanged.
  static func resolve(_ written: String, base: String, home: String?) -> String {
    if case .url = FeedLocation(argument: written) { return written }
    if written == "~" || written.hasPrefix("~/"), let home { return home + written.dropFirst() }
    if written.hasPrefix("/") { return written }
    return base.isEmpty ? written : base + "/" + written
  }

  private static func string(_ table: TOMLTable, _ key: String, _ path: String) throws -> String? {
    guard let value = table[key] else { return nil }
    guard let text = value.string else { throw ServerFailure("\(path): \(key) must be a string") }
    return text
  }

  private static func seconds(_ table: TOMLTable, _ key: String, _ path: String) throws -> Double? {
    guard let value = table[key] else { return nil }
    guard let number = value.double ?? value.int.map(Double.init), number > 0, number <= 86_400
    else {
      throw ServerFailure(
        "\(path): \(key) must be a number of seconds, more than 0 and at most 86400")
    }
    return number
  }
}

/// A reason the server cannot start, said in one line.
struct ServerFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) {
    self.description = description
  }
}
