import FeedImport
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
      let checkpointBytes: Data = row.checked("checkpoints"), checkpointBytes.count % 8 == 0,
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
      path: path, device: device, inode: inode, size: size, modified: modified, changed: changed)
    self.hash = hash
    self.eventCount = eventCount
    self.sizeClasses = sizeClasses
    self.sharingRows = sharingRows
    self.aloneRows = aloneRows
    var checkpoints: [Int] = []
    checkpoints.reserveCapacity(checkpointBytes.count / 8)
    checkpointBytes.withUnsafeBytes { raw in
      for index in 0..<(raw.count / 8) {
        checkpoints.append(
          Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: Int64.self))))
      }
    }
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

  /// What a scan with `window` (nil: every event) keeps of the feed.
  func replay(window: ClosedRange<Day>?) throws -> FeedReplay {
    try queue.read { db in
      var kept: [(position: Int, line: Int)] = []
      // What libical made of the kept events, when an earlier replay kept it: found with each
      // row (the `parsed` table's key is the line), unless written by another parser.
      var parsed = KeptOutcomes()
      let outcomes = try IndexReader.readsParsed(db)
      /// Keeps the outcome in column 3 of the row `statement` stands on, read from SQLite as it
      /// is (no `Data` made of it): none when NULL (no `parsed` row); a value that is not a
      /// BLOB is a damaged index.
      func keepOutcome(_ statement: Statement, line: Int) throws {
        guard outcomes else { return }
        let sqlite = statement.sqliteStatement
        switch sqlite3_column_type(sqlite, 3) {
        case SQLITE_NULL: return
        case SQLITE_BLOB: break
        default: throw Unusable.damaged
        }
        let count = Int(sqlite3_column_bytes(sqlite, 3))
        // An empty BLOB has no address: kept empty, it does not read back (a damaged index).
        let base = count > 0 ? sqlite3_column_blob(sqlite, 3) : nil
        parsed.add(line: line, UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count))
      }
      /// Keeps the event of each row `statement` gives (position, line, season, outcome),
      /// unless `missesWindow` says its season (`StartSeason`) misses the window.
      func keepRows(
        of statement: Statement, arguments: StatementArguments = [],
        missesWindow: (Int) -> Bool = { _ in false }
      ) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        let columns = StatementColumns(statement.sqliteStatement)
        while try rows.next() != nil {
          guard let position = columns.integer(0), let line = columns.integer(1),
            let season = columns.integer(2)
          else { throw Unusable.damaged }
          if missesWindow(season) { continue }
          kept.append((position, line))
          try keepOutcome(statement, line: line)
        }
      }
      if let window {
        let first = window.lowerBound.ordinal
        let last = window.upperBound.ordinal
        let statement = try db.makeStatement(
          sql: """
            SELECT reach.position, reach.line, reach.season, parsed.outcome FROM reach
            LEFT JOIN parsed ON parsed.line = reach.line
            WHERE size_class = ? AND first_day BETWEEN ? AND ? AND last_day >= ?
            """)
        for sizeClass in 0..<63 where sizeClasses & (1 << sizeClass) != 0 {
          let longest = IndexSchema.longest(ofClass: sizeClass)
          try keepRows(of: statement, arguments: [sizeClass, first - longest, last, first]) {
            // A yearly series' range meets the window; its months may not.
            StartSeason(stored: $0).map {
              !$0.mayMeet(first: window.lowerBound, last: window.upperBound)
            } ?? false
          }
        }
      } else {
        try keepRows(
          of: db.makeStatement(
            sql: """
              SELECT reach.position, reach.line, reach.season, parsed.outcome FROM reach
              LEFT JOIN parsed ON parsed.line = reach.line
              """))
      }
      try keepRows(
        of: db.makeStatement(
          sql: """
            SELECT always.position, always.line, 0, parsed.outcome FROM always
            LEFT JOIN parsed ON parsed.line = always.line
            """))
      parsed.sortByLine()
      kept.sort { $0.position < $1.position }
      // An override's two ranges may both meet the window: once is enough.
      var events: [(position: Int, line: Int)] = []
      events.reserveCapacity(kept.count)
      for event in kept {
        guard let last = events.last else {
          events.append(event)
          continue
        }
        // Rows that contradict each other: one event at two lines, or lines out of the file's
        // order. The index is damaged, not the feed.
        if last.position == event.position {
          guard last.line == event.line else { throw Unusable.damaged }
          continue
        }
        guard last.line < event.line else { throw Unusable.damaged }
        events.append(event)
      }
      guard events.count <= eventCount,
        events.first.map({ $0.position >= 0 && $0.line >= 1 }) ?? true
      else { throw Unusable.damaged }
      var parts: [ReplayPart] = []
      var next = 0
      let partRows = try Row.fetchCursor(db, sql: "SELECT * FROM part ORDER BY position")
      while let row = try partRows.next() {
        guard let position: Int = row.checked("position") else { throw Unusable.damaged }
        while next < events.count, events[next].position < position {
          parts.append(.event(line: events[next].line))
          next += 1
        }
        parts.append(.part(try IndexReader.part(of: row)))
      }
      for event in events[next...] { parts.append(.event(line: event.line)) }
      var sharing = PassedOverKeys()
      if window != nil {
        let keptPositions = Set(events.map(\.position))
        let statement: Statement
        var arguments = StatementArguments()
        if 3 * (aloneRows + events.count) < self.sharingRows {
          // Only the groups of the kept events' UIDs and those of `alone` can change the feed
          // (see `IndexSchema`): found through the index on `grp`, each row at a cost of a
          // few reads of the full scan's, when they are few.
          statement = try db.makeStatement(
            sql: """
              SELECT position, line, uid, replaced_day, instance, sequence, flags FROM sharing
              WHERE grp IN (
                SELECT grp FROM sharing WHERE position IN (SELECT value FROM json_each(?))
                UNION SELECT grp FROM alone)
              ORDER BY position
              """)
          arguments = [IndexReader.jsonArray(events.lazy.map(\.position))]
        } else {
          statement = try db.makeStatement(
            sql:
              "SELECT position, line, uid, replaced_day, instance, sequence, flags FROM sharing ORDER BY position"
          )
        }
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        // These events are not read again (their keys are here), so the rows are checked:
        // events of the feed, in the file's order, inside its lines, an override with its key.
        let lastLine = (survey.checkpoints.count + 1) * FeedSurvey.checkpointInterval
        var previous = (position: -1, line: 0)
        // The columns are read from SQLite's statement as each row comes: tens of thousands of
        // rows on a big feed, which GRDB's values (a `Data` for each UID) made a fifth of a
        // month's reading.
        let columns = StatementColumns(statement.sqliteStatement)
        while try rows.next() != nil {
          guard let position = columns.integer(0), let line = columns.integer(1),
            let replacedDay = columns.optionalInteger(3),
            let instance = columns.optionalInteger(4), let sequence = columns.integer(5),
            let flags = columns.integer(6), let uid = columns.bytes(2),
            position > previous.position, line > previous.line, line <= lastLine,
            (replacedDay == nil) == (instance == nil), (0...15).contains(flags)
          else { throw Unusable.damaged }
          previous = (position, line)
          guard !keptPositions.contains(position) else { continue }
          // What settles duplicates is kept only for the UIDs that can have some
          // (`repeatsAKey`).
          let settling =
            flags & IndexSchema.repeatsAKey == 0
            ? nil : DuplicateFlags(rawValue: flags & ~IndexSchema.repeatsAKey)
          sharing.add(
            uidBytes: uid, line: line, replacedDay: replacedDay, instance: instance,
            sequence: sequence, flags: settling)
        }
      }
      return FeedReplay(
        parts: parts, survey: survey,
        eventsPassedOver: window == nil ? 0 : eventCount - events.count,
        passedOver: sharing, parsed: parsed)
    }
  }

  /// Whether the index's kept outcomes (``ParsedOutcome``) were written with this
  /// ``ParsedOutcome/signature`` (else they are not used).
  static func readsParsed(_ db: Database) throws -> Bool {
    guard let signature = ParsedOutcome.signature else { return false }
    return try db.checkedValue("SELECT signature FROM parser WHERE id = 1") == signature
  }

  /// The part a `part` row holds.
  static func part(of row: Row) throws -> FeedPart {
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
          arguments: [keys.device, keys.inode, keys.size, keys.modified, keys.changed])
      }
      try queue.close()
    } catch {}
  }
}

/// The columns of the row a statement stands on (the hot rows of a replay: `reach`, `always`,
/// `sharing`), read from SQLite as they are: nil for a value of another type than the column's
/// (a damaged index).
private struct StatementColumns {
  let statement: OpaquePointer

  init(_ statement: OpaquePointer) {
    self.statement = statement
  }

  /// An INTEGER column's value.
  func integer(_ column: Int32) -> Int? {
    guard sqlite3_column_type(statement, column) == SQLITE_INTEGER else { return nil }
    return Int(sqlite3_column_int64(statement, column))
  }

  /// An INTEGER column's value, or nil inside when it is NULL; nil when it is neither.
  func optionalInteger(_ column: Int32) -> Int?? {
    if sqlite3_column_type(statement, column) == SQLITE_NULL { return .some(nil) }
    guard let value = integer(column) else { return .none }
    return .some(value)
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
