import Foundation
import Testing

/// Runs the built `icslanes` executable, as a user would.
enum CommandRunner {
  /// What a run printed and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `icslanes` binary beside the test bundle (both live in the build directory).
  static func binary() throws -> URL {
    let arguments = CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
    var candidates: [URL] = []
    if let arguments {
      var directory = arguments.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent("icslanes"))
        directory = directory.deletingLastPathComponent()
      }
    }
    candidates.append(TestFiles.root.appendingPathComponent(".build/debug/icslanes"))
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "icslanes binary not found; looked at \(candidates.map(\.path))")
  }

  /// Runs `icslanes arguments`, with `environment` added to a minimal one (no `NO_COLOR`,
  /// `COLUMNS` or `TERM` unless given).
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    try run(executable: binary(), arguments, environment: environment)
  }

  /// Runs another program (a shell around `icslanes`, say) the same way.
  static func run(
    _ arguments: [String], executable: URL, environment: [String: String] = [:]
  ) throws -> Result {
    try run(executable: executable, arguments, environment: environment)
  }

  /// Runs `icslanes arguments` on a pseudo-terminal (through util-linux `script`), so the
  /// command sees a tty on standard output.
  static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws
    -> Result
  {
    let command = try ([binary().path] + arguments).map(shellQuoted).joined(separator: " ")
    return try run(
      executable: URL(fileURLWithPath: "/usr/bin/script"),
      ["-q", "-e", "-c", command, "/dev/null"], environment: environment)
  }

  private static func run(executable: URL, _ arguments: [String], environment: [String: String])
    throws -> Result
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var base = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
    base.merge(environment) { _, new in new }
    process.environment = base
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
