import Foundation
import Scratch
import Testing

/// How many warning lines a run prints: one per kind by default, every one with `--verbose`,
/// none with `-q`; and a feed given twice is read once, with a warning.
@Suite("Warning output")
struct WarningOutputTests {
  static let family = TestFiles.sample("family.ics")
  static let august = ["--month", "2024-08", "--tz", "UTC", "--format", "json"]

  /// A feed with `copies` copies of one event and `broken` events without DTSTART.
  static func repeatedFeed(copies: Int, broken: Int) throws -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    for copy in 0..<copies {
      lines += [
        "BEGIN:VEVENT", "UID:same@tests", "DTSTAMP:20240801T000000Z",
        "DTSTART;VALUE=DATE:20240805", "SUMMARY:Copy \(copy)", "END:VEVENT",
      ]
    }
    for _ in 0..<broken {
      lines += ["BEGIN:VEVENT", "UID:broken@tests", "SUMMARY:No start", "END:VEVENT"]
    }
    lines.append("END:VCALENDAR")
    let file = try Scratch.file(named: "repeated.ics")
    try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: file)
    return file.path
  }

  static func warnings(_ result: CommandRunner.Result) -> [Substring] {
    result.stderr.split(separator: "\n").filter { $0.hasPrefix("icslanes: warning: ") }
  }

  @Test("By default a kind of more than three warnings is one line naming the first three")
  func summary() throws {
    let feed = try WarningOutputTests.repeatedFeed(copies: 1_002, broken: 5)
    let result = try CommandRunner.run([feed] + WarningOutputTests.august)
    #expect(result.status == 0)
    let lines = WarningOutputTests.warnings(result)
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(
      lines.first
        == "icslanes: warning: 1,001 events repeat an earlier one (same UID and RECURRENCE-ID); one of each is used: \(feed):10, \(feed):16, \(feed):22 and 998 more (--verbose lists them)"
    )
    #expect(
      lines.last
        == "icslanes: warning: 5 events skipped: no DTSTART: \(feed):6016, \(feed):6020, \(feed):6024 and 2 more (--verbose lists them)"
    )
  }

  @Test("Three warnings of a kind or fewer are listed in full")
  func fewInFull() throws {
    let feed = try WarningOutputTests.repeatedFeed(copies: 3, broken: 1)
    let lines = WarningOutputTests.warnings(
      try CommandRunner.run([feed] + WarningOutputTests.august))
    #expect(lines.count == 3)
    #expect(
      lines[0].hasSuffix(
        ":10: event same@tests: repeats the VEVENT at line 4 (same UID and RECURRENCE-ID); that one is used"
      ))
    #expect(lines[2].hasSuffix(": event broken@tests skipped: no DTSTART"))
  }

  @Test("--verbose lists every warning; -q and --quiet print none, and the output is the same")
  func verboseAndQuiet() throws {
    let feed = try WarningOutputTests.repeatedFeed(copies: 60, broken: 5)
    let plain = try CommandRunner.run([feed] + WarningOutputTests.august)
    let verbose = try CommandRunner.run([feed, "--verbose"] + WarningOutputTests.august)
    #expect(WarningOutputTests.warnings(verbose).count == 59 + 5)
    for flag in ["-q", "--quiet"] {
      let quiet = try CommandRunner.run([feed, flag, "--stats"] + WarningOutputTests.august)
      #expect(quiet.status == 0)
      #expect(WarningOutputTests.warnings(quiet).isEmpty)
      #expect(quiet.stdout == plain.stdout)
      // --stats was asked for: it is still printed.
      #expect(quiet.stderr.contains("events read"))
    }
    let both = try CommandRunner.run([feed, "-q", "--verbose"] + WarningOutputTests.august)
    #expect(both.status == 64)
    // Errors are still printed.
    let missing = try CommandRunner.run(["/nonexistent.ics", "-q"] + WarningOutputTests.august)
    #expect(missing.status == 66)
    #expect(missing.stderr.hasPrefix("icslanes: error: "))
  }

  @Test("A feed given twice (same path, another spelling, a link) is read once, with a warning")
  func sameFeedTwice() throws {
    let once = try CommandRunner.run([WarningOutputTests.family] + WarningOutputTests.august)
    let folder = try Scratch.folder("links")
    let link = folder.appendingPathComponent("linked.ics").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: WarningOutputTests.family)
    let family = WarningOutputTests.family
    let spelled = (family as NSString).deletingLastPathComponent + "/./family.ics"
    for second in [family, spelled, link] {
      let twice = try CommandRunner.run([family, second] + WarningOutputTests.august)
      #expect(twice.status == 0)
      #expect(twice.stdout == once.stdout, "\(second)")
      #expect(
        WarningOutputTests.warnings(twice) == [
          "icslanes: warning: \"\(second)\" is the same feed as \"\(family)\"; it is read once"
        ])
    }
    let quiet = try CommandRunner.run([family, family, "-q"] + WarningOutputTests.august)
    #expect(quiet.stderr.isEmpty)
  }
}
