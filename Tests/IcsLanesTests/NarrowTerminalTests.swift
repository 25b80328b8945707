import Foundation
import Testing

/// Text on narrow and piped terminals: the agenda where the grid does not fit, the terminal's
/// width asked of /dev/tty when piped with `--color always`, and calendars told apart by letters
/// without colour.
@Suite("Narrow and piped terminals")
struct NarrowTerminalTests {
  static let family = TestFiles.sample("family.ics")
  static let team = TestFiles.sample("team.ics")
  static let august = ["--month", "2024-08", "--tz", "Europe/Berlin", "--today", "2024-08-15"]

  static func widest(_ text: String) -> Int {
    // A terminal's lines end in CR LF, one Character to Swift.
    text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map { line in
      // Colour escapes take no columns.
      let plain = line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
      return plain.count
    }.max() ?? 0
  }

  @Test("Below 50 columns text is the agenda, cut to the width; from 50 the grid")
  func narrowIsAgenda() throws {
    for width in [20, 39, 49] {
      let result = try CommandRunner.run(
        [NarrowTerminalTests.family] + NarrowTerminalTests.august + ["--width", "\(width)"])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("# August 2024\n"), "\(width)")
      #expect(NarrowTerminalTests.widest(result.stdout) <= width, "\(width)")
    }
    let columns = try CommandRunner.run(
      [NarrowTerminalTests.family] + NarrowTerminalTests.august, environment: ["COLUMNS": "45"])
    #expect(columns.stdout.hasPrefix("# August 2024\n"))
    let grid = try CommandRunner.run(
      [NarrowTerminalTests.family] + NarrowTerminalTests.august + ["--width", "50"])
    #expect(grid.stdout.contains("┌"))
    #expect(NarrowTerminalTests.widest(grid.stdout) == 50)
  }

  @Test("Piped with --color always, the width is the terminal's (as into less -R)")
  func pipedWidth() throws {
    func run(_ flags: String) throws -> CommandRunner.Result {
      let binary = try CommandRunner.binary().path
      let command =
        "stty cols 64; '\(binary)' '\(NarrowTerminalTests.family)' --month 2024-08 --tz UTC \(flags) | cat"
      return try CommandRunner.run(
        ["-q", "-e", "-c", command, "/dev/null"],
        executable: URL(fileURLWithPath: "/usr/bin/script"))
    }
    let always = try run("--color always")
    #expect(NarrowTerminalTests.widest(always.stdout) == 64, "\(always.stdout)")
    // Without --color always a pipe keeps the default 80 (the output may go to a file): seven
    // columns of 10 and eight borders.
    let plain = try run("")
    #expect(NarrowTerminalTests.widest(plain.stdout) == 78)
  }

  @Test("Without colour, each bar starts with its calendar's letter, named in a legend")
  func letters() throws {
    let two = try CommandRunner.run(
      [NarrowTerminalTests.family, NarrowTerminalTests.team, "--width", "80"]
        + NarrowTerminalTests.august)
    #expect(two.stdout.hasSuffix("└\nF Family · T Team\n") == false)
    #expect(two.stdout.hasSuffix("┘\nF Family · T Team\n"))
    #expect(two.stdout.contains("[F Denti"))
    #expect(two.stdout.contains("[T Daily"))
    let one = try CommandRunner.run(
      [NarrowTerminalTests.family, "--width", "80"] + NarrowTerminalTests.august)
    #expect(!one.stdout.contains("[F "))
    #expect(one.stdout.hasSuffix("┘\n"))
    // With colour the colours tell them apart: no letters.
    let coloured = try CommandRunner.run(
      [NarrowTerminalTests.family, NarrowTerminalTests.team, "--width", "80", "--color", "always"]
        + NarrowTerminalTests.august)
    #expect(!coloured.stdout.contains("F Family · T Team"))
  }
}
