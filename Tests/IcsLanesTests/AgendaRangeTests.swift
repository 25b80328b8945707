import Foundation
import Testing

/// `--from today|DATE --days N` or `--to DATE`: the agenda from a day, as `khal list` lists it,
/// with a today mark, `(day k/n)` on occurrences over several days, and colour when asked.
@Suite("Agenda from a day")
struct AgendaRangeTests {
  static let feeds = [TestFiles.sample("family.ics"), TestFiles.sample("team.ics")]
  static let berlin = ["--tz", "Europe/Berlin", "--today", "2024-08-09"]

  static func headings(_ result: CommandRunner.Result) -> [Substring] {
    result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }
  }

  @Test("--from today --days 3 lists three days from today, today marked, no month heading")
  func fromToday() throws {
    let result = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + ["--from", "today", "--days", "3"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      AgendaRangeTests.headings(result) == [
        "Fri 2024-08-09 (today)", "Sat 2024-08-10", "Sun 2024-08-11",
      ])
    #expect(result.stdout.contains("  all day      Anna on leave (day 12/19)  [Team]\n"))
    #expect(result.stdout.contains("  20:00 →      Neighbourhood party (day 1/2)  @ Courtyard"))
    #expect(result.stdout.contains("  → 00:30      Neighbourhood party (day 2/2)  @ Courtyard"))
    // --days alone starts today; 7 days without --days or --to.
    let days = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + ["--days", "3", "--format", "agenda"])
    #expect(days.stdout == result.stdout)
    let week = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + ["--from", "2024-08-09"])
    #expect(AgendaRangeTests.headings(week).count == 7)
  }

  @Test("--to crosses a month boundary; the lines are the month agendas' lines of those days")
  func acrossMonths() throws {
    let range = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + [
        "--from", "2024-08-30", "--to", "2024-09-02",
      ])
    #expect(
      AgendaRangeTests.headings(range) == [
        "Fri 2024-08-30", "Sat 2024-08-31", "Sun 2024-09-01", "Mon 2024-09-02",
      ])
    let months = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + [
        "--format", "agenda", "--month", "2024-08", "--months", "2",
      ])
    for line in range.stdout.split(separator: "\n") {
      #expect(months.stdout.contains(line), "\(line)")
    }
  }

  @Test("Nothing on those days says so")
  func empty() throws {
    let result = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + ["--from", "2030-01-01", "--days", "2"])
    #expect(result.stdout == "  (no events)\n")
  }

  @Test(
    "Bad ranges are one-line usage errors",
    arguments: [
      (["--from", "soon"], "--from \"soon\" is not a day: use today or YYYY-MM-DD"),
      (["--to", "2024-13-01"], "--to \"2024-13-01\" is not a date: use YYYY-MM-DD"),
      (
        ["--from", "today", "--format", "json"],
        "--from, --days and --to list days in the agenda: use --format agenda"
      ),
      (
        ["--from", "today", "--month", "2024-08"],
        "--from lists days from a day: leave out --month and --months"
      ),
      (
        ["--days", "3", "--to", "2024-09-01"],
        "--days and --to both say where the list ends: give one"
      ),
      (
        ["--from", "2024-08-05", "--to", "2024-08-01"],
        "--to 2024-08-01 is before --from 2024-08-05"
      ),
      (["--days", "0"], "--days must be 1 to 3660"),
      (["--from", "9999-12-30", "--days", "5"], "--from 9999-12-30 runs past 9999-12-31"),
    ])
  func badRange(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + arguments)
    #expect(result.status == 64)
    #expect(result.stderr == "icslanes: error: \(message)\n")
  }

  @Test("With --color always the agenda colours calendar tags and today's heading")
  func colour() throws {
    let base =
      AgendaRangeTests.feeds + AgendaRangeTests.berlin + ["--from", "today", "--days", "1"]
    let plain = try CommandRunner.run(base)
    #expect(!plain.stdout.contains("\u{1B}["))
    let coloured = try CommandRunner.run(
      base + ["--color", "always"], environment: ["COLORTERM": "truecolor"])
    #expect(coloured.stdout.hasPrefix("\u{1B}[7mFri 2024-08-09\u{1B}[0m (today)\n"))
    #expect(coloured.stdout.contains("\u{1B}[48;2;"))
    #expect(coloured.stdout.contains("[Team]\u{1B}[0m\n"))
  }
}
