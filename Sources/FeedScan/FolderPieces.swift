import ICalBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run of a folder stream's bytes and where it came from: bytes of one file, or the line end
/// the stream adds after a file that lacks one.
package struct FolderPiece {
  /// Where the run starts in the stream.
  let streamStart: Int
  /// The file's index in ``CalendarFolder/files``; nil for an added line end.
  let file: Int?
  /// Where the run starts in the file.
  let fileStart: Int
  let count: Int
}

/// Reading a folder stream again at an offset, as a file is read: from the files themselves,
/// at the places ``FolderStream/fill(_:)`` took each run of bytes from.
extension FolderStream {
  /// Notes that the stream's bytes from `streamStart` on, `count` of them, came from `file`
  /// at `fileStart` (nil: an added line end); a run that continues the last one joins it.
  func note(file: Int?, from fileStart: Int, count: Int, at streamStart: Int) {
    if let last = pieces.last, let file, last.file == file,
      last.streamStart + last.count == streamStart, last.fileStart + last.count == fileStart
    {
      pieces[pieces.count - 1] = FolderPiece(
        streamStart: last.streamStart, file: file, fileStart: last.fileStart,
        count: last.count + count)
      return
    }
    pieces.append(
      FolderPiece(streamStart: streamStart, file: file, fileStart: fileStart, count: count))
  }

  /// Copies the stream's bytes from `offset` on into `buffer`, from the files read so far;
  /// returns how many (0 past what was read).
  func bytes(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImportError)
    -> Int
  {
    guard let base = buffer.baseAddress else { return 0 }
    var copied = 0
    var position =
      Bisection.lowerBound(of: offset + 1, count: pieces.count) { pieces[$0].streamStart } - 1
    while copied < buffer.count, position >= 0, position < pieces.count {
      let piece = pieces[position]
      let skip = offset + copied - piece.streamStart
      guard skip < piece.count else { break }
      let wanted = min(piece.count - skip, buffer.count - copied)
      if let file = piece.file {
        let read = try FolderStream.read(
          folder.files[file], at: piece.fileStart + skip,
          into: UnsafeMutableRawBufferPointer(start: base + copied, count: wanted))
        copied += read
        // A file cut short since: what follows is not these bytes.
        if read < wanted { break }
      } else {
        base.storeBytes(of: 0x0A, toByteOffset: copied, as: UInt8.self)
        copied += 1
      }
      position += 1
    }
    return copied
  }

  /// Reads `file` from `offset` into `buffer` (less at its end).
  private static func read(
    _ file: String, at offset: Int, into buffer: UnsafeMutableRawBufferPointer
  )
    throws(ImportError) -> Int
  {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadable(path: file, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var total = 0
    while total < buffer.count {
      let result = pread(
        descriptor, buffer.baseAddress.map { $0 + total }, buffer.count - total,
        off_t(offset + total))
      if result < 0, errno == EINTR { continue }
      if result < 0 { throw .unreadable(path: file, reason: String(cString: strerror(errno))) }
      if result == 0 { break }
      total += result
    }
    return total
  }
}
