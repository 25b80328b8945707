import FeedScan
import Foundation

/// What identifies a feed's bytes without reading them: its path and its file's ``FileStamp``
/// (for a folder, ``init(folder:)``). Any difference and the index checks the bytes again.
struct FeedKeys: Equatable, Sendable, Codable {
  /// The path, with symbolic links resolved.
  var path: String
  var stamp: FileStamp

  /// The keys of the regular file at `path` now; nil when it is not one (or cannot be seen).
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    self.init(path: FeedKeys.canonical(path), stamp: FileStamp(status: status))
  }

  init(path: String, stamp: FileStamp) {
    self.path = path
    self.stamp = stamp
  }

  /// The keys of `folder`'s `.ics` files as it was listed: the folder's canonical path, device
  /// and inode, its count of files as the size, and as the modification time a digest of each
  /// file's name and stamp (``FeedFingerprint/digest(_:)``), which is also the index's hash.
  /// A file added, removed or changed changes them. Nil when the folder cannot be examined.
  init?(folder: CalendarFolder) {
    var status = stat()
    guard stat(folder.path, &status) == 0 else { return nil }
    let own = FileStamp(status: status)
    self.init(
      path: FeedKeys.canonical(folder.path),
      stamp: FileStamp(
        device: own.device, inode: own.inode, size: Int64(folder.files.count),
        modified: FeedFingerprint.digest(folder), changed: 0))
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

  /// A 64-bit digest of `folder`'s files as listed: each one's name and ``FileStamp``, in
  /// order.
  static func digest(_ folder: CalendarFolder) -> Int64 {
    // The names alone, so that the folder's path may be written any way.
    let base = (folder.path.hasSuffix("/") ? folder.path : folder.path + "/").utf8.count
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    for (file, stamp) in zip(folder.files, folder.stamps) {
      for byte in file.utf8.dropFirst(base) { state = mix(state ^ UInt64(byte)) }
      state = mix(state ^ 0x2F)
      for value in [stamp.device, stamp.inode, stamp.size, stamp.modified, stamp.changed] {
        state = mix(state ^ UInt64(bitPattern: value))
      }
    }
    return Int64(bitPattern: mix(state ^ UInt64(folder.files.count)))
  }

  /// One step of the hash: a multiply and rotate, as in FNV and xxHash.
  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    let product = value &* 0x9E37_79B1_85EB_CA87
    return (product << 31 | product >> 33) &* 0xC2B2_AE3D_27D4_EB4F
  }
}
