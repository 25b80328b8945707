import Foundation

/// What identifies a feed file's bytes without reading them: its path, device, inode, size,
/// modification and change times. Any difference and the index checks the bytes again.
struct FeedKeys: Equatable, Sendable, Codable {
  /// The path, with symbolic links resolved.
  var path: String
  var device: Int64
  var inode: Int64
  var size: Int64
  /// Modification time, nanoseconds since 1970.
  var modified: Int64
  /// Status change time, nanoseconds since 1970 (no tool sets it back, unlike the former).
  var changed: Int64

  /// The keys of the regular file at `path` now; nil when it is not one (or cannot be seen).
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    self.init(path: FeedKeys.canonical(path), status: status)
  }

  /// The keys of the file at `path` (as it is written) whose status is `status`.
  init(path: String, status: stat) {
    self.path = path
    device = Int64(bitPattern: UInt64(status.st_dev))
    inode = Int64(bitPattern: UInt64(status.st_ino))
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
  }

  init(path: String, device: Int64, inode: Int64, size: Int64, modified: Int64, changed: Int64) {
    self.path = path
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }

  /// `path` made absolute with symbolic links resolved (as written when that fails).
  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// A 64-bit hash of a file's bytes, to tell whether a feed whose keys changed (touched, copied
/// back) still has the bytes the index was built from. Not cryptographic: it guards against
/// accidents, not against someone crafting a feed.
enum FeedFingerprint {
  /// The hash of the bytes of the file at `path`, or nil when it cannot be read.
  static func hash(path: String) -> Int64? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let chunk = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 8)
    defer { buffer.deallocate() }
    guard let base = buffer.baseAddress else { return nil }
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    var total: UInt64 = 0
    var ended = false
    while !ended {
      // A whole chunk each time (short reads topped up), so the hash is that of the bytes.
      var count = 0
      while count < chunk {
        let result = read(descriptor, base + count, chunk - count)
        if result < 0, errno == EINTR { continue }
        guard result >= 0 else { return nil }
        if result == 0 {
          ended = true
          break
        }
        count += result
      }
      total &+= UInt64(count)
      let words = count / 8
      let wordBase = base.assumingMemoryBound(to: UInt64.self)
      for index in 0..<words {
        state = mix(state ^ wordBase[index])
      }
      if count % 8 != 0 {
        var tail: UInt64 = 0
        for index in (words * 8)..<count {
          tail = tail << 8 | UInt64(buffer[index])
        }
        state = mix(state ^ tail ^ 0x8000_0000_0000_0000)
      }
    }
    return Int64(bitPattern: mix(state ^ total))
  }

  /// One step of the hash: a multiply and rotate, as in FNV and xxHash.
  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    let product = value &* 0x9E37_79B1_85EB_CA87
    return (product << 31 | product >> 33) &* 0xC2B2_AE3D_27D4_EB4F
  }
}
