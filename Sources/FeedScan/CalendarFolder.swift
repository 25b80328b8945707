import Foundation
import ICalBridge

/// A folder that holds one calendar as vdirsyncer and khal keep it: one `.ics` file per event
/// (or per series), with the calendar's name in a `displayname` file and its colour in a
/// `color` file.
///
/// The `.ics` files are read in the byte order of their names, so the result never depends on
/// the order the file system lists them in. Hidden files, folders, FIFOs and other files are
/// left out.
package struct CalendarFolder {
  /// The folder as given.
  package let path: String
  /// The `.ics` files, full paths, in name order.
  package let files: [String]
  /// Each file's stamp when the folder was listed, in the order of ``files``.
  package let stamps: [FileStamp]
  /// The `displayname` file's first line, when present and not empty.
  package let displayName: String?
  /// The `color` file's colour as `#rrggbb`, when present and readable as a colour.
  package let color: String?
  /// The `color` file's text, when it is present but no colour.
  package let unreadableColor: String?

  /// Lists the folder at `path`.
  package init(path: String) throws(ImportError) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .unreadable(path: path, reason: "cannot list the folder")
    }
    let base = path.hasSuffix("/") ? path : path + "/"
    self.path = path
    var files: [String] = []
    var stamps: [FileStamp] = []
    let listed = names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".ics") }
    // Each file is examined by its name in the open folder: no walk of the folder's path each.
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if folder >= 0 { close(folder) } }
    for name in CalendarFolder.inByteOrder(listed) {
      // Regular files only (a symbolic link to one counts): a FIFO would block the read.
      var status = stat()
      let found =
        folder >= 0 ? fstatat(folder, name, &status, 0) : stat(base + name, &status)
      guard found == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
      files.append(base + name)
      stamps.append(FileStamp(status: status))
    }
    self.files = files
    self.stamps = stamps
    displayName = CalendarFolder.firstLine(of: base + "displayname")
    let colorText = CalendarFolder.firstLine(of: base + "color")
    color = colorText.flatMap(CalendarFolder.hexColor)
    unreadableColor = color == nil ? colorText : nil
    guard !files.isEmpty else {
      throw .unreadable(path: path, reason: "a folder with no .ics files")
    }
  }

  /// `names` in the byte order of their UTF-8: by `<` when they are all ASCII, where that is the
  /// same order and much quicker.
  static func inByteOrder(_ names: [String]) -> [String] {
    if names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) { return names.sorted() }
    return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The first line of a small metadata file, trimmed; nil when missing or empty.
  static func firstLine(of file: String) -> String? {
    guard let data = FileManager.default.contents(atPath: file), data.count <= 4096,
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// `#rrggbb` (lower case) for `#rgb`, `#rrggbb` or `#rrggbbaa` (Apple's form, alpha dropped),
  /// with or without the `#`; nil for anything else.
  package static func hexColor(_ text: String) -> String? {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    return ColorText.hex(digits: digits)
  }
}

/// The `.ics` files of a ``CalendarFolder`` read one after the other as one stream, several
/// small files to a chunk, each opened only while it is read (so thousands of files never hold
/// thousands of descriptors).
///
/// Each file's byte-order mark is dropped and a file without a final line end gets one. The
/// first line of each file is noted, so that a line of the stream can be named as a file and
/// its own line (``place(ofLine:)``), and so that the scan ends each file at the next one's
/// start as it ends a feed (``fileStart(atLine:)``).
///
/// Each file stands alone: one that cannot be opened, or whose start is not iCalendar
/// (``FileStart``), is left out of the stream and listed in ``skippedFiles``.
package final class FolderStream {
  let folder: CalendarFolder
  private var next = 0
  private var descriptor: Int32 = -1
  private var atFileStart = true
  private var lastByte: UInt8 = 0x0A
  private var pendingLineEnd = false
  /// Whether the line end to add ends a line (not after a CR, which did).
  private var addedLineEndCounts = true
  /// Lines of the stream before the file being read.
  private var linesBefore = 0
  /// Line ends met in the file being read.
  private var linesInFile = 0
  /// Where the stream's bytes came from: its runs (for ``bytes(at:into:)``), each file's first
  /// line, and the files left out.
  package internal(set) var layout = FolderLayout()
  /// Bytes handed out so far.
  private var streamOffset = 0
  /// Bytes read so far from the file being read (a byte-order mark included).
  private var fileOffset = 0
  /// The room a file's first read needs for its start to be judged (``FileStart``).
  static let startRoom = 64 << 10

  package init(folder: CalendarFolder) {
    self.folder = folder
  }

  /// The stream of `folder` as read through before, with the `layout` that reading learned
  /// (``FolderLayout/fits(fileCount:)`` says whether it can be): it is read only at offsets.
  package init(folder: CalendarFolder, layout: FolderLayout) {
    self.folder = folder
    self.layout = layout
    next = folder.files.count
  }

  /// The files left out, with why, in file order.
  package var skippedFiles: [(file: String, reason: String)] {
    layout.leftOut.map { (folder.files[$0.file], $0.reason) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Fills `buffer` with the next bytes of the files; returns 0 at the end of the last file.
  func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var count = 0
    while count < buffer.count {
      if pendingLineEnd {
        base.storeBytes(of: 0x0A, toByteOffset: count, as: UInt8.self)
        note(file: nil, from: 0, count: 1, at: streamOffset + count)
        count += 1
        pendingLineEnd = false
        if addedLineEndCounts { linesBefore += 1 }
        continue
      }
      if descriptor < 0 {
        guard next < folder.files.count else { break }
        // A file starts a chunk with room to judge its start, unless the chunk is empty.
        if count > 0, buffer.count - count < FolderStream.startRoom { break }
        if !openNext() { continue }
      }
      let room = buffer.count - count
      var result: Int
      repeat {
        result = read(descriptor, base + count, room)
      } while result < 0 && errno == EINTR
      if result < 0 {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        descriptor = -1
        throw .unreadable(path: folder.files[next - 1], reason: reason)
      }
      if result == 0 {
        close(descriptor)
        descriptor = -1
        linesBefore += linesInFile
        linesInFile = 0
        // After a final CR too, which has ended the line already: else the next file's first
        // LF would complete that CR.
        if !atFileStart, lastByte != 0x0A {
          pendingLineEnd = true
          addedLineEndCounts = lastByte != 0x0D
        }
        continue
      }
      // A short read of a regular file is its end: the file's start is all of it.
      let wholeRead = result < room
      var readFrom = fileOffset
      fileOffset += result
      var bytes = UnsafeMutableRawBufferPointer(start: base + count, count: result)
      if atFileStart {
        atFileStart = false
        if result >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
          (base + count).copyMemory(from: base + count + 3, byteCount: result - 3)
          result -= 3
          readFrom += 3
          bytes = UnsafeMutableRawBufferPointer(start: base + count, count: result)
          if result == 0 {
            atFileStart = true
            continue
          }
        }
        let start = UnsafeBufferPointer(
          start: (base + count).assumingMemoryBound(to: UInt8.self), count: result)
        if FileStart.isICalendar(start, wholeFile: wholeRead) == false {
          leaveOut(next - 1)
          continue
        }
      }
      // Lines counted as the scan numbers them: a CRLF, an LF or a lone CR ends one.
      let lineEnds = LineSplitter.countLineEnds(
        UnsafeBufferPointer(bytes.bindMemory(to: UInt8.self)), afterCR: lastByte == 0x0D)
      linesInFile += lineEnds.count
      lastByte = bytes[result - 1]
      note(file: next - 1, from: readFrom, count: result, at: streamOffset + count)
      count += result
    }
    streamOffset += count
    return count
  }

  /// Opens the next file and notes the line it starts at; false when it cannot be opened (it is
  /// left out, with why).
  private func openNext() -> Bool {
    let file = next
    next += 1
    descriptor = open(folder.files[file], O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      layout.leftOut.append(
        LeftOutFile(file: file, reason: "cannot be read (\(reason)); file left out"))
      return false
    }
    layout.firstLines.append(FirstLine(line: linesBefore + 1, file: file))
    atFileStart = true
    lastByte = 0x0A
    linesInFile = 0
    fileOffset = 0
    return true
  }

  /// Closes the file being read, whose start is not iCalendar, as if it had not been listed.
  private func leaveOut(_ file: Int) {
    close(descriptor)
    descriptor = -1
    layout.firstLines.removeLast()
    layout.leftOut.append(
      LeftOutFile(
        file: file,
        reason: "not iCalendar (it does not begin with BEGIN:VCALENDAR); file left out"))
  }

  /// The file and its own line for `line` of the stream; nil before the first file.
  package func place(ofLine line: Int) -> (file: String, line: Int)? {
    // The files that start at or before `line` (a line number is far below `Int.max`).
    let firstLines = layout.firstLines
    let low = Bisection.lowerBound(of: line + 1, count: firstLines.count) { firstLines[$0].line }
    guard low > 0 else { return nil }
    let first = firstLines[low - 1]
    return (folder.files[first.file], line - first.line + 1)
  }

  /// Whether `line` of the stream is a file's first line, and the line from which to look for
  /// the next file's start: its first line once the stream has reached it; else the line after
  /// those read so far, before which no file can start; `Int.max` when no file is left.
  package func fileStart(atLine line: Int) -> (starts: Bool, next: Int) {
    let firstLines = layout.firstLines
    let index = Bisection.lowerBound(of: line, count: firstLines.count) { firstLines[$0].line }
    let starts = index < firstLines.count && firstLines[index].line == line
    let following = starts ? index + 1 : index
    if following < firstLines.count { return (starts, firstLines[following].line) }
    guard next < folder.files.count else { return (starts, .max) }
    return (starts, max(line + 1, linesBefore + linesInFile + 1))
  }

  /// `line` of the stream as a message about something at line `from` names it: `line N` of
  /// its own file, and the file too when that is not the file of `from`.
  package func name(ofLine line: Int, from: Int) -> String {
    guard let (file, own) = place(ofLine: line) else { return "line \(line)" }
    return place(ofLine: from)?.file == file ? "line \(own)" : "line \(own) of \(file)"
  }
}
