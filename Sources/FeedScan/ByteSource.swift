import Foundation
import HTTPFetch

/// Where a feed's bytes come from: a file (or standard input) read in chunks, the files of a
/// calendar folder one after the other, the body of an HTTP(S) response as it arrives, or bytes
/// already in memory.
///
/// A file is read into one reused buffer of ``chunkSize`` bytes, so memory stays flat however
/// large the feed is, and bytes in memory are handed out in place, without copies.
package struct ByteSource {
  private enum Origin {
    case file(FileHandle)
    case memory([UInt8])
    case folder(FolderStream)
    case http(HTTPFeedHandle)
  }

  private let origin: Origin
  private var offset = 0
  private var buffer: [UInt8] = []
  /// The total size when known (for progress).
  package let totalBytes: Int?
  /// Bytes handed out so far.
  private(set) var bytesRead = 0
  /// Where the bytes come from, for messages.
  package let path: String
  /// With a value, ``readChunk(_:)`` of a file or of bytes in memory hands out no byte at or
  /// past this offset (the first part of a split scan).
  var readLimit: Int?
  /// With a value, ``readChunk(_:)`` of a file reads from this offset with `pread` rather than
  /// from the descriptor's own position (the second part of a split scan, which shares the
  /// descriptor with the first).
  private var readPosition: Int?

  /// The same input read from `offset` to its end (a file with `pread`, bytes in memory from
  /// there): for the second part of a split scan. Needs a file or bytes in memory (a folder
  /// is read again at offsets through ``bytes(at:into:)`` only).
  package func continuing(at offset: Int) -> ByteSource {
    var copy = self
    copy.readLimit = nil
    copy.buffer = []
    switch origin {
    case .memory: copy.offset = offset
    case .file, .folder, .http: copy.readPosition = offset
    }
    copy.bytesRead = offset
    return copy
  }

  static let chunkSize = 1 << 20

  /// A source over the file at `path`.
  ///
  /// The file is opened without blocking (a FIFO with no writer reads as empty instead of
  /// waiting forever) and by the exact bytes of the command-line argument it came from, when
  /// that was not valid UTF-8 (see ``RawPath``); messages show such a name with `\xNN` escapes.
  package init(path: String) throws(ImportError) {
    let raw = RawPath.bytes(for: path)
    let shown = RawPath.display(raw)
    let name = raw.map { CChar(bitPattern: $0) } + [0]
    let descriptor = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      let reason: String
      switch code {
      case ENOENT: reason = "no such file"
      case ELOOP: reason = "too many levels of symbolic links (a symlink loop?)"
      case EACCES: reason = "permission denied"
      case ENOTDIR: reason = "a part of the path is not a directory"
      case ENAMETOOLONG: reason = "file name too long"
      default: reason = String(cString: strerror(code))
      }
      throw .unreadable(path: shown, reason: reason)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      throw .unreadable(path: shown, reason: "cannot be examined")
    }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR {
      close(descriptor)
      throw .unreadable(path: shown, reason: "is a directory")
    }
    // Reading blocks again from here on (a pipe's writer may be slow); a FIFO that had no
    // writer when it was opened reads as empty.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    origin = .file(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    self.path = shown
    totalBytes = kind == S_IFREG ? Int(status.st_size) : nil
  }

  /// A source over the `.ics` files of `folder`, read as one stream.
  init(folder: CalendarFolder) {
    self.init(stream: FolderStream(folder: folder))
  }

  /// A source over `stream`: a second one over a stream read before reads it again at its
  /// offsets (``bytes(at:into:)``), from its files.
  package init(stream: FolderStream) {
    origin = .folder(stream)
    path = stream.folder.path
    totalBytes = nil
  }

  /// A source over the body fetched from `url`; waits for the response head, so an error
  /// status or a failed connection throws here.
  package init(url: URL, source: String, timeout: Double) throws(ImportError) {
    let stream = HTTPFeedStream(url: url, source: source, timeout: timeout)
    do { totalBytes = try stream.open() } catch { throw ImportError(error) }
    origin = .http(HTTPFeedHandle(stream))
    path = source
  }

  /// The folder stream, for naming the files behind its lines.
  package var folderStream: FolderStream? {
    if case .folder(let stream) = origin { return stream }
    return nil
  }

  /// A source over standard input, read in chunks like a file.
  package static func standardInput() -> ByteSource {
    ByteSource(handle: FileHandle.standardInput, path: "stdin")
  }

  private init(handle: FileHandle, path: String) {
    origin = .file(handle)
    self.path = path
    totalBytes = nil
  }

  /// A source over a file `handle` holds, opened at its start, of `size` bytes: a spooled
  /// input (``spooled(_:name:)``).
  init(spooled handle: FileHandle, path: String, size: Int) {
    origin = .file(handle)
    self.path = path
    totalBytes = size
  }

  /// A source over bytes in memory.
  package init(bytes: [UInt8]) {
    origin = .memory(bytes)
    totalBytes = bytes.count
    path = ""
  }

  /// Hands the next chunk to `body`; returns false, without calling it, at the end.
  ///
  /// The chunk is only valid inside `body`.
  mutating func readChunk(_ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> Void)
    throws(ImportError) -> Bool
  {
    switch origin {
    case .file(let handle):
      if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: ByteSource.chunkSize) }
      let descriptor = handle.fileDescriptor
      let wanted = readLimit.map { max(0, min(ByteSource.chunkSize, $0 - bytesRead)) }
      if wanted == 0 { return false }
      let position = readPosition
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        while true {
          let result =
            if let position {
              pread(descriptor, raw.baseAddress, wanted ?? raw.count, off_t(position))
            } else {
              read(descriptor, raw.baseAddress, wanted ?? raw.count)
            }
          if result < 0, errno == EINTR { continue }
          return result
        }
      }
      if count < 0 {
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      guard count > 0 else { return false }
      bytesRead += count
      if let position { readPosition = position + count }
      try buffer.withUnsafeBufferPointer { (all) throws(ImportError) -> Void in
        try body(UnsafeBufferPointer(rebasing: all[0..<count]))
      }
      return true
    case .folder(let stream):
      return try fill(body) { (raw) throws(ImportError) -> Int in try stream.fill(raw) }
    case .http(let handle):
      return try fill(body) { (raw) throws(ImportError) -> Int in
        do throws(FetchError) { return try handle.stream.fill(raw) } catch {
          throw ImportError(error)
        }
      }
    case .memory(let bytes):
      let available = min(bytes.count, readLimit ?? bytes.count)
      guard offset < available else { return false }
      let start = offset
      let end = min(available, offset + ByteSource.chunkSize)
      offset = end
      bytesRead += end - start
      try bytes.withUnsafeBufferPointer { (all) throws(ImportError) -> Void in
        try body(UnsafeBufferPointer(rebasing: all[start..<end]))
      }
      return true
    }
  }

  /// Fills the reused buffer with `read` and hands what it read to `body`.
  private mutating func fill(
    _ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> Void,
    read: (UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
  ) throws(ImportError) -> Bool {
    if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: ByteSource.chunkSize) }
    var failure: ImportError?
    let count = buffer.withUnsafeMutableBytes { raw -> Int in
      do throws(ImportError) {
        return try read(raw)
      } catch {
        failure = error
        return 0
      }
    }
    if let failure { throw failure }
    guard count > 0 else { return false }
    bytesRead += count
    try buffer.withUnsafeBufferPointer { (all) throws(ImportError) -> Void in
      try body(UnsafeBufferPointer(rebasing: all[0..<count]))
    }
    return true
  }

  /// Whether ``bytes(at:into:)`` can read any part of the input again: bytes in memory, a
  /// regular file (not standard input or a pipe) or a folder's files.
  package var readsAtOffsets: Bool {
    switch origin {
    case .memory, .folder: return true
    case .file: return totalBytes != nil
    case .http: return false
    }
  }

  /// Copies the input's bytes from `offset` on into `buffer`; returns how many (0 at the end).
  /// Leaves the chunked reading of ``readChunk(_:)`` where it is.
  package func bytes(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImportError)
    -> Int
  {
    switch origin {
    case .file(let handle):
      let descriptor = handle.fileDescriptor
      while true {
        let result = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
        if result < 0, errno == EINTR { continue }
        if result < 0 {
          throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return result
      }
    case .memory(let bytes):
      guard offset < bytes.count else { return 0 }
      let count = min(buffer.count, bytes.count - offset)
      bytes.withUnsafeBytes { all in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[offset..<(offset + count)]))
      }
      return count
    case .folder(let stream):
      return try stream.bytes(at: offset, into: buffer)
    case .http:
      return 0
    }
  }
}

/// The bytes of a path as the command line gave them. Swift decodes `CommandLine.arguments`
/// as UTF-8 and repairs invalid bytes to U+FFFD, so a file whose name is not UTF-8 cannot be
/// opened by that string: the argument whose repaired form it is gives the exact bytes back.
package enum RawPath {
  /// The bytes to open for `path`.
  static func bytes(for path: String) -> [UInt8] {
    guard path.unicodeScalars.contains("\u{FFFD}") else { return Array(path.utf8) }
    for index in 0..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let length = strlen(argument)
      let bytes = argument.withMemoryRebound(to: UInt8.self, capacity: length) {
        Array(UnsafeBufferPointer(start: $0, count: length))
      }
      if String(decoding: bytes, as: UTF8.self) == path { return bytes }
    }
    return Array(path.utf8)
  }

  /// `bytes` as text for a message: valid UTF-8 as it is, else ASCII with every other byte as
  /// `\xNN`.
  static func display(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var text = ""
    for byte in bytes {
      if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded
      }
    }
    return text
  }
}

extension String {
  fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
