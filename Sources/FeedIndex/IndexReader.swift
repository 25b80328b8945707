import FeedImport
import FeedScan
import Foundation
import GRDB
import GRDBSQLite
import LaneLayout

/// An index file opened for reading, its header checked: a file that is not one of ours, of an
/// older version, truncated or grown, or whose tables cannot be read, is never trusted.
struct IndexReader {
  /// Why an index file cannot be used as it is.
  enum Unusable: Error {
    case missing
    case damaged
  }

  let queue: DatabaseQueue
  /// The keys of the feed the index was built from.
  let keys: FeedKeys
  /// The hash of the feed's bytes it was built from.
  let hash: Int64
  let survey: FeedSurvey
  let eventCount: Int
  let sizeClasses: Int
  /// The `sharing` rows, and those of the groups listed in `alone`.
  let sharingRows: Int
  let aloneRows: Int

  /// Opens `indexFile` read-only and reads its `feed` row.
  init(indexFile: String) throws {
    // A file that is not an SQLite database is never opened as one (a FIFO would block).
    try IndexReader.checkHeader(indexFile, size: false)
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(2)
    configuration.prepareDatabase { db in
      // A month reads each page it needs once or twice, in order: SQLite's default page cache
      // would only add to the peak memory; the system's file cache keeps the pages.
      try db.execute(sql: "PRAGMA cache_size = -256")
    }
    queue = try DatabaseQueue(path: indexFile, configuration: configuration)
    guard
      let row = try queue.read({ db in
        let row = try Row.fetchOne(db, sql: "SELECT * FROM feed WHERE id = 1")
        // The file's size is checked holding SQLite's shared lock, which a process keeping
        // parsed outcomes (``ParsedOutcomeStore``) waits for before it writes the file: no
        // commit is halfway through.
        try IndexReader.checkHeader(indexFile, size: true)
        return row
      }),
      row.checked("format") == IndexSchema.format,
      row.checked("version") == IndexSchema.version,
      let path: String = row.checked("path"),
      let checkpointBytes: Data = row.checked("checkpoints"),
      let checkpoints = PackedIntegers.integers(checkpointBytes),
      let device: Int64 = row.checked("device"), let inode: Int64 = row.checked("inode"),
      let size: Int64 = row.checked("size"), let modified: Int64 = row.checked("modified"),
      let changed: Int64 = row.checked("changed"), let hash: Int64 = row.checked("hash"),
      let eventCount: Int = row.checked("event_count"),
      let sizeClasses: Int = row.checked("size_classes"),
      let sharingRows: Int = row.checked("sharing_rows"),
      let aloneRows: Int = row.checked("alone_rows"),
      let eventsRead: Int = row.checked("events_read"),
      let nulBytes: Int = row.checked("nul_bytes"),
      let sawCalendarData: Bool = row.checked("saw_calendar"),
      let startDescription: String = row.checked("start_description")
    else { throw Unusable.damaged }
    keys = FeedKeys(
      path: path,
      stamp: FileStamp(
        device: device, inode: inode, size: size, modified: modified, changed: changed))
    self.hash = hash
    self.eventCount = eventCount
    self.sizeClasses = sizeClasses
    self.sharingRows = sharingRows
    self.aloneRows = aloneRows
    survey = FeedSurvey(
      eventsRead: eventsRead, nulBytes: nulBytes, sawCalendarData: sawCalendarData,
      startDescription: startDescription,
      checkpoints: checkpoints)
  }

  /// The 16 bytes every SQLite database file starts with.
  static let sqliteMagic = Array("SQLite format 3\0".utf8)

  /// Checks the SQLite header against the file: the magic string and, with `size`, a size
  /// that is the header's page count times its page size (a truncated or grown file is not ours
  /// as built; a file being written by SQLite can be neither while it commits, so the size is
  /// checked only under its lock).
  static func checkHeader(_ indexFile: String, size: Bool) throws {
    // Non-blocking: a FIFO at the index's path must not wait for a writer.
    let descriptor = open(indexFile, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw Unusable.missing }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw Unusable.damaged
    }
    var header = [UInt8](repeating: 0, count: 100)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
    guard count == 100, Array(header[0..<16]) == IndexReader.sqliteMagic else {
      throw Unusable.damaged
    }
    func bigEndian(_ offset: Int, _ length: Int) -> Int {
      header[offset..<(offset + length)].reduce(0) { $0 << 8 | Int($1) }
    }
    let pageSize = bigEndian(16, 2) == 1 ? 65_536 : bigEndian(16, 2)
    let pageCount = bigEndian(28, 4)
    guard
      !size
        || (pageSize >= 512 && bigEndian(24, 4) == bigEndian(92, 4)
          && pageCount * pageSize == Int(status.st_size))
    else { throw Unusable.damaged }
  }

  /// Whether the index's kept outcomes (``ParsedOutcome``) were written with this
  /// ``ParsedOutcome/signature`` (else they are not used).
  static func readsParsed(_ db: Database) throws -> Bool {
    guard let signature = ParsedOutcome.signature else { return false }
    return try db.checkedValue("SELECT signature FROM parser WHERE id = 1") == signature
  }

  /// The part a `part` row holds; a VTIMEZONE written as an earlier one's position takes its
  /// bytes from `blocks`, by position.
  static func part(of row: Row, blocks: [Int: [UInt8]] = [:]) throws -> FeedPart {
    guard let line: Int = row.checked("line"), let kind: Int = row.checked("kind") else {
      throw Unusable.damaged
    }
    func text(_ column: String) -> String? {
      (row.checked(column) as Data?).map { String(decoding: $0, as: UTF8.self) }
    }
    switch IndexSchema.PartKind(rawValue: kind) {
    case .calendarBegins:
      return .calendarBegins(line: line)
    case .calendarProperty:
      guard let name = text("first_text"), let value = text("second_text") else { break }
      return .calendarProperty(name: name, value: value, line: line)
    case .timeZone:
      if let sameAs: Int = row.checked("same_as") {
        guard let block = blocks[sameAs] else { break }
        return .timeZone(block: block, line: line)
      }
      guard let block: Data = row.checked("block") else { break }
      return .timeZone(block: Array(block), line: line)
    case .brokenEvent:
      guard let reason = text("second_text") else { break }
      return .brokenEvent(line: line, uid: text("first_text"), reason: reason)
    case .notice:
      guard let message = text("second_text") else { break }
      return .notice(line: line, message: message)
    case nil:
      break
    }
    throw Unusable.damaged
  }

  /// Records `keys` as the feed's (its bytes found unchanged); best effort: a failure only
  /// means the bytes are checked again next time.
  static func refresh(indexFile: String, to keys: FeedKeys) {
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(2)
      let queue = try DatabaseQueue(path: indexFile, configuration: configuration)
      try queue.write { db in
        try db.execute(
          sql: """
            UPDATE feed SET device = ?, inode = ?, size = ?, modified = ?, changed = ?
            WHERE id = 1
            """,
          arguments: [
            keys.stamp.device, keys.stamp.inode, keys.stamp.size, keys.stamp.modified,
            keys.stamp.changed,
          ])
      }
      try queue.close()
    } catch {}
  }
}

/// The columns of the row a statement stands on (the hot rows of a replay: `reach`, `always`,
/// `sharing`), read from SQLite as they are: nil for a value of another type than the column's
/// (a damaged index).
struct StatementColumns {
  let statement: OpaquePointer

  init(_ statement: OpaquePointer) {
    self.statement = statement
  }

  /// An INTEGER column's value.
  func integer(_ column: Int32) -> Int? {
    guard sqlite3_column_type(statement, column) == SQLITE_INTEGER else { return nil }
    return Int(sqlite3_column_int64(statement, column))
  }

  /// A BLOB column's bytes, valid until the statement steps on.
  func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
    guard sqlite3_column_type(statement, column) == SQLITE_BLOB else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    guard let base = sqlite3_column_blob(statement, column) else { return nil }
    return UnsafeRawBufferPointer(start: base, count: count)
  }
}

extension IndexReader {
  /// A JSON array of `numbers` (`[1,2,3]`), written digit by digit rather than through a
  /// `String` for each number: a month's kept events are thousands.
  static func jsonArray(_ numbers: some Sequence<Int>) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for number in numbers {
      if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
      if number < 0 { bytes.append(UInt8(ascii: "-")) }
      // The digits last first, then turned around in place.
      let start = bytes.count
      var rest = number.magnitude
      repeat {
        bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      } while rest > 0
      bytes[start...].reverse()
    }
    bytes.append(UInt8(ascii: "]"))
    return String(decoding: bytes, as: UTF8.self)
  }
}
