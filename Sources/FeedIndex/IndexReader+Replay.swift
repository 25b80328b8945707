import FeedImport
import FeedScan
import Foundation
import GRDB
import GRDBSQLite
import LaneLayout

/// An event a replay keeps: its position among the feed's items and its first line.
typealias KeptEvent = (position: Int, line: Int)

extension IndexReader {
  /// What a scan with `window` (nil: every event) keeps of the feed.
  func replay(window: ClosedRange<Day>?) throws -> FeedReplay {
    try queue.read { db in
      // What libical made of the kept events, when an earlier replay kept it: found with each
      // row (the `parsed` table's key is the line), unless written by another parser.
      let readsOutcomes = try IndexReader.readsParsed(db)
      var rows = KeptRows(readsOutcomes: readsOutcomes)
      try keepEvents(db, window: window, into: &rows)
      rows.parsed.sortByLine()
      let events = try IndexReader.distinct(rows.kept, eventCount: eventCount)
      let parts = try IndexReader.parts(db, events: events)
      var replay = FeedReplay(
        parts: parts, survey: survey,
        eventsPassedOver: window == nil ? 0 : eventCount - events.count,
        passedOver: PassedOverKeys(), parsed: rows.parsed)
      if window != nil {
        try passedOverSharing(db, events: events, readsOutcomes: readsOutcomes, into: &replay)
      }
      return replay
    }
  }

  /// Keeps the events of `reach` rows that may meet `window` (every one when nil), then every
  /// event of `always`.
  private func keepEvents(
    _ db: Database, window: ClosedRange<Day>?, into rows: inout KeptRows
  ) throws {
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
        try rows.keep(of: statement, arguments: [sizeClass, first - longest, last, first]) {
          // A yearly series' range meets the window; its months may not.
          StartSeason(stored: $0).map {
            !$0.mayMeet(first: window.lowerBound, last: window.upperBound)
          } ?? false
        }
      }
    } else {
      try rows.keep(
        of: db.makeStatement(
          sql: """
            SELECT reach.position, reach.line, reach.season, parsed.outcome FROM reach
            LEFT JOIN parsed ON parsed.line = reach.line
            """))
    }
    try rows.keep(
      of: db.makeStatement(
        sql: """
          SELECT always.position, always.line, 0, parsed.outcome FROM always
          LEFT JOIN parsed ON parsed.line = always.line
          """))
  }

  /// The kept events in the feed's order, each once (an override's two ranges may both meet
  /// the window). Rows that contradict each other (one event at two lines, lines out of the
  /// file's order, more events than the feed has) are a damaged index, not a damaged feed.
  private static func distinct(_ kept: [KeptEvent], eventCount: Int) throws -> [KeptEvent] {
    let kept = kept.sorted { $0.position < $1.position }
    var events: [KeptEvent] = []
    events.reserveCapacity(kept.count)
    for event in kept {
      guard let last = events.last else {
        events.append(event)
        continue
      }
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
    return events
  }

  /// The `part` rows and the kept `events`, in the feed's order.
  private static func parts(_ db: Database, events: [KeptEvent]) throws -> [ReplayPart] {
    var parts: [ReplayPart] = []
    // Exactly the room needed: a folder has hundreds of thousands of parts.
    parts.reserveCapacity(
      (try Int.fetchOne(db, sql: "SELECT count(*) FROM part") ?? 0) + events.count)
    var next = 0
    // The VTIMEZONE blocks read so far, by position: one met again shares the first's bytes.
    var blocks: [Int: [UInt8]] = [:]
    // The last value of each calendar property: the same value again shares its text (every
    // file of a folder repeats the calendar's name).
    var values: [String: String] = [:]
    let partRows = try Row.fetchCursor(db, sql: "SELECT * FROM part ORDER BY position")
    while let row = try partRows.next() {
      guard let position: Int = row.checked("position") else { throw Unusable.damaged }
      while next < events.count, events[next].position < position {
        parts.append(.event(line: events[next].line))
        next += 1
      }
      var part = try IndexReader.part(of: row, blocks: blocks)
      switch part {
      case .timeZone(let block, _) where (row.checked("same_as") as Int?) == nil:
        blocks[position] = block
      case .calendarProperty(let name, let value, let line):
        if let earlier = values[name], earlier == value {
          part = .calendarProperty(name: name, value: earlier, line: line)
        } else {
          values[name] = value
        }
      default:
        break
      }
      parts.append(.part(part))
    }
    for event in events[next...] { parts.append(.event(line: event.line)) }
    return parts
  }

  /// The keys of the passed-over events that share a UID with another (`sharing` rows not
  /// among `events`), as a scan keeps them for a window, into `replay`; with the outcomes
  /// kept for them, which the load takes when it reads their group after all.
  private func passedOverSharing(
    _ db: Database, events: [KeptEvent], readsOutcomes: Bool, into replay: inout FeedReplay
  ) throws {
    let keptPositions = Set(events.map(\.position))
    let statement: Statement
    var arguments = StatementArguments()
    if 3 * (aloneRows + events.count) < sharingRows {
      // Only the groups of the kept events' UIDs and those of `alone` can change the feed
      // (see `IndexSchema`): found through the index on `grp`, each row at a cost of a few
      // reads of the full scan's, when they are few.
      statement = try db.makeStatement(
        sql: """
          SELECT sharing.position, sharing.line, sharing.uid, parsed.outcome FROM sharing
          LEFT JOIN parsed ON parsed.line = sharing.line
          WHERE sharing.grp IN (
            SELECT grp FROM sharing WHERE position IN (SELECT value FROM json_each(?))
            UNION SELECT grp FROM alone)
          ORDER BY sharing.position
          """)
      arguments = [IndexReader.jsonArray(events.lazy.map(\.position))]
    } else {
      statement = try db.makeStatement(
        sql: """
          SELECT sharing.position, sharing.line, sharing.uid, parsed.outcome FROM sharing
          LEFT JOIN parsed ON parsed.line = sharing.line ORDER BY sharing.position
          """)
    }
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    // These events are not read again (their keys are here), so the rows are checked: events
    // of the feed, in the file's order, inside its lines, an override with its key.
    let lastLine = (survey.checkpoints.count + 1) * FeedSurvey.checkpointInterval
    var previous = (position: -1, line: 0)
    // The columns are read from SQLite's statement as each row comes, without a GRDB value
    // (a `Data` for each UID) made of each.
    let columns = StatementColumns(statement.sqliteStatement)
    while try rows.next() != nil {
      guard let position = columns.integer(0), let line = columns.integer(1),
        let uid = columns.bytes(2),
        position > previous.position, line > previous.line, line <= lastLine
      else { throw Unusable.damaged }
      previous = (position, line)
      guard !keptPositions.contains(position) else { continue }
      replay.passedOver.add(uidBytes: uid, line: line)
      if readsOutcomes, let outcome = try outcomeColumn(statement, 3) {
        replay.passedOverParsed.add(line: line, outcome)
      }
    }
  }
}

/// The outcome (``ParsedOutcome``'s bytes) in `column` of the row `statement` stands on, read
/// from SQLite as it is (no `Data` made of it): nil when NULL (no `parsed` row); a value that
/// is not a BLOB is a damaged index.
private func outcomeColumn(_ statement: Statement, _ column: Int32) throws
  -> UnsafeRawBufferPointer?
{
  let sqlite = statement.sqliteStatement
  switch sqlite3_column_type(sqlite, column) {
  case SQLITE_NULL: return nil
  case SQLITE_BLOB: break
  default: throw IndexReader.Unusable.damaged
  }
  let count = Int(sqlite3_column_bytes(sqlite, column))
  // An empty BLOB has no address: kept empty, it does not read back (a damaged index).
  let base = count > 0 ? sqlite3_column_blob(sqlite, column) : nil
  return UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count)
}

/// The events a replay keeps from `reach` and `always` rows, with the outcomes kept for them.
private struct KeptRows {
  /// Whether the index's kept outcomes are read (``IndexReader/readsParsed(_:)``).
  let readsOutcomes: Bool
  var kept: [KeptEvent] = []
  var parsed = KeptOutcomes()

  init(readsOutcomes: Bool) {
    self.readsOutcomes = readsOutcomes
  }

  /// Keeps the event of each row `statement` gives (position, line, season, outcome), unless
  /// `missesWindow` says its season (`StartSeason`) misses the window.
  mutating func keep(
    of statement: Statement, arguments: StatementArguments = [],
    missesWindow: (Int) -> Bool = { _ in false }
  ) throws {
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    let columns = StatementColumns(statement.sqliteStatement)
    while try rows.next() != nil {
      guard let position = columns.integer(0), let line = columns.integer(1),
        let season = columns.integer(2)
      else { throw IndexReader.Unusable.damaged }
      if missesWindow(season) { continue }
      kept.append((position, line))
      try keepOutcome(statement, line: line)
    }
  }

  /// Keeps the outcome in column 3 of the row `statement` stands on, when there is one.
  private mutating func keepOutcome(_ statement: Statement, line: Int) throws {
    guard readsOutcomes, let outcome = try outcomeColumn(statement, 3) else { return }
    parsed.add(line: line, outcome)
  }
}
