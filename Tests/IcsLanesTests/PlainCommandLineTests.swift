import Foundation
import Scratch
import Testing

/// The usual command lines are read without ArgumentParser (`PlainCommandLine`): each must give
/// what ArgumentParser's reading gives, byte for byte, exit code and messages included.
@Suite("Plain command lines")
struct PlainCommandLineTests {
  static let team = TestFiles.sample("team.ics")
  static let family = TestFiles.sample("family.ics")
  static let august = ["--month", "2024-08"]

  /// Command lines the plain reading takes (`ICSLANES_ARGUMENT_PARSER=never` runs them).
  static func plainLines(index: String) -> [[String]] {
    let team = PlainCommandLineTests.team
    let family = PlainCommandLineTests.family
    return [
      [team] + august,
      august + [team],
      [team, "--month", "2024-08", "--format", "json", "--tz", "Europe/Berlin"],
      [team, family, "--month", "2024-08", "--months", "3", "--format", "json", "--stats"],
      [family, "--month", "2024-08", "--months", "2", "--format", "text", "--tz", "UTC"],
      [team, "--format", "html", "--max-lanes", "2", "--week-start", "monday"] + august,
      [team, "--format", "agenda", "--locale", "ja_JP", "--tz", "Asia/Tokyo"] + august,
      [
        team, "--width", "60", "--color", "always", "--outside-days", "--sticky-lanes",
        "--today", "2024-08-15",
      ] + august,
      [
        team, family, "--calendar", "team", "--calendar", "Family", "--category", "meeting",
        "--grep", "a", "--grep", "e", "--color-of", "Team=#112233", "--color-of",
        "Family=darkgreen", "--format", "json", "--stats",
      ] + august,
      [team, "--strict", "--no-prefilter", "--no-config", "--timeout", "5"] + august,
      [team, "--index", index, "--format", "json"] + august,
      // Values the reading takes and the settings refuse.
      [team, "--month", "2024-13"],
      [team, "--tz", "Nowhere/Zone"] + august,
      [team, "--width", "0"] + august,
      [team, "--months", "0"] + august,
      [team, "--color-of", "nocolour"] + august,
      [team, "--config", "/nonexistent/icslanes.toml"] + august,
      ["/nonexistent/feed.ics"] + august,
      august,
    ]
  }

  /// Command lines left to ArgumentParser: help, `=`, short flags, repeats, unknown options,
  /// values that do not convert or look like options.
  static let parserLines: [[String]] = [
    [team, "--month", "2024-08", "--month", "2024-09"],
    [team, "--month=2024-08"],
    [team, "--format", "yaml"] + august,
    [team, "--months", "x"] + august,
    [team, "--timeout", "soon"] + august,
    [team, "--month", "-2024-08"],
    [team, "--max-lanes", "-1"] + august,
    [team, "--tz"] + august,
    [team, "--stats", "--stats"] + august,
    [team, "--unknown"] + august,
    [team, "-h"],
    [team, "--help"],
    ["--version"],
    [team, "--", "--month"],
    [team, ""] + august,
    ["-", "--month", "2024-08"],
  ]

  static func run(_ arguments: [String], parser: String) throws -> CommandRunner.Result {
    try CommandRunner.run(arguments, environment: ["ICSLANES_ARGUMENT_PARSER": parser])
  }

  @Test(
    "the usual command lines read without ArgumentParser give what ArgumentParser's reading gives")
  func plainEqualsParser() throws {
    let folder = try Scratch.folder("plain-lines")
    for (number, line) in PlainCommandLineTests.plainLines(
      index: folder.appendingPathComponent("plain.idx").path
    ).enumerated() {
      let plain = try PlainCommandLineTests.run(line, parser: "never")
      let parsed = try PlainCommandLineTests.run(line, parser: "always")
      #expect(plain.status == parsed.status, "line \(number): \(line)")
      #expect(plain.stdout == parsed.stdout, "line \(number): \(line)")
      #expect(plain.stderr == parsed.stderr, "line \(number): \(line)")
      // Not refused for needing ArgumentParser.
      #expect(!plain.stderr.contains("ICSLANES_ARGUMENT_PARSER"), "line \(number): \(line)")
    }
    // The lines that lay a month out did so.
    let first = try PlainCommandLineTests.run(
      [PlainCommandLineTests.team, "--format", "json"] + PlainCommandLineTests.august,
      parser: "never")
    #expect(first.status == 0)
    #expect(first.stdout.contains("\"weeks\""))
  }

  @Test("other command lines are left to ArgumentParser, whatever they say")
  func othersGoToParser() throws {
    for line in PlainCommandLineTests.parserLines {
      let refused = try PlainCommandLineTests.run(line, parser: "never")
      #expect(refused.status == 64, "\(line)")
      #expect(refused.stderr.contains("ICSLANES_ARGUMENT_PARSER=never"), "\(line)")
      let automatic = try PlainCommandLineTests.run(line, parser: "auto")
      let parsed = try PlainCommandLineTests.run(line, parser: "always")
      #expect(automatic.status == parsed.status, "\(line)")
      #expect(automatic.stdout == parsed.stdout, "\(line)")
      #expect(automatic.stderr == parsed.stderr, "\(line)")
    }
  }
}
