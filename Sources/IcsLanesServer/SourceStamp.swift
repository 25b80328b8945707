import Foundation

/// What identifies the current bytes of a feed file or folder without reading them: for a file
/// its device, inode, size and modification and change times; for a folder the same of the
/// folder and of every entry in it. A feed whose stamp changed is loaded again.
struct SourceStamp: Sendable, Hashable {
  private var values: [Int64]
  /// The latest modification or change time of the file (or of the folder and its entries), in
  /// seconds since 1970.
  private(set) var newest: Int64 = 0

  /// Whether nothing was written for a second: a writer is not in the middle of the file.
  var isQuiet: Bool {
    Int64(time(nil)) - newest >= 1
  }

  /// The stamp of the file or folder at `path`, or nil when it cannot be read (gone, no
  /// permission): the feed keeps what it has.
  static func of(_ path: String) -> SourceStamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    var values = SourceStamp.values(of: status)
    var newest = max(Int64(status.st_mtim.tv_sec), Int64(status.st_ctim.tv_sec))
    if status.st_mode & S_IFMT == S_IFDIR {
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        return nil
      }
      for entry in entries.sorted() {
        var child = stat()
        guard stat(path + "/" + entry, &child) == 0 else { continue }
        values += [Int64(truncatingIfNeeded: entry.hashValue)] + SourceStamp.values(of: child)
        newest = max(newest, Int64(child.st_mtim.tv_sec), Int64(child.st_ctim.tv_sec))
      }
    }
    return SourceStamp(values: values, newest: newest)
  }

  private static func values(of status: stat) -> [Int64] {
    [
      Int64(truncatingIfNeeded: status.st_dev), Int64(truncatingIfNeeded: status.st_ino),
      Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec),
      Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec),
    ]
  }
}
