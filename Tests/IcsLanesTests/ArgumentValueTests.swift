import Testing

/// The values that parse themselves (month, zone, week start, today) say what is wrong in the
/// command's words, one line, exit 64; a value in the configuration file says it with the file's
/// line, exit 78.
@Suite("Command-line values")
struct ArgumentValueTests {
  static let family = TestFiles.sample("family.ics")

  @Test(
    "A bad value is one line naming the flag, as the command words it",
    arguments: [
      (["--month", "2024-13"], "--month \"2024-13\" is not a month: use YYYY-MM, e.g. 2024-08"),
      (["--month=24-08"], "--month \"24-08\" is not a month: use YYYY-MM, e.g. 2024-08"),
      (
        ["--tz", "Mars/Olympus"],
        "--tz \"Mars/Olympus\" is not a known time zone: use an IANA name such as Europe/Berlin or UTC"
      ),
      (
        ["--week-start", "someday"],
        "--week-start \"someday\" is not a weekday: use sunday … saturday"
      ),
      (["--today", "20240815"], "--today \"20240815\" is not a date: use YYYY-MM-DD"),
      (
        ["--months", "abc"],
        "The value 'abc' is invalid for '--months <months>' (see icslanes --help)"
      ),
    ])
  func badValue(arguments: [String], message: String) throws {
    let result = try CommandRunner.run([ArgumentValueTests.family] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr == "icslanes: error: \(message)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test("Values parse as before: a weekday prefix, UTC, an ISO date")
  func goodValues() throws {
    let result = try CommandRunner.run([
      ArgumentValueTests.family, "--month", "2024-08", "--tz", "UTC", "--week-start", "mo",
      "--today", "2024-08-15", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"weekStart\" : \"monday\""))
    #expect(result.stdout.contains("\"timeZone\" : \"UTC\""))
  }

  @Test("--tz completes to UTC too")
  func utcCompletion() throws {
    for shell in ["bash", "zsh", "fish"] {
      let script = try CommandRunner.run(["--generate-completion-script", shell])
      #expect(script.status == 0)
      #expect(script.stdout.contains("Europe/Berlin"), "\(shell)")
      #expect(script.stdout.contains("UTC"), "\(shell)")
    }
  }
}
