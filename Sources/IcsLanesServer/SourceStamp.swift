import Foundation

/// What identifies the current bytes of a feed file or folder without reading them: for a file
/// its device, inode, size and modification and change times; for a folder the same of the
/// folder and of every entry in it. A feed whose stamp changed is loaded again.
struct SourceStamp: Sendable, Hashable {
  private var values: [Int64]

  /// The stamp of the file or folder at `path`, or nil when it cannot be read (gone, no
  /// permission): the feed keeps what it has.
  static func of(_ path: String) -> SourceStamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    var values = SourceStamp.values(of: status)
    if status.st_mode & S_IFMT == S_IFDIR {
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        return nil
      }
      for entry in entries.sorted() {
        var child = stat()
        guard stat(path + "/" + entry, &child) == 0 else { continue }
        values += [Int64(truncatingIfNeeded: entry.hashValue)] + SourceStamp.values(of: child)
      }
    }
    return SourceStamp(values: values)
  }

  private static func values(of status: stat) -> [Int64] {
    [
      Int64(truncatingIfNeeded: status.st_dev), Int64(truncatingIfNeeded: status.st_ino),
      Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec),
      Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec),
    ]
  }
}
