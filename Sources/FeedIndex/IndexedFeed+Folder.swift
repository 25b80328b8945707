import FeedImport
import FeedScan
import Foundation

extension IndexedFeed {
  /// Loads the folder of `.ics` files at `path` with `options` through the index kept at
  /// `place`, as ``loadTelling(path:options:place:as:)`` loads a file, telling whether the
  /// feed came from the index.
  ///
  /// The index is used only while the folder lists the files it was built from, each with the
  /// stamp it had then (``FeedKeys/init(folder:)``): when a file is added, taken away or
  /// changed, the whole folder is surveyed again. A file found changed while its events are
  /// read again makes the load read the folder as it is now.
  package static func loadTelling(folder path: String, options: ImportOptions, place: IndexPlace)
    throws(ImportError) -> (feed: Feed, fromIndex: Bool)
  {
    func plain() throws(ImportError) -> (feed: Feed, fromIndex: Bool) {
      (try Feed(location: .folder(path), options: options), false)
    }
    let folder = try CalendarFolder(path: path)
    guard let keys = FeedKeys(folder: folder) else { return try plain() }
    let indexFile = place.indexFile(for: keys.path)
    // A damaged index whose header looked sound fails while read: built again, once.
    for _ in 0..<2 {
      guard
        let reader = usableIndex(
          indexFile, keys: keys, namedByUser: place.namedByUser,
          build: { try IndexBuilder.build(folder: folder, keys: keys, into: indexFile) })
      else { return try plain() }
      do {
        let layout = try reader.folderLayout(fileCount: folder.files.count)
        let replay = try reader.replay(window: options.window)
        let feed = try Feed(folder: folder, layout: layout, replaying: replay, options: options)
        ParsedOutcomeStore.keep(feed.takeParsedInReplay(), in: indexFile, hash: reader.hash)
        return (feed, true)
      } catch let error as ImportError {
        guard error.isReplayMismatch else { throw error }
        // A file changed since the folder was listed: read the folder as it is now. Else
        // the files are as the index says, and the index is damaged.
        let now = (try? CalendarFolder(path: path)).flatMap { FeedKeys(folder: $0) }
        if now != keys { return try plain() }
        unlink(indexFile)
      } catch {
        unlink(indexFile)
      }
    }
    return try plain()
  }
}
