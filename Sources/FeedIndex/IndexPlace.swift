import Foundation

/// Where a feed's index file is kept: in a folder, named after the feed's path, or in one
/// file given for it.
package enum IndexPlace: Sendable, Equatable {
  /// A folder holding one index per feed, created when missing.
  case folder(String)
  /// This file (for one feed).
  case file(String)

  /// The folder of `--index auto`: `$XDG_CACHE_HOME/icslanes`, else `~/.cache/icslanes`.
  package static func automatic(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> IndexPlace {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return .folder(cache + "/icslanes")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return .folder(home + "/.cache/icslanes")
  }

  /// The place an `--index` argument names: `auto`, a folder (one that exists, or a path
  /// ending in `/`), or else a file.
  package init(argument: String) {
    if argument == "auto" {
      self = IndexPlace.automatic()
      return
    }
    var isDirectory: ObjCBool = false
    if argument.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      self = .folder(argument)
    } else {
      self = .file(argument)
    }
  }

  /// Whether the user named the index file itself (``file(_:)``): what is there is built over
  /// only when it is empty or an icslanes index.
  var namedByUser: Bool {
    if case .file = self { return true }
    return false
  }

  /// The index file for the feed whose canonical path is `feedPath`.
  func indexFile(for feedPath: String) -> String {
    switch self {
    case .file(let path):
      return path
    case .folder(let folder):
      let name = ((feedPath as NSString).lastPathComponent as NSString).deletingPathExtension
      let safe = String(
        name.unicodeScalars.prefix(40).map { scalar -> Character in
          let allowed =
            CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar)
          return allowed && scalar.isASCII ? Character(scalar) : "_"
        })
      let tag = String(UInt64(bitPattern: IndexPlace.stableHash(feedPath)), radix: 16)
      return (folder as NSString).appendingPathComponent("\(safe)-\(tag).icslanes-index")
    }
  }

  /// A hidden temporary file beside `file`, named after it and unique to this process and call:
  /// what is written there is renamed over `file` when whole, so readers never see half of it.
  static func temporaryFile(beside file: String) -> String {
    let folder = (file as NSString).deletingLastPathComponent
    let name = (file as NSString).lastPathComponent
    return (folder.isEmpty ? "" : folder + "/")
      + ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
  }

  /// FNV-1a of `text`'s UTF-8: the same in every process (unlike `Hasher`).
  static func stableHash(_ text: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}
