import Foundation

/// Where a feed's bytes come from: a file read in chunks, or bytes already in memory.
///
/// Reading a file in fixed-size chunks keeps memory flat however large the feed is.
struct ByteSource {
  private enum Origin {
    case file(FileHandle, path: String)
    case memory([UInt8])
  }

  private let origin: Origin
  private var offset = 0
  /// The total size when known (for progress).
  let totalBytes: Int?
  /// Bytes handed out so far.
  private(set) var bytesRead = 0

  static let chunkSize = 1 << 20

  /// A source over the file at `path`.
  init(path: String) throws(ImportError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory") }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(path: path, reason: "permission denied or not readable")
    }
    origin = .file(handle, path: path)
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    totalBytes = size
  }

  /// A source over bytes in memory.
  init(bytes: [UInt8]) {
    origin = .memory(bytes)
    totalBytes = bytes.count
  }

  /// The next chunk, or nil at the end.
  mutating func nextChunk() throws(ImportError) -> [UInt8]? {
    switch origin {
    case .file(let handle, let path):
      let data: Data?
      do {
        data = try handle.read(upToCount: ByteSource.chunkSize)
      } catch {
        throw .unreadable(path: path, reason: error.localizedDescription)
      }
      guard let data, !data.isEmpty else { return nil }
      bytesRead += data.count
      return [UInt8](data)
    case .memory(let bytes):
      guard offset < bytes.count else { return nil }
      let end = min(bytes.count, offset + ByteSource.chunkSize)
      defer { offset = end }
      bytesRead += end - offset
      return Array(bytes[offset..<end])
    }
  }
}
