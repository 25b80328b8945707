import FeedImport
import Foundation
import IcsLanes

/// What makes two feed arguments one feed: the same file or folder (device and inode, however
/// the path is written), the same URL (`webcal://` read as `https://`), or standard input.
enum FeedIdentity {
  /// The key of the feed `argument` names.
  static func key(of argument: String) -> String {
    switch FeedLocation(argument: argument) {
    case .standardInput:
      return "-"
    case .url(let url):
      return "url " + url.absoluteString
    case .file(let path), .folder(let path):
      var status = stat()
      guard stat(path, &status) == 0 else { return "path " + path }
      return "inode \(status.st_dev) \(status.st_ino)"
    }
  }

  /// `feeds` with each feed once (the first time it is given), and a warning for each repeat.
  static func unique(_ feeds: [FeedInput]) -> (feeds: [FeedInput], warnings: [String]) {
    var first: [String: String] = [:]
    var kept: [FeedInput] = []
    var warnings: [String] = []
    for feed in feeds {
      let key = key(of: feed.source)
      if let earlier = first[key] {
        warnings.append("\"\(feed.source)\" is the same feed as \"\(earlier)\"; it is read once")
        continue
      }
      first[key] = feed.source
      kept.append(feed)
    }
    return (kept, warnings)
  }
}
