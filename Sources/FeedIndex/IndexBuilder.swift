import FeedImport
import FeedScan
import Foundation
import GRDB

/// Builds a feed's index: surveys the file (or a folder's files) once, without libical, into a
/// new SQLite file beside the index's place, then renames it over the index, so that readers
/// see the old index or the new one, never half of one, and two processes building at once
/// each rename a whole index.
enum IndexBuilder {
  /// What went wrong building.
  enum Failure: Error {
    /// The feed changed while it was surveyed: nothing is stored.
    case feedChanged
    /// The file cannot be surveyed (unreadable, not iCalendar): the caller's plain load says why.
    case survey(ImportError)
  }

  /// A survey of the feed's bytes, handing each item to its argument.
  typealias Survey = ((SurveyItem) -> Void) throws(ImportError) -> FeedSurvey

  /// Builds the index of the feed at `feedPath` (with keys `keys`) into `indexFile`.
  static func build(feedPath: String, keys: FeedKeys, into indexFile: String) throws {
    guard let hash = FeedFingerprint.hash(path: feedPath) else { throw Failure.feedChanged }
    try build(
      into: indexFile, keys: keys, hash: hash,
      survey: { (body) throws(ImportError) in try FeedSurvey.run(path: feedPath, body) },
      unchanged: { FeedKeys(path: feedPath) == keys })
  }

  /// Builds the index of `folder`, with keys `keys` (``FeedKeys/init(folder:)``, whose digest
  /// stands for the hash), into `indexFile`: the survey of its stream, and the stream's layout.
  static func build(folder: CalendarFolder, keys: FeedKeys, into indexFile: String) throws {
    let stream = FolderStream(folder: folder)
    try build(
      into: indexFile, keys: keys, hash: keys.stamp.modified,
      survey: { (body) throws(ImportError) in try FeedSurvey.run(folder: stream, body) },
      afterSurvey: { db in try FolderRows.write(stream.layout, into: db) },
      unchanged: {
        (try? CalendarFolder(path: folder.path)).flatMap { FeedKeys(folder: $0) } == keys
      })
  }

  /// Builds an index of the feed with `keys` and `hash` from `survey` into `indexFile`;
  /// `afterSurvey` adds what the survey's source alone knows; `unchanged` tells whether the
  /// feed is still as its keys say once it has been surveyed.
  private static func build(
    into indexFile: String, keys: FeedKeys, hash: Int64, survey: Survey,
    afterSurvey: (Database) throws -> Void = { _ in }, unchanged: () -> Bool
  ) throws {
    let folder = (indexFile as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    }
    let temporary = IndexPlace.temporaryFile(beside: indexFile)
    defer { unlink(temporary) }
    do {
      let queue = try DatabaseQueue(path: temporary)
      try queue.writeWithoutTransaction { db in
        // A file no reader sees until it is complete: no journal needed while it is written.
        try db.execute(sql: "PRAGMA journal_mode = OFF")
        try db.execute(sql: "PRAGMA synchronous = OFF")
        try db.inTransaction {
          try fill(db, survey: survey, keys: keys, hash: hash)
          try afterSurvey(db)
          return .commit
        }
      }
      try queue.close()
    }
    // The feed must not have changed while it was read: else this index could mix two versions.
    guard unchanged() else { throw Failure.feedChanged }
    guard rename(temporary, indexFile) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: indexFile])
    }
  }

  /// Creates the tables and fills them from a survey of the feed.
  private static func fill(_ db: Database, survey: Survey, keys: FeedKeys, hash: Int64) throws {
    for statement in IndexSchema.statements { try db.execute(sql: statement) }
    try db.execute(
      sql:
        "CREATE TEMP TABLE uid_of (position INTEGER, line INTEGER, uid BLOB)"
    )
    var rows = try SurveyRows(db)
    var failure: (any Error)?
    let surveyed: FeedSurvey
    do {
      surveyed = try survey { item in
        guard failure == nil else { return }
        do { try rows.add(item) } catch { failure = error }
      }
    } catch {
      throw Failure.survey(error)
    }
    if let failure { throw failure }
    let (sharingRows, aloneRows) = try groupSharing(db, everyUIDShares: rows.everyUIDShares)
    let checkpoints = PackedIntegers.data(surveyed.checkpoints)
    try db.execute(
      sql: "INSERT INTO feed VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      arguments: [
        IndexSchema.format, IndexSchema.version, keys.path, keys.stamp.device, keys.stamp.inode,
        keys.stamp.size, keys.stamp.modified, keys.stamp.changed, hash, surveyed.eventsRead,
        rows.eventCount, surveyed.nulBytes, surveyed.sawCalendarData, surveyed.startDescription,
        rows.sizeClasses, checkpoints,
        sharingRows, aloneRows,
      ])
  }

  /// Fills `sharing` and `alone` from the temporary `uid_of` table, which it then drops: the
  /// events whose UID another shares (every event with a UID when `everyUIDShares`), and the
  /// groups a replay reads whatever the window (see `IndexSchema`). Gives how many `sharing`
  /// rows there are, and how many of them are in the groups of `alone`.
  private static func groupSharing(_ db: Database, everyUIDShares: Bool) throws -> (Int, Int) {
    // A UID's events are a group, named by the position of its first event.
    try db.execute(
      sql: """
        CREATE TEMP TABLE uid_group AS
        SELECT uid, min(position) AS id, count(*) AS members
        FROM uid_of GROUP BY uid
        """)
    try db.execute(sql: "CREATE UNIQUE INDEX temp.uid_group_uid ON uid_group (uid)")
    try db.execute(
      sql: """
        INSERT INTO sharing
        SELECT uid_of.position, uid_of.line, uid_of.uid, uid_group.id
        FROM uid_of JOIN uid_group ON uid_group.uid = uid_of.uid
        WHERE \(everyUIDShares ? 1 : 0) OR uid_group.members > 1
        ORDER BY uid_of.position
        """)
    try db.execute(
      sql: """
        INSERT INTO alone
        SELECT id FROM uid_group WHERE \(everyUIDShares ? 1 : 0)
        """)
    try db.execute(sql: "CREATE INDEX sharing_group ON sharing (grp)")
    try db.execute(sql: "DROP TABLE uid_group")
    let sharingRows = try Int.fetchOne(db, sql: "SELECT count(*) FROM sharing") ?? 0
    let aloneRows =
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM sharing WHERE grp IN (SELECT grp FROM alone)") ?? 0
    try db.execute(sql: "DROP TABLE uid_of")
    return (sharingRows, aloneRows)
  }

  /// A `part` row's columns.
  static func row(of part: FeedPart) -> (
    kind: IndexSchema.PartKind, line: Int, first: Data?, second: Data?, block: Data?
  ) {
    switch part {
    case .calendarBegins(let line):
      return (.calendarBegins, line, nil, nil, nil)
    case .calendarProperty(let name, let value, let line):
      return (.calendarProperty, line, Data(name.utf8), Data(value.utf8), nil)
    case .timeZone(let block, let line):
      return (.timeZone, line, nil, nil, Data(block))
    case .brokenEvent(let line, let uid, let reason):
      return (.brokenEvent, line, uid.map { Data($0.utf8) }, Data(reason.utf8), nil)
    case .notice(let line, let message):
      return (.notice, line, nil, Data(message.utf8), nil)
    }
  }
}
