import Foundation

/// Temporary files and folders for the tests.
///
/// Everything lives in one folder of the test process, removed when the process exits, so that
/// a test run leaves nothing behind in the system's temporary directory (before, each run left
/// some thirty folders there).
public enum Scratch {
  /// This process's folder: `icslanes-tests-PID-RANDOM` in the temporary directory, made on
  /// first use and removed at exit.
  public static let root: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "icslanes-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: Scratch.root) }
    return url
  }()

  /// A new empty folder, its name starting with `prefix`.
  public static func folder(_ prefix: String = "folder") throws -> URL {
    let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The path of a file named `name`, not yet made, alone in a new folder.
  public static func file(named name: String) throws -> URL {
    try folder("file").appendingPathComponent(name)
  }
}
