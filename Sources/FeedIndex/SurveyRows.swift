import FeedImport
import Foundation
import GRDB

/// Writes each item of a feed's survey as the index's rows: a part as a `part` row, an event as
/// its `reach` row (or an `always` row) and, when it has a UID, a `uid_of` row that
/// ``IndexBuilder`` groups afterwards.
struct SurveyRows {
  private let part: Statement
  private let reach: Statement
  private let always: Statement
  private let uidOf: Statement
  /// The items written so far (an item's position).
  private var position = 0
  private(set) var eventCount = 0
  /// Bit `n` is set when a `reach` row of size class `n` (62 for any above) was written.
  private(set) var sizeClasses = 0
  /// An event whose UID libical may read otherwise than the scan (an escape, two UIDs…) may
  /// share its UID, for libical, with any other: then every event with a UID is a `sharing`
  /// row, as every passed-over event's key is kept by a scan without the index.
  private(set) var everyUIDShares = false
  /// The position of the `part` row of each VTIMEZONE block written so far (up to
  /// ``distinctBlocks``): a block met again is written as that position (`same_as`), as in a
  /// folder whose every file repeats its zones.
  private var blockPositions: [[UInt8]: Int] = [:]
  private static let distinctBlocks = 1_000

  /// Rows written into `db`, whose tables (and the temporary `uid_of`) exist.
  init(_ db: Database) throws {
    part = try db.makeStatement(sql: "INSERT INTO part VALUES (?, ?, ?, ?, ?, ?, ?)")
    reach = try db.makeStatement(sql: "INSERT INTO reach VALUES (?, ?, ?, ?, ?, ?)")
    always = try db.makeStatement(sql: "INSERT INTO always VALUES (?, ?)")
    uidOf = try db.makeStatement(sql: "INSERT INTO uid_of VALUES (?, ?, ?)")
  }

  /// Writes the rows of the survey's next item.
  mutating func add(_ item: SurveyItem) throws {
    position += 1
    switch item {
    case .part(let feedPart):
      var row = IndexBuilder.row(of: feedPart)
      var sameAs: Int?
      if case .timeZone(let block, _) = feedPart {
        sameAs = blockPositions[block]
        if sameAs != nil {
          row.block = nil
        } else if blockPositions.count < SurveyRows.distinctBlocks {
          blockPositions[block] = position
        }
      }
      part.setUncheckedArguments([
        position, row.kind.rawValue, row.line, row.first, row.second, row.block, sameAs,
      ])
      try part.execute()
    case .event(let event):
      try add(event)
    }
  }

  /// Writes an event's rows.
  private mutating func add(_ event: SurveyedEvent) throws {
    eventCount += 1
    if let range = event.keptWindow {
      let sizeClass = IndexSchema.sizeClass(range)
      sizeClasses |= 1 << min(sizeClass, 62)
      reach.setUncheckedArguments([
        sizeClass, range.lowerBound, range.upperBound, position, event.line, event.season,
      ])
      try reach.execute()
    } else {
      always.setUncheckedArguments([position, event.line])
      try always.execute()
    }
    if event.uidReadOtherwise { everyUIDShares = true }
    if let uid = event.uid {
      uidOf.setUncheckedArguments([position, event.line, Data(uid.utf8)])
      try uidOf.execute()
    }
  }
}
