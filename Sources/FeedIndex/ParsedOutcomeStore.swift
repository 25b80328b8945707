import FeedImport
import Foundation
import GRDB

/// Keeps in an index what libical made of the events a replay parsed (``Feed/takeParsedInReplay()``),
/// so that the next replay keeping them parses nothing of them.
///
/// Best effort, like ``IndexReader/refresh(indexFile:to:)``: the index is written only while it
/// is still the one of the same feed bytes (its `hash`), under SQLite's lock; a failure (a file
/// that cannot be written, a busy lock, a full disk) only means those events are parsed again
/// next time.
enum ParsedOutcomeStore {
  /// Writes `outcomes` into `indexFile` when it still holds the index of the feed bytes with
  /// `hash`.
  static func keep(_ outcomes: [(line: Int, outcome: [UInt8])], in indexFile: String, hash: Int64) {
    guard !outcomes.isEmpty, let signature = ParsedOutcome.signature else { return }
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(0.2)
      let queue = try DatabaseQueue(path: indexFile, configuration: configuration)
      defer { try? queue.close() }
      try queue.write { db in
        guard
          let row = try Row.fetchOne(
            db, sql: "SELECT format, version, hash FROM feed WHERE id = 1"),
          row.checked("format") == IndexSchema.format,
          row.checked("version") == IndexSchema.version, row.checked("hash") == hash
        else { return }
        let kept: String? = try db.checkedValue("SELECT signature FROM parser WHERE id = 1")
        if kept != signature {
          try db.execute(sql: "DELETE FROM parsed")
          try db.execute(
            sql: "INSERT OR REPLACE INTO parser (id, signature) VALUES (1, ?)",
            arguments: [signature])
        }
        let statement = try db.makeStatement(
          sql: "INSERT OR IGNORE INTO parsed (line, outcome) VALUES (?, ?)")
        for (line, outcome) in outcomes {
          try statement.execute(arguments: [line, Data(outcome)])
        }
      }
    } catch {}
  }
}
