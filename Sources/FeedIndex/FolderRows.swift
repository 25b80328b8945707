import FeedScan
import Foundation
import GRDB

/// A folder's ``FolderLayout`` in an index's `folder` and `left_out` tables (see
/// ``IndexSchema``): each run as four little-endian 64-bit integers (stream start, file or -1
/// for an added line end, file start, count), each first line as two (line, file).
enum FolderRows {
  /// Writes `layout` into the index being built in `db`.
  static func write(_ layout: FolderLayout, into db: Database) throws {
    let pieces = PackedIntegers.data(
      layout.pieces.flatMap { [$0.streamStart, $0.file ?? -1, $0.fileStart, $0.count] })
    let lines = PackedIntegers.data(layout.firstLines.flatMap { [$0.line, $0.file] })
    try db.execute(sql: "INSERT INTO folder VALUES (1, ?, ?)", arguments: [pieces, lines])
    for file in layout.leftOut {
      try db.execute(
        sql: "INSERT INTO left_out VALUES (?, ?)", arguments: [file.file, file.reason])
    }
  }

  /// The layout the index in `db` keeps; one missing, garbled, or that does not fit a folder of
  /// `fileCount` files (``FolderLayout/fits(fileCount:)``) is a damaged index.
  static func read(from db: Database, fileCount: Int) throws -> FolderLayout {
    guard
      let row = try Row.fetchOne(db, sql: "SELECT pieces, first_lines FROM folder WHERE id = 1"),
      let pieceBytes: Data = row.checked("pieces"),
      let lineBytes: Data = row.checked("first_lines"),
      let pieces = PackedIntegers.integers(pieceBytes, width: 4),
      let lines = PackedIntegers.integers(lineBytes, width: 2)
    else { throw IndexReader.Unusable.damaged }
    var layout = FolderLayout()
    layout.pieces = stride(from: 0, to: pieces.count, by: 4).map { at in
      FolderPiece(
        streamStart: pieces[at], file: pieces[at + 1] < 0 ? nil : pieces[at + 1],
        fileStart: pieces[at + 2], count: pieces[at + 3])
    }
    layout.firstLines = stride(from: 0, to: lines.count, by: 2).map { at in
      FirstLine(line: lines[at], file: lines[at + 1])
    }
    let leftOut = try Row.fetchCursor(db, sql: "SELECT file, reason FROM left_out ORDER BY file")
    while let row = try leftOut.next() {
      guard let file: Int = row.checked("file"), let reason: String = row.checked("reason") else {
        throw IndexReader.Unusable.damaged
      }
      layout.leftOut.append(LeftOutFile(file: file, reason: reason))
    }
    guard layout.fits(fileCount: fileCount) else { throw IndexReader.Unusable.damaged }
    return layout
  }
}

extension IndexReader {
  /// The folder layout the index keeps (``FolderRows/read(from:fileCount:)``).
  func folderLayout(fileCount: Int) throws -> FolderLayout {
    try queue.read { db in try FolderRows.read(from: db, fileCount: fileCount) }
  }
}
