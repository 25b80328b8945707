import FeedImport
import Foundation
import TOMLKit

/// The user's defaults: `$XDG_CONFIG_HOME/icslanes/config.toml` (else
/// `~/.config/icslanes/config.toml`), or the file `--config` names. Flags override every value.
///
/// ```toml
/// tz = "Europe/Berlin"
/// week-start = "monday"
/// locale = "de_DE"
/// clock = 12         # or 24; default: the locale's
/// width = 100
/// timeout = 20
///
/// [[feed]]
/// path = "~/.calendars/work"   # a file, a folder or a URL
/// name = "Work"
/// color = "#1f77b4"   # or a CSS name, as --color-of takes it
/// ```
struct ConfigFile {
  /// A feed the file lists: laid out when no FEED is given, and named and coloured when the
  /// command line gives the same path.
  struct FeedEntry: Equatable {
    /// The path or URL as written, `~` expanded, relative paths taken from the file's folder.
    var path: String
    /// As written in the file.
    var written: String
    var name: String?
    var color: String?
  }

  /// The file read.
  let path: String
  var feeds: [FeedEntry] = []
  var zone: Setting<String>?
  var weekStart: Setting<String>?
  var locale: Setting<String>?
  var clock: Setting<String>?
  var width: Setting<Int>?
  var timeout: Setting<Double>?

  /// A value and the line it is on, for messages.
  struct Setting<Value> {
    var value: Value
    var line: Int?
  }

  /// `serve` is `icslanes-server`'s table (Docs/server.md), which the layout command passes over.
  static let topKeys: Set<String> = [
    "tz", "week-start", "locale", "clock", "width", "timeout", "feed", "serve",
  ]
  static let feedKeys: Set<String> = ["path", "url", "name", "color"]

  /// The file to read: `explicit` (from `--config`), else the XDG location.
  static func defaultPath(environment: [String: String]) -> String? {
    if let home = environment["XDG_CONFIG_HOME"], home.hasPrefix("/") {
      return home + "/icslanes/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/icslanes/config.toml"
  }

  /// The largest configuration file read: a real one takes a few hundred bytes.
  static let maximumSize = 1 << 20

  /// Reads the file at `path`; nil when it does not exist and was not asked for by name.
  static func load(path: String, required: Bool, home: String?) throws(CommandFailure)
    -> ConfigFile?
  {
    // Never read what cannot be a configuration file: a device or FIFO (which could block), or
    // a file over `maximumSize` (which the TOML parser would take long and much memory to
    // reject).
    var status = stat()
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG where status.st_size > ConfigFile.maximumSize:
        throw failure(path, nil, "larger than 1 MiB; not a configuration file")
      case S_IFREG, S_IFDIR:
        break
      default:
        throw failure(path, nil, "cannot read the configuration file: not a regular file")
      }
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      if !exists && !required { return nil }
      throw CommandFailure(
        message: "\(path): cannot read the configuration file"
          + (exists ? (isDirectory.boolValue ? ": is a directory" : "") : ": no such file"),
        code: exists ? ExitCodes.config : ExitCodes.noInput)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw failure(path, nil, "not UTF-8 text")
    }
    return try ConfigFile(path: path, text: text, home: home)
  }

  /// Parses `text`, the contents of the file at `path`.
  init(path: String, text: String, home: String?) throws(CommandFailure) {
    self.path = path
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw ConfigFile.failure(path, error.source.begin.line, error.description)
    } catch {
      throw ConfigFile.failure(path, nil, "not TOML: \(error)")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func line(of key: String, from start: Int = 0) -> Int? {
      ConfigFile.line(of: key, in: lines, from: start)
    }
    for key in table.keys.sorted() where !ConfigFile.topKeys.contains(key) {
      throw ConfigFile.failure(
        path, line(of: key),
        "unknown key \"\(key)\": use tz, week-start, locale, clock, width, timeout or [[feed]]")
    }
    func string(_ key: String) throws(CommandFailure) -> Setting<String>? {
      guard let value = table[key] else { return nil }
      guard let text = value.string else {
        throw ConfigFile.failure(path, line(of: key), "\(key) must be a string")
      }
      return Setting(value: text, line: line(of: key))
    }
    zone = try string("tz")
    weekStart = try string("week-start")
    locale = try string("locale")
    // `clock = 12` or `clock = "12"`: the number as its text, checked with the flag's values.
    if let value = table["clock"], let number = value.int {
      clock = Setting(value: String(number), line: line(of: "clock"))
    } else {
      clock = try string("clock")
    }
    if let value = table["width"] {
      guard let number = value.int else {
        throw ConfigFile.failure(path, line(of: "width"), "width must be a whole number")
      }
      width = Setting(value: number, line: line(of: "width"))
    }
    if let value = table["timeout"] {
      guard let number = value.double ?? value.int.map(Double.init) else {
        throw ConfigFile.failure(path, line(of: "timeout"), "timeout must be a number of seconds")
      }
      timeout = Setting(value: number, line: line(of: "timeout"))
    }
    if let value = table["feed"] {
      feeds = try ConfigFile.feedEntries(value, path: path, lines: lines, home: home)
    }
  }

  /// The `[[feed]]` tables of the file at `path` (whose lines are `lines`), each checked.
  static func feedEntries(
    _ value: any TOMLValueConvertible, path: String, lines: [String], home: String?
  ) throws(CommandFailure) -> [FeedEntry] {
    func line(of key: String, from start: Int = 0) -> Int? {
      ConfigFile.line(of: key, in: lines, from: start)
    }
    var entries: [FeedEntry] = []
    guard let array = value.array else {
      throw ConfigFile.failure(
        path, line(of: "[[feed]]"), "feed must be a list of tables: write [[feed]] sections")
    }
    var searchFrom = 0
    for (index, element) in array.enumerated() {
      let sectionLine = ConfigFile.line(of: "[[feed]]", in: lines, from: searchFrom)
      searchFrom = sectionLine ?? searchFrom
      let label = "feed \(index + 1)"
      guard let entry = element.table else {
        throw ConfigFile.failure(path, sectionLine, "\(label) must be a table: write [[feed]]")
      }
      for key in entry.keys.sorted() where !ConfigFile.feedKeys.contains(key) {
        throw ConfigFile.failure(
          path, line(of: key, from: searchFrom) ?? sectionLine,
          "\(label): unknown key \"\(key)\": use path, name or color")
      }
      guard let written = (entry["path"] ?? entry["url"])?.string, !written.isEmpty else {
        throw ConfigFile.failure(
          path, sectionLine, "\(label) needs path = \"…\" (a file, folder or URL)")
      }
      var feed = FeedEntry(
        path: ConfigFile.resolve(
          written, base: (path as NSString).deletingLastPathComponent, home: home),
        written: written)
      if let value = entry["name"] {
        guard let name = value.string, !name.isEmpty else {
          throw ConfigFile.failure(
            path, line(of: "name", from: searchFrom), "\(label): name must be a string")
        }
        feed.name = name
      }
      if let value = entry["color"] {
        guard let text = value.string else {
          throw ConfigFile.failure(
            path, line(of: "color", from: searchFrom), "\(label): color must be a string")
        }
        guard let color = ColorValue.hex(text) else {
          throw ConfigFile.failure(
            path, line(of: "color", from: searchFrom),
            "\(label): color \"\(text)\" is not a colour: \(ColorValue.forms)")
        }
        feed.color = color
      }
      entries.append(feed)
    }
    return entries
  }

  /// The line (from 1) where `key =` (or the section header `key`) first appears at or after
  /// line index `start`.
  static func line(of key: String, in lines: [String], from start: Int) -> Int? {
    guard start < lines.count else { return nil }
    for index in start..<lines.count {
      let text = lines[index].trimmingCharacters(in: .whitespaces)
      if key.hasPrefix("[") {
        if text.hasPrefix(key) { return index + 1 }
        continue
      }
      for form in [key, "\"\(key)\""] where text.hasPrefix(form) {
        let rest = text.dropFirst(form.count).drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("=") { return index + 1 }
      }
    }
    return nil
  }

  /// `~/x` from `home`; a relative path from the configuration file's folder; URLs unchanged.
  static func resolve(_ written: String, base: String, home: String?) -> String {
    if case .url = FeedLocation(argument: written) { return written }
    if written == "~" || written.hasPrefix("~/"), let home {
      return home + written.dropFirst()
    }
    if written.hasPrefix("/") || written == "-" { return written }
    return base.isEmpty ? written : base + "/" + written
  }

  /// A failure naming the file and the line.
  static func failure(_ path: String, _ line: Int?, _ message: String) -> CommandFailure {
    CommandFailure(
      message: "\(path)\(line.map { ":\($0)" } ?? ""): \(message)", code: ExitCodes.config)
  }

  /// The entry for a feed given on the command line, when the file lists the same one.
  func entry(for argument: String) -> FeedEntry? {
    feeds.first { $0.written == argument || $0.path == argument }
  }
}
