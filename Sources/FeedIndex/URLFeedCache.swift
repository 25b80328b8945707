import FeedImport
import FeedScan
import Foundation
import HTTPFetch

/// A feed at a URL read through an index kept in a folder (`--index auto` or `--index
/// FOLDER/`): the body is kept in that folder with the validators the server sent for it
/// (`ETag`, `Last-Modified`), and indexed like a feed file.
///
/// Each load asks the server whether the kept body is current (`If-None-Match`,
/// `If-Modified-Since`). On 304 Not Modified the kept body and its index answer, with no byte of
/// the body sent again; on 200 the new body replaces the kept one (written to a temporary file
/// and renamed into place) and its index is checked by the bytes' hash, so a server that sends
/// no validators, or the same bytes under a new ETag, still reuses the index. The feed is named
/// after the URL in messages and as its calendar's fallback name, exactly as a feed read from
/// the URL without an index; the result is the same, byte for byte.
///
/// Never stale: the validators are sent only for the body they came with (its device, inode,
/// size, modification and change times are kept beside them), so a kept body changed or replaced by
/// anything else is fetched again whole. A server that cannot be reached fails the load as it
/// would without an index: no kept body answers for a URL that did not say it is current.
/// Anything that goes wrong with the kept copy (a folder that cannot be written, a full disk)
/// falls back to reading the URL without the index.
package enum URLFeedCache {
  /// The kept body of `url` in `folder` and the file of its validators.
  package static func files(for url: URL, in folder: String) -> (body: String, validators: String) {
    let index = IndexPlace.folder(folder).indexFile(for: "url:" + url.absoluteString)
    let base = String(index.dropLast(".icslanes-index".count))
    return (base + ".body.ics", base + ".http.json")
  }

  /// Loads the feed at `url` with `options`, through the body and index kept in `folder`.
  ///
  /// - Throws: what ``Feed/init(location:options:)`` throws for the URL (an error status, a
  ///   host not found, a timeout), or for its body.
  package static func load(url: URL, options: ImportOptions, folder: String) throws(ImportError)
    -> Feed
  {
    try loadTelling(url: url, options: options, folder: folder).feed
  }

  /// ``load(url:options:folder:)``, telling whether the feed came from the index of the kept
  /// body (false: read without it).
  package static func loadTelling(url: URL, options: ImportOptions, folder: String)
    throws(ImportError) -> (feed: Feed, fromIndex: Bool)
  {
    let location = FeedLocation.url(url)
    func plain() throws(ImportError) -> (feed: Feed, fromIndex: Bool) {
      (try Feed(location: location, options: options), false)
    }
    let (body, validatorsFile) = files(for: url, in: folder)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      return try plain()
    }
    let kept = KeptValidators.load(validatorsFile).flatMap { kept in
      kept.source == location.source && kept.matches(body: body) ? kept : nil
    }
    let temporary = IndexPlace.temporaryFile(beside: body)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return try plain() }
    defer { unlink(temporary) }
    let outcome: HTTPDownload.Outcome
    do {
      outcome = try HTTPDownload.fetch(
        url: url, source: location.source, timeout: options.networkTimeout,
        cached: kept?.validators ?? HTTPValidators(), into: descriptor, progress: options.progress)
    } catch {
      close(descriptor)
      throw ImportError(error)
    }
    switch outcome {
    case .notWritten:
      close(descriptor)
      return try plain()
    case .downloaded(let validators):
      guard rename(temporary, body) == 0 else {
        close(descriptor)
        // Not kept: the body just fetched is read as it is.
        return (try Feed(contentsOf: temporary, as: location, options: options), false)
      }
      // The renamed file's own status (its change time is the rename's), through the
      // descriptor: another run may have renamed its body over the path since.
      var status = stat()
      let identified = fstat(descriptor, &status) == 0
      close(descriptor)
      if identified {
        KeptValidators(
          source: location.source, validators: validators, body: body, status: status
        )
        .save(validatorsFile)
      }
    case .notModified:
      close(descriptor)
    }
    do {
      return try IndexedFeed.loadTelling(
        path: body, options: options, place: .folder(folder), as: location)
    } catch {
      // The kept body went away between the answer and the read (another run replaced it, or
      // the cache was cleared): the URL is read again.
      if kept != nil, case .unreadable = error { return try plain() }
      throw error
    }
  }
}

/// The validators of a kept body, and which file they belong to: the body's keys (device,
/// inode, size, modification and change times) once it was renamed into place. An edit that
/// puts the size and modification time back still changes the change time.
struct KeptValidators: Codable, Equatable {
  /// The URL as messages name it (no password).
  var source: String
  var validators: HTTPValidators
  /// The kept body's keys, its path as the cache names it.
  var body: FeedKeys

  init(source: String, validators: HTTPValidators, body path: String, status: stat) {
    self.source = source
    self.validators = validators
    body = FeedKeys(path: path, stamp: FileStamp(status: status))
  }

  /// Whether the file at `path` is still the body these validators came with.
  func matches(body path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    return FeedKeys(path: path, stamp: FileStamp(status: status)) == body
  }

  /// The validators kept in `path`; nil when there are none, or what is there is not a small
  /// regular file holding them (never blocks on a FIFO).
  static func load(_ path: String) -> KeptValidators? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size <= 16_384
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count == bytes.count else { return nil }
    return try? JSONDecoder().decode(KeptValidators.self, from: Data(bytes))
  }

  /// Writes these validators to `path` (through a temporary file renamed into place);
  /// nothing when that fails, so that the next load fetches the body whole.
  func save(_ path: String) {
    unlink(path)
    guard let data = try? JSONEncoder().encode(self) else { return }
    let temporary = IndexPlace.temporaryFile(beside: path)
    // Readable by the user alone, as the kept body is: a subscription URL's path may be its
    // secret.
    guard
      FileManager.default.createFile(
        atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
    else { return }
    if rename(temporary, path) != 0 { unlink(temporary) }
  }
}
