/// Where the bytes of a folder's stream (``FolderStream``) came from, as reading it through
/// learned: enough to read it again at offsets and to name the file behind each line without
/// reading it through again. An index keeps it beside the folder's survey.
package struct FolderLayout: Sendable, Equatable {
  /// The runs of the stream's bytes, in stream order.
  package var pieces: [FolderPiece] = []
  /// Each file's first line in the stream, in file order (files left out have none).
  package var firstLines: [FirstLine] = []
  /// The files left out of the stream, in file order, with why (nothing of their content is
  /// quoted).
  package var leftOut: [LeftOutFile] = []

  package init() {}

  package init(pieces: [FolderPiece], firstLines: [FirstLine], leftOut: [LeftOutFile]) {
    self.pieces = pieces
    self.firstLines = firstLines
    self.leftOut = leftOut
  }

  /// Whether this layout can be that of a stream over `fileCount` files: runs that follow each
  /// other from offset 0, lines and files in order, every file index in range. One kept by an
  /// index is used only then.
  package func fits(fileCount: Int) -> Bool {
    var end = 0
    for piece in pieces {
      guard piece.streamStart == end, piece.count > 0, piece.fileStart >= 0,
        piece.file.map({ (0..<fileCount).contains($0) }) ?? true
      else { return false }
      end += piece.count
    }
    let lines = zip(firstLines, firstLines.dropFirst())
    let files = zip(leftOut, leftOut.dropFirst())
    return firstLines.allSatisfy { $0.line >= 1 && (0..<fileCount).contains($0.file) }
      && lines.allSatisfy { $0.line <= $1.line && $0.file < $1.file }
      && leftOut.allSatisfy { (0..<fileCount).contains($0.file) }
      && files.allSatisfy { $0.file < $1.file }
  }
}

/// A run of a folder stream's bytes and where it came from: bytes of one file, or the line end
/// the stream adds after a file that lacks one.
package struct FolderPiece: Sendable, Equatable {
  /// Where the run starts in the stream.
  package let streamStart: Int
  /// The file's index in ``CalendarFolder/files``; nil for an added line end.
  package let file: Int?
  /// Where the run starts in the file.
  package let fileStart: Int
  package let count: Int

  package init(streamStart: Int, file: Int?, fileStart: Int, count: Int) {
    self.streamStart = streamStart
    self.file = file
    self.fileStart = fileStart
    self.count = count
  }
}

/// The stream's line number of a file's first line, and that file's index in
/// ``CalendarFolder/files``.
package struct FirstLine: Sendable, Equatable {
  package let line: Int
  package let file: Int

  package init(line: Int, file: Int) {
    self.line = line
    self.file = file
  }
}

/// A file left out of a folder's stream (by its index in ``CalendarFolder/files``), with why.
package struct LeftOutFile: Sendable, Equatable {
  package let file: Int
  package let reason: String

  package init(file: Int, reason: String) {
    self.file = file
    self.reason = reason
  }
}
