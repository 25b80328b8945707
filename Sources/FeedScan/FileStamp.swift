#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies a file's bytes without reading them: its device, inode, size, and
/// modification and change times. When any of them differs, the bytes may differ too.
package struct FileStamp: Equatable, Sendable, Codable {
  package var device: Int64
  package var inode: Int64
  package var size: Int64
  /// Modification time, nanoseconds since 1970.
  package var modified: Int64
  /// Status change time, nanoseconds since 1970 (no tool sets it back, unlike the former).
  package var changed: Int64

  package init(device: Int64, inode: Int64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }

  /// The stamp of the file whose status is `status`.
  package init(status: stat) {
    self.init(
      device: Int64(bitPattern: UInt64(status.st_dev)),
      inode: Int64(bitPattern: UInt64(status.st_ino)), size: Int64(status.st_size),
      modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
      changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
  }

  /// The stamp of the file open as `descriptor` now; nil when it cannot be examined.
  package init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status: status)
  }
}
