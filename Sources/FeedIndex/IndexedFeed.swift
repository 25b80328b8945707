import FeedImport
import Foundation
import GRDB
import LaneLayout

/// Loads feed files through an index (see ``IndexSchema``): the first load of a file surveys it
/// into the index; later loads read from the index only the events that can touch the window
/// (`ImportOptions.window`), and from the feed only those events' lines. The feed is the same
/// as without the index, warnings and counts included.
///
/// Never stale: the index is used only while the file's path, device, inode, size,
/// modification and change times are those it was built from; when any differs, the file's
/// bytes are hashed and compared with the hash taken at the build (equal: the index is kept and
/// its keys updated; else it is rebuilt). An index file that is not one, is damaged, truncated
/// or of another version is rebuilt, and so is one whose rows contradict themselves or the
/// feed's lines while read (`IndexReader.replay(window:)`). Anything that goes wrong with the
/// index (a folder that cannot be written, a full disk) falls back to reading the feed without
/// it.
package enum IndexedFeed {
  /// Loads the feed file at `path` with `options` through the index kept at `place`.
  package static func load(path: String, options: ImportOptions, place: IndexPlace)
    throws(ImportError) -> Feed
  {
    try loadTelling(path: path, options: options, place: place).feed
  }

  /// Loads `location`, a file or a URL, with `options` through the index kept at `place`: a
  /// file as ``load(path:options:place:)``, a URL through its kept body (``URLFeedCache``) when
  /// `place` is a folder; anything else without an index.
  package static func load(location: FeedLocation, options: ImportOptions, place: IndexPlace)
    throws(ImportError) -> Feed
  {
    switch (location, place) {
    case (.file(let path), _):
      return try load(path: path, options: options, place: place)
    case (.folder(let path), _):
      return try loadTelling(folder: path, options: options, place: place).feed
    case (.url(let url), .folder(let folder)):
      return try URLFeedCache.load(url: url, options: options, folder: folder)
    default:
      return try Feed(location: location, options: options)
    }
  }

  /// ``load(path:options:place:)``, telling whether the feed came from the index (false: read
  /// without it). With `location`, the file holds that feed's bytes (a URL's kept body), and
  /// the feed is named after it.
  package static func loadTelling(
    path: String, options: ImportOptions, place: IndexPlace, as location: FeedLocation? = nil
  ) throws(ImportError) -> (feed: Feed, fromIndex: Bool) {
    func plain() throws(ImportError) -> (feed: Feed, fromIndex: Bool) {
      if let location { return (try Feed(contentsOf: path, as: location, options: options), false) }
      return (try Feed(contentsOf: path, options: options), false)
    }
    guard let keys = FeedKeys(path: path) else { return try plain() }
    let indexFile = place.indexFile(for: keys.path)
    var feed: Feed?
    /// The hash of the feed bytes of the index the feed came from.
    var hash: Int64?
    // A damaged index whose header looked sound fails while read: built again, once.
    for _ in 0..<2 where feed == nil {
      guard
        let reader = usableIndex(
          indexFile, keys: keys, namedByUser: place.namedByUser,
          sameBytes: {
            FeedFingerprint.hash(path: path) == $0.hash && FeedKeys(path: path) == keys
          },
          build: { try IndexBuilder.build(feedPath: path, keys: keys, into: indexFile) })
      else {
        return try plain()
      }
      hash = reader.hash
      do {
        let replay = try reader.replay(window: options.window)
        feed = try Feed(path: path, replaying: consume replay, options: options, as: location)
      } catch let error as ImportError {
        // A file replaced while read is read again as it is now.
        if FeedKeys(path: path) != keys { return try plain() }
        // The feed's bytes are not what the index says, yet its keys (the change time among
        // them) are those the index holds: the index is damaged. Else the problem is the feed's.
        guard error.isReplayMismatch else { throw error }
        unlink(indexFile)
      } catch {
        unlink(indexFile)
      }
    }
    // Never an answer from a file that changed while it was read.
    guard let feed, FeedKeys(path: path) == keys, let hash else { return try plain() }
    ParsedOutcomeStore.keep(feed.takeParsedInReplay(), in: indexFile, hash: hash)
    return (feed, true)
  }

  /// The index of the feed with `keys`, valid for its bytes now: opened as it is, refreshed
  /// when only the keys changed and `sameBytes` says its bytes did not, else (re)built with
  /// `build`; nil when it cannot be had. A file the user named (`namedByUser`) is built over
  /// only when ``mayReplace(_:)`` says so.
  static func usableIndex(
    _ indexFile: String, keys: FeedKeys, namedByUser: Bool,
    sameBytes: (IndexReader) -> Bool = { _ in false }, build: () throws -> Void
  ) -> IndexReader? {
    if let reader = try? IndexReader(indexFile: indexFile), reader.keys.path == keys.path {
      if reader.keys == keys { return reader }
      if sameBytes(reader) {
        IndexReader.refresh(indexFile: indexFile, to: keys)
        return reader
      }
    }
    if namedByUser && !mayReplace(indexFile) { return nil }
    do {
      try build()
      let reader = try IndexReader(indexFile: indexFile)
      return reader.keys == keys ? reader : nil
    } catch {
      return nil
    }
  }

  /// Whether a new index may take the place of what is at `indexFile`, a path the user named
  /// for one feed: nothing, an empty file, or an SQLite file that is an icslanes index (of any
  /// feed or version) or too damaged to be anyone's database. A device, a FIFO or a folder, a
  /// text file or another program's database is never replaced (the feed is then read without
  /// an index): `--index /dev/null` or a mistyped `--index notes.txt` must not destroy them.
  static func mayReplace(_ indexFile: String) -> Bool {
    var status = stat()
    guard stat(indexFile, &status) == 0 else { return errno == ENOENT }
    guard status.st_mode & S_IFMT == S_IFREG else { return false }
    if status.st_size == 0 { return true }
    let descriptor = open(indexFile, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    var header = [UInt8](repeating: 0, count: 16)
    let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
    close(descriptor)
    guard count == 16, header == IndexReader.sqliteMagic else { return false }
    do {
      var configuration = Configuration()
      configuration.readonly = true
      let queue = try DatabaseQueue(path: indexFile, configuration: configuration)
      defer { try? queue.close() }
      let format = try queue.read { db in
        try db.checkedValue("SELECT format FROM feed WHERE id = 1") as String?
      }
      return format == IndexSchema.format
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_ERROR || error.resultCode == .SQLITE_MISMATCH
    {
      // It reads as a database, without our `feed` table: someone else's.
      return false
    } catch {
      return true
    }
  }
}
