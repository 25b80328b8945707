import ICalBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a folder stream again at an offset, as a file is read: from the files themselves,
/// at the places ``FolderStream/fill(_:)`` took each run of bytes from.
extension FolderStream {
  /// Notes that the stream's bytes from `streamStart` on, `count` of them, came from `file`
  /// at `fileStart` (nil: an added line end); a run that continues the last one joins it.
  func note(file: Int?, from fileStart: Int, count: Int, at streamStart: Int) {
    if let last = layout.pieces.last, let file, last.file == file,
      last.streamStart + last.count == streamStart, last.fileStart + last.count == fileStart
    {
      layout.pieces[layout.pieces.count - 1] = FolderPiece(
        streamStart: last.streamStart, file: file, fileStart: last.fileStart,
        count: last.count + count)
      return
    }
    layout.pieces.append(
      FolderPiece(streamStart: streamStart, file: file, fileStart: fileStart, count: count))
  }

  /// Copies the stream's bytes from `offset` on into `buffer`, from the files read so far;
  /// returns how many (0 past what was read).
  func bytes(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImportError)
    -> Int
  {
    guard let base = buffer.baseAddress else { return 0 }
    let pieces = layout.pieces
    var copied = 0
    var position =
      Bisection.lowerBound(of: offset + 1, count: pieces.count) { pieces[$0].streamStart } - 1
    while copied < buffer.count, position >= 0, position < pieces.count {
      let piece = pieces[position]
      let skip = offset + copied - piece.streamStart
      guard skip < piece.count else { break }
      let wanted = min(piece.count - skip, buffer.count - copied)
      if let file = piece.file {
        let read = try read(
          file, at: piece.fileStart + skip,
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

  /// Reads the folder's file `file` (an index in its files) from `offset` into `buffer` (less
  /// at its end). The file must be as it was listed (its ``FileStamp``), else these may not be
  /// the bytes its runs name.
  private func read(_ file: Int, at offset: Int, into buffer: UnsafeMutableRawBufferPointer)
    throws(ImportError) -> Int
  {
    let path = folder.files[file]
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let count = try FolderStream.read(descriptor, path, at: offset, into: buffer)
    guard FileStamp(descriptor: descriptor) == folder.stamps[file] else {
      throw .replayMismatch(path: path, "the file changed after the folder was listed")
    }
    return count
  }

  /// Reads the open file `descriptor` (at `path`) from `offset` into `buffer`.
  private static func read(
    _ descriptor: Int32, _ path: String, at offset: Int, into buffer: UnsafeMutableRawBufferPointer
  ) throws(ImportError) -> Int {
    var total = 0
    while total < buffer.count {
      let result = pread(
        descriptor, buffer.baseAddress.map { $0 + total }, buffer.count - total,
        off_t(offset + total))
      if result < 0, errno == EINTR { continue }
      if result < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
      if result == 0 { break }
      total += result
    }
    return total
  }
}
