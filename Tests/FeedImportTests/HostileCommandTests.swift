import Foundation
import IcsLanes
import Scratch
import Testing

/// The command's arguments, environment and file opening at their edges (issue 11).
@Suite("Hostile command input")
struct HostileCommandTests {
  static let sample = Hostile.sample("hostile/dur-hours.ics")

  /// A new empty folder under the temporary directory (the caller removes it).
  static func temporaryFolder() throws -> URL {
    try Scratch.folder()
  }

  @Test(
    "negative numbers are rejected as numbers, not read as options",
    arguments: [
      ("--months", "--months must be 1 to 1200"), ("--width", "--width must be at least 1"),
      ("--max-lanes", "--max-lanes must be at least 1"),
      ("--timeout", "--timeout must be more than 0"),
      ("--month", "--month \"-1\" is not a month"), ("--today", "--today \"-1\" is not a date"),
    ])
  func negativeNumbers(_ option: String, _ message: String) throws {
    let result = try CommandErrorTests.run([
      HostileCommandTests.sample, "--month", "2024-08", option, "-1",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains(message))
  }

  @Test("a huge --width or COLUMNS is drawn 1000 columns wide")
  func hugeWidth() throws {
    let byOption = try CommandErrorTests.run([
      HostileCommandTests.sample, "--month", "2024-08", "--width", "9223372036854775807",
    ])
    let byEnvironment = try CommandErrorTests.run(
      [HostileCommandTests.sample, "--month", "2024-08"],
      environment: ["COLUMNS": "100000000"])
    for result in [byOption, byEnvironment] {
      #expect(result.status == 0)
      let widest = result.stdout.split(separator: "\n").map { TerminalText.width(of: String($0)) }
        .max()
      // Seven equal columns and their borders fill at most the 1000 columns.
      #expect((990...1_000).contains(widest ?? 0))
    }
  }

  @Test("output that cannot be written: exit 74 with the system's reason, once")
  func unwritableOutput() throws {
    for format in ["json", "text", "html", "agenda"] {
      let full = try CommandErrorTests.run(
        [HostileCommandTests.sample, "--month", "2024-08", "--format", format],
        shell: "exec \"$0\" \"$@\" > /dev/full")
      #expect(full.status == 74, "\(format)")
      #expect(full.stderr == "icslanes: error: cannot write the output: No space left on device\n")
    }
    let closed = try CommandErrorTests.run(
      [HostileCommandTests.sample, "--month", "2024-08"], shell: "exec \"$0\" \"$@\" >&-")
    #expect(closed.status == 74)
    #expect(closed.stderr == "icslanes: error: cannot write the output: Bad file descriptor\n")
    // The help and the version too (ArgumentParser's print lost them and exited 0).
    for arguments in [["--help"], ["--version"], ["help"]] {
      let plain = try CommandErrorTests.run(arguments)
      #expect(plain.status == 0 && !plain.stdout.isEmpty, "\(arguments)")
      for (redirect, reason) in [
        ("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor"),
      ] {
        let run = try CommandErrorTests.run(arguments, shell: "exec \"$0\" \"$@\" " + redirect)
        #expect(run.status == 74, "\(arguments) \(redirect)")
        #expect(run.stderr == "icslanes: error: cannot write the output: \(reason)\n")
      }
    }
  }

  @Test("a closed or full standard error loses the messages, not the run")
  func unwritableStandardError() throws {
    let sample = Hostile.sample("hostile/bad-events.ics")
    let arguments = [sample, "--month", "2024-08", "--format", "json"]
    let open = try CommandErrorTests.run(arguments)
    #expect(open.status == 0)
    #expect(!open.stderr.isEmpty)
    for redirect in ["2>&-", "2>/dev/full"] {
      let run = try CommandErrorTests.run(arguments, shell: "exec \"$0\" \"$@\" " + redirect)
      #expect(run.status == 0, "\(redirect)")
      #expect(run.stdout == open.stdout, "\(redirect)")
    }
    let missing = try CommandErrorTests.run(
      ["/nonexistent/feed.ics", "--month", "2024-08"], shell: "exec \"$0\" \"$@\" 2>&-")
    #expect(missing.status == 66)
  }

  @Test("an unknown zone in TZ is reported")
  func unknownTZ() throws {
    let result = try CommandErrorTests.run(
      [HostileCommandTests.sample, "--month", "2024-08"], environment: ["TZ": "Mars/Base"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("TZ \"Mars/Base\" is not a known time zone"))
  }

  @Test(
    "a TZ naming a FIFO does not block: glibc never reads a TZ that names no zone",
    .timeLimit(.minutes(1)))
  func tzNamingAFIFO() throws {
    let folder = try HostileCommandTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("zone").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // glibc reads /usr/share/zoneinfo/$TZ: climb from there to the FIFO.
    let tz = "../../../.." + fifo
    for extra in [[], ["--tz", "Europe/Berlin"]] {
      let result = try CommandErrorTests.run(
        [HostileCommandTests.sample, "--month", "2024-08"] + extra, environment: ["TZ": tz])
      #expect(result.status == 0, "\(extra): \(result.stderr)")
      #expect(result.stderr.contains("is not a known time zone") == extra.isEmpty)
    }
  }

  @Test("a symlink loop and a FIFO with no writer get clear messages and do not block")
  func loopAndFIFO() throws {
    let folder = try HostileCommandTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.ics").path
    let second = folder.appendingPathComponent("b.ics").path
    try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
    try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
    let loop = try CommandErrorTests.run([first, "--month", "2024-08"])
    #expect(loop.status == 66)
    #expect(loop.stderr.contains("symbolic links"))
    let fifo = folder.appendingPathComponent("fifo.ics").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let blocked = try CommandErrorTests.run([fifo, "--month", "2024-08"])
    #expect(blocked.status == 65)
    #expect(blocked.stderr.contains("empty"))
  }

  @Test("bidi controls and BOMs never reach the terminal")
  func bidiAndBOM() throws {
    let text = TerminalText.sanitize("a\u{202E}b\u{2066}c\u{FEFF}d\u{2069}")
    #expect(text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}")
    let folder = try HostileCommandTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bom.ics").path
    try Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\n".utf8)).write(
      to: URL(fileURLWithPath: path))
    let result = try CommandErrorTests.run([path, "--month", "2024-08"])
    #expect(result.status == 65)
    #expect(!result.stderr.unicodeScalars.contains("\u{FEFF}"))
  }
}
