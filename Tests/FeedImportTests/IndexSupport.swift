import FeedImport
import FeedIndex
import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

/// What a feed gives for one request, written out: the months' JSON, the warnings and skipped
/// events, the counts. Equal answers are equal byte for byte.
struct IndexAnswer: Equatable, CustomStringConvertible {
  var json: [UInt8]
  var lines: [String]

  /// The answer of `feed` to `request`. `passedOver` says whether the events libical never
  /// read count.
  init(_ feed: Feed, _ request: MonthRequest, passedOver: Bool = true) {
    let (layouts, warnings) = MonthLayouter.layOut([feed], request: request)
    json = JSONLayoutRenderer.documentBytes(layouts)
    lines =
      feed.warnings.map(\.description) + warnings.map(\.description)
      + feed.skipped.map { "skipped \($0.line ?? -1) \($0.uid ?? "-") \($0.reason)" }
      + [
        "name \(feed.name) color \(feed.color ?? "-") read \(feed.eventsRead)"
          + " duplicate \(feed.eventsDuplicate)"
          + (passedOver ? " passed over \(feed.eventsPassedOver)" : "")
      ]
      + layouts.map { "stats \(String(describing: $0.stats))" }
  }

  var description: String {
    "\(json.count) bytes of JSON; " + lines.joined(separator: "\n")
  }
}

/// Helpers for the index tests: plain and indexed loads of one request.
enum IndexSupport {
  /// A request for `count` months from `month` in `zone`.
  static func request(_ month: String, count: Int = 1, zone: String = "UTC") throws
    -> MonthRequest
  {
    let first = try #require(YearMonth(iso: month))
    let displayZone = try #require(DisplayZone(named: zone))
    return MonthRequest(first: first, count: count, zone: displayZone)
  }

  /// The answer of the file at `path` loaded as the command loads it, with the pre-filter.
  static func plain(_ path: String, _ request: MonthRequest) throws -> IndexAnswer {
    IndexAnswer(try Feed(contentsOf: path, options: ImportOptions(window: request.window)), request)
  }

  /// The answer of the same file loaded through the index in `folder`.
  static func indexed(_ path: String, _ request: MonthRequest, folder: String) throws
    -> IndexAnswer
  {
    let (feed, fromIndex) = try IndexedFeed.loadTelling(
      path: path, options: ImportOptions(window: request.window), place: .folder(folder))
    // Every file these tests index can be indexed: a plain load here would prove nothing.
    #expect(fromIndex)
    return IndexAnswer(feed, request)
  }

  /// A generated mixed feed (series, overrides, duplicates, moved instances) of `events`
  /// events, written as `mixed.ics` in `folder`; its path.
  static func mixedFeed(seed: UInt64, events: Int, in folder: String) throws -> String {
    var writer = MixedFeedWriter(seed: seed)
    let path = folder + "/mixed.ics"
    try writer.text(events: events).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A new empty folder under the temporary directory.
  static func temporaryFolder() throws -> String {
    try Scratch.folder("index-tests").path
  }

  /// The one index file in `folder`.
  static func indexFile(in folder: String) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".icslanes-index")
    }
    try #require(names.count == 1, "index files: \(names)")
    return folder + "/" + names[0]
  }

  /// The inode of the file at `path`.
  static func inode(_ path: String) -> UInt64? {
    var status = stat()
    return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
  }

  /// Every `.ics` file under Samples/ (folders of one-event files are read without an index).
  static let sampleFiles: [String] = {
    let root = TestSupport.sample("")
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }.filter {
      !$0.hasPrefix("household")
    }.sorted()
  }()
}
