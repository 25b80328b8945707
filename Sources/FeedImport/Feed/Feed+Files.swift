import FeedScan
import Foundation
import LaneLayout

extension Feed {
  /// Loads `folder` through `stream`, its files read through as one stream, or with
  /// `takeParts`, from parts another stage hands over (an index's replay, over a stream read
  /// before).
  convenience init(
    folder: CalendarFolder, stream: FolderStream, options: ImportOptions,
    takeParts: TakeParts? = nil
  ) throws(ImportError) {
    let path = folder.path
    var byteSource = ByteSource(stream: stream)
    var notes: [ImportWarning] = []
    if let text = folder.unreadableColor {
      notes.append(
        ImportWarning(
          source: path + "/color", line: 1, uid: nil,
          message: "\"\(text)\" is not a colour (#rrggbb); left out"))
    }
    try self.init(
      byteSource: &byteSource, source: path, fallbackName: FeedLocation.folder(path).fallbackName,
      options: options,
      reopen: { () throws(ImportError) -> ByteSource in ByteSource(stream: stream) },
      givenName: folder.displayName, givenColor: folder.color, notes: notes,
      takeParts: takeParts)
  }

  /// Names each warning's and skipped event's file and its own line, for a folder whose lines
  /// were counted over all its files; a duplicate's warning names the VEVENT it repeats the
  /// same way (its line alone when it is in the same file).
  static func placeInFiles(
    _ warnings: inout [ImportWarning], _ skipped: inout [SkippedEvent],
    _ duplicates: inout [(earlier: Int?, warning: ImportWarning)], folder: FolderStream
  ) {
    for index in warnings.indices {
      if let line = warnings[index].line, let (file, fileLine) = folder.place(ofLine: line) {
        warnings[index].source = file
        warnings[index].line = fileLine
      }
    }
    for index in skipped.indices {
      if let line = skipped[index].line, let (file, fileLine) = folder.place(ofLine: line) {
        skipped[index].line = fileLine
        skipped[index].reason =
          "\((file as NSString).lastPathComponent): \(skipped[index].reason)"
      }
    }
    for index in duplicates.indices {
      guard let line = duplicates[index].warning.line,
        let (file, fileLine) = folder.place(ofLine: line)
      else { continue }
      duplicates[index].warning.source = file
      duplicates[index].warning.line = fileLine
      guard let earlier = duplicates[index].earlier else { continue }
      duplicates[index].warning.message = Feed.repeatsMessage(
        earlier: folder.name(ofLine: earlier, from: line))
    }
  }
}
