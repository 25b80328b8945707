import Foundation
import Scratch
import Testing

/// The `icslanes` command on broken input: one line on stderr saying what and where, the
/// documented exit code (Docs/errors.md), and no control character from a feed or a path on
/// the terminal.
@Suite("Command errors")
struct CommandErrorTests {
  /// The built `icslanes` beside the test bundle.
  static var executable: URL {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = runner.deletingLastPathComponent()
    // The runner may sit inside the .xctest bundle on some platforms.
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS"
      || folder.lastPathComponent == "Contents"
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("icslanes")
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `icslanes` with `environment` added to this process's, and no user's configuration
  /// file (a missing XDG folder means none is read).
  static func run(
    _ arguments: [String], environment: [String: String] = [:], shell: String? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    // With `shell`, the command runs as `sh -c SHELL icslanes ARGUMENTS…` (redirections).
    if let shell {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", shell, executable.path] + arguments
    }
    var base = ProcessInfo.processInfo.environment
    base["XDG_CONFIG_HOME"] = "/nonexistent/icslanes-tests"
    process.environment = base.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  static func temporaryFile(named name: String, contents: String) throws -> String {
    let path = try Scratch.file(named: name).path
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("the command is built next to the tests")
  func executableExists() {
    #expect(FileManager.default.isExecutableFile(atPath: CommandErrorTests.executable.path))
  }

  @Test("a missing file: exit 66, one line naming it")
  func missingFile() throws {
    let run = try CommandErrorTests.run(["/nonexistent/feed.ics", "--month", "2024-08"])
    #expect(run.status == 66)
    #expect(run.stderr == "icslanes: error: /nonexistent/feed.ics: cannot read: no such file\n")
    #expect(run.stdout.isEmpty)
  }

  @Test("an HTML page: exit 65, one line naming the file and the line")
  func htmlPage() throws {
    let path = try CommandErrorTests.temporaryFile(
      named: "calendar.ics", contents: "\n<!DOCTYPE html>\n<html><body>Sign in</body></html>\n")
    let run = try CommandErrorTests.run([path, "--month", "2024-08"])
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "icslanes: error: \(path): not iCalendar: line 2 starts like HTML or XML (\"<!DOCTYPE html>\"), not with BEGIN:VCALENDAR\n"
    )
  }

  @Test("invalid arguments: exit 64, one line")
  func invalidArguments() throws {
    let sample = Hostile.sample("family.ics")
    for arguments in [
      [sample, "--month", "2024-13"], [sample, "--month", "2024-08", "--bogus"],
      [sample, "--month", "2024-08", "--tz", "Mars/Olympus"], ["--month", "2024-08"],
    ] {
      let run = try CommandErrorTests.run(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderr.hasPrefix("icslanes: error: "), "\(arguments)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(arguments)")
    }
  }

  @Test("lenient: skipped events warn with file, line and UID; JSON lists them; exit 0")
  func lenient() throws {
    let path = Hostile.sample("hostile/bad-events.ics")
    let run = try CommandErrorTests.run([
      path, "--month", "2024-08", "--tz", "UTC", "--format", "json", "--stats",
    ])
    #expect(run.status == 0)
    #expect(
      run.stderr.contains("icslanes: warning: \(path):11: event no-dtstart@bad skipped: no DTSTART")
    )
    #expect(
      run.stderr.contains(
        "2024-08: 9 events read = 6 shown + 0 outside the month + 0 cancelled + 3 skipped + 0 duplicate"
      ))
    #expect(
      run.stderr.contains(
        "icslanes: warning: \(path):29: event bad-rrule@bad: RRULE cannot be read; dropped"
      ))
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let skipped = object?["skipped"] as? [[String: Any]]
    #expect(skipped?.count == 3)
    #expect(
      skipped?.contains { $0["uid"] as? String == "bad-dtstart@bad" && $0["line"] as? Int == 17 }
        == true)
  }

  @Test("--strict: the first problem fails the run with exit 65")
  func strict() throws {
    let path = Hostile.sample("hostile/bad-events.ics")
    let run = try CommandErrorTests.run([path, "--month", "2024-08", "--strict"])
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "icslanes: error: \(path):11: event no-dtstart@bad skipped: no DTSTART (--strict)\n")
    #expect(run.stdout.isEmpty)
  }

  @Test("no control character from a feed or a path reaches the terminal")
  func terminalSafety() throws {
    let text = try CommandErrorTests.run([
      Hostile.sample("hostile/terminal-escape.ics"), "--month", "2024-08", "--tz", "UTC",
      "--width", "120",
    ])
    #expect(text.status == 0)
    #expect(!TerminalSafetyTests.hasControls(text.stdout))
    #expect(text.stdout.contains("␛]0;pwned␇<script>"))
    let html = try CommandErrorTests.run([
      Hostile.sample("hostile/terminal-escape.ics"), "--month", "2024-08", "--tz", "UTC",
      "--format", "html",
    ])
    #expect(html.status == 0)
    #expect(!html.stdout.contains("<script>alert(1)</script>"))
    #expect(html.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!TerminalSafetyTests.hasControls(html.stdout))
    let hostilePath = try CommandErrorTests.temporaryFile(
      named: "a\u{1B}]0;pwned\u{07}.ics", contents: "<html>")
    let failed = try CommandErrorTests.run([hostilePath, "--month", "2024-08"])
    #expect(failed.status == 65)
    #expect(!TerminalSafetyTests.hasControls(failed.stderr))
    #expect(failed.stderr.contains("a␛]0;pwned␇.ics"))
  }
}
