import Foundation
import Scratch
import Testing

/// Getting calendars in through the command: defaults from the configuration file, the month
/// and the week start when not given, folders, `--version`, `icslanes help` and the shell
/// completions.
@Suite("Command inputs and defaults")
struct CommandInputsTests {
  static let family = TestFiles.sample("family.ics")
  static let team = TestFiles.sample("team.ics")
  static let household = TestFiles.sample("household")

  /// A folder holding `icslanes/config.toml` with `text`, as `XDG_CONFIG_HOME`.
  static func configHome(_ text: String) throws -> (home: String, file: String) {
    let home = try Scratch.folder("config")
    let folder = home.appendingPathComponent("icslanes")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("config.toml")
    try Data(text.utf8).write(to: file)
    return (home.path, file.path)
  }

  static func json(_ result: CommandRunner.Result) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(object as? [String: Any], "\(result.stderr)")
  }

  @Test("Standard input is read as the same bytes in a file are, events outside the month too")
  func standardInputAsAFile() throws {
    // Two events with one UID: the first, in March, is passed over for August and then read
    // again at its line, and is the one used.
    let text = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN", "BEGIN:VEVENT",
      "UID:twice@tests", "DTSTART;VALUE=DATE:20240304", "SUMMARY:The one used", "END:VEVENT",
      "BEGIN:VEVENT", "UID:twice@tests", "DTSTART;VALUE=DATE:20240806", "SUMMARY:A duplicate",
      "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    // Named `stdin.ics`, the file's calendar is named as standard input's is.
    let file = try Scratch.folder("stdin").appendingPathComponent("stdin.ics")
    try Data(text.utf8).write(to: file)
    let options = ["--month", "2024-08", "--tz", "UTC", "--format", "json", "--stats"]
    let fromFile = try CommandRunner.run([file.path] + options)
    let binary = try CommandRunner.binary().path
    let fromInput = try CommandRunner.run(
      ["-c", "exec \"$0\" - \"$@\" < '\(file.path)'", binary] + options,
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(fromFile.status == 0 && fromInput.status == 0)
    #expect(fromInput.stdout == fromFile.stdout)
    #expect(fromInput.stderr == fromFile.stderr.replacingOccurrences(of: file.path, with: "stdin"))
    #expect(
      fromInput.stderr.hasPrefix(
        "icslanes: warning: stdin:9: event twice@tests: repeats the VEVENT at line 4"))
  }

  @Test("--version prints the version; icslanes help prints the help, not a feed error")
  func versionAndHelp() throws {
    let version = try CommandRunner.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "0.15.0\n")
    let help = try CommandRunner.run(["help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: icslanes"))
    #expect(help.stdout.contains("--week-start"))
    #expect(help.stderr.isEmpty)
  }

  @Test("Without --month, the month of today in the display zone")
  func defaultMonth() throws {
    let result = try CommandRunner.run([
      CommandInputsTests.family, "--tz", "Europe/Berlin", "--today", "2024-08-15", "--format",
      "json",
    ])
    #expect(try CommandInputsTests.json(result)["month"] as? String == "2024-08")
    // With no --today the month is the real one: the clock's, in the zone.
    let now = try CommandRunner.run([CommandInputsTests.family, "--tz", "UTC", "--format", "json"])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let parts = calendar.dateComponents([.year, .month], from: Date())
    let expected = String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    #expect(try CommandInputsTests.json(now)["month"] as? String == expected)
  }

  @Test(
    "The week starts as the locale's: Monday for de_DE, Sunday for en_US and ja_JP and by default")
  func weekStartFromLocale() throws {
    let base = [CommandInputsTests.family, "--month", "2024-08", "--tz", "UTC", "--format", "json"]
    func weekStart(_ extra: [String]) throws -> String? {
      try CommandInputsTests.json(CommandRunner.run(base + extra))["weekStart"] as? String
    }
    #expect(try weekStart([]) == "sunday")
    #expect(try weekStart(["--locale", "de_DE"]) == "monday")
    #expect(try weekStart(["--locale", "en_US"]) == "sunday")
    #expect(try weekStart(["--locale", "ja_JP"]) == "sunday")
    #expect(try weekStart(["--locale", "de_DE", "--week-start", "wednesday"]) == "wednesday")
  }

  @Test("The configuration file gives feeds with names and colours, zone, week start and width")
  func configDefaults() throws {
    let (home, _) = try CommandInputsTests.configHome(
      """
      # icslanes defaults
      tz = "America/New_York"
      week-start = "tuesday"
      width = 90

      [[feed]]
      path = "\(CommandInputsTests.team)"
      name = "Work"
      color = "#123ABC"

      [[feed]]
      path = "\(CommandInputsTests.household)"
      """)
    let environment = ["XDG_CONFIG_HOME": home]
    let json = try CommandInputsTests.json(
      CommandRunner.run(
        ["--month", "2024-08", "--format", "json"], environment: environment))
    #expect(json["timeZone"] as? String == "America/New_York")
    #expect(json["weekStart"] as? String == "tuesday")
    let calendars = try #require(json["calendars"] as? [[String: String]])
    #expect(
      calendars == [
        ["name": "Work", "color": "#123abc"], ["name": "Household", "color": "#2ca02c"],
      ])
    // Flags override; a feed on the command line keeps the name the file gives it.
    let overridden = try CommandInputsTests.json(
      CommandRunner.run(
        [
          CommandInputsTests.team, "--month", "2024-08", "--format", "json", "--tz", "UTC",
          "--week-start", "monday",
        ],
        environment: environment))
    #expect(overridden["timeZone"] as? String == "UTC")
    #expect(overridden["weekStart"] as? String == "monday")
    #expect(
      overridden["calendars"] as? [[String: String]] == [["name": "Work", "color": "#123abc"]])
    // Width from the file, over COLUMNS; --width over both.
    func grid(_ extra: [String], _ more: [String: String]) throws -> String {
      try CommandRunner.run(
        [CommandInputsTests.family, "--month", "2024-08", "--today", "2024-08-15"] + extra,
        environment: more
      ).stdout
    }
    let ninety = try grid(
      ["--width", "90", "--week-start", "tuesday", "--tz", "America/New_York"], [:])
    let eighty = try grid(
      ["--width", "80", "--week-start", "tuesday", "--tz", "America/New_York"], [:])
    #expect(ninety != eighty)
    #expect(try grid([], environment.merging(["COLUMNS": "70"]) { $1 }) == ninety)
    #expect(try grid(["--width", "80"], environment) == eighty)
    // --no-config reads none: no feed given is then an error.
    let none = try CommandRunner.run(
      ["--month", "2024-08", "--no-config"], environment: environment)
    #expect(none.status == 64)
  }

  @Test("A bad configuration file: exit 78, one line naming the file and the line")
  func badConfig() throws {
    let cases: [(String, String)] = [
      ("tz = \"UTC\"\nweek-strat = \"monday\"\n", ":2: unknown key \"week-strat\""),
      ("tz = \"UTC\"\nwidth = [\n", ":2: "),
      ("week-start = \"someday\"\n", ":1: week-start \"someday\" is not a weekday"),
      ("tz = \"Mars/Olympus\"\n", ":1: tz \"Mars/Olympus\" is not a known time zone"),
      ("\n[[feed]]\nname = \"x\"\n", ":2: feed 1 needs path"),
      (
        "[[feed]]\npath = \"a.ics\"\ncolor = \"blurple\"\n",
        ":3: feed 1: color \"blurple\" is not a colour: use #rrggbb or a CSS name such as teal"
      ),
    ]
    for (text, expected) in cases {
      let (home, file) = try CommandInputsTests.configHome(text)
      let result = try CommandRunner.run(
        [CommandInputsTests.family, "--month", "2024-08"], environment: ["XDG_CONFIG_HOME": home])
      #expect(result.status == 78, "\(text)")
      #expect(result.stderr.hasPrefix("icslanes: error: \(file)\(expected)"), "\(result.stderr)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
    let missing = try CommandRunner.run(
      [CommandInputsTests.family, "--month", "2024-08", "--config", "/nonexistent/icslanes.toml"])
    #expect(missing.status == 66)
    // What cannot be a configuration file is not read: a huge file, a FIFO (no writer: reading
    // it would wait for ever).
    let (home, file) = try CommandInputsTests.configHome(
      "width = 100\n" + String(repeating: "# padding\n", count: 110_000))
    let huge = try CommandRunner.run(
      [CommandInputsTests.family, "--month", "2024-08"], environment: ["XDG_CONFIG_HOME": home])
    #expect(huge.status == 78)
    #expect(
      huge.stderr == "icslanes: error: \(file): larger than 1 MiB; not a configuration file\n")
    try FileManager.default.removeItem(atPath: file)
    #expect(mkfifo(file, 0o600) == 0)
    let fifo = try CommandRunner.run(
      [CommandInputsTests.family, "--month", "2024-08"], environment: ["XDG_CONFIG_HOME": home])
    #expect(fifo.status == 78)
    #expect(fifo.stderr.hasSuffix("cannot read the configuration file: not a regular file\n"))
  }

  @Test("A folder of 3000 files is read with 32 file descriptors")
  func folderWithFewDescriptors() throws {
    let folder = try Scratch.folder("many-files")
    defer { try? FileManager.default.removeItem(at: folder) }
    for index in 0..<3_000 {
      let day = String(format: "202408%02d", 1 + index % 28)
      let text =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:\(index)\r\nDTSTART;VALUE=DATE:\(day)\r\nSUMMARY:E\(index)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
      try Data(text.utf8).write(to: folder.appendingPathComponent("\(index).ics"))
    }
    let binary = try CommandRunner.binary().path
    let result = try CommandRunner.run(
      [
        "-c", "ulimit -n 32 && exec \"$0\" \"$@\"", binary, folder.path, "--month", "2024-08",
        "--tz", "UTC", "--stats", "--format", "json",
      ],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("3000 events read = 3000 shown"), "\(result.stderr)")
  }

  @Test(
    "The bash completion script completes .ics files and folders, --tz zones and --week-start days")
  func completions() throws {
    let script = try CommandRunner.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    #expect(script.stdout.contains("-o plusdirs -fX '!*.@(ics)'"))
    #expect(script.stdout.contains("'Europe/Berlin'"))
    #expect(script.stdout.contains("'sunday'$'\\n''monday'"))
    // Run by bash itself, the script offers what a user would see.
    let file = try Scratch.file(named: "completion.bash")
    try Data(script.stdout.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    func complete(_ words: [String]) throws -> [String] {
      let line = words.joined(separator: " ")
      let program = """
        shopt -s extglob; source "$0"; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); \
        COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMPREPLY=(); \
        _icslanes icslanes '\(words.last ?? "")' '\(words.dropLast().last ?? "")'; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try CommandRunner.run(
        ["-c", program, file.path], executable: URL(fileURLWithPath: "/bin/bash"))
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["icslanes", "--tz", "Europe/Ber"]) == ["Europe/Berlin"])
    #expect(try complete(["icslanes", "--week-start", "mo"]) == ["monday"])
    let samples = try complete(["icslanes", TestFiles.root.path + "/Samples/"])
    #expect(samples.contains(TestFiles.sample("team.ics")))
    #expect(samples.contains(TestFiles.sample("household")))
    #expect(!samples.contains { $0.hasSuffix(".txt") || $0.hasSuffix(".json") })
  }
}
