import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct FeedGeneratorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icslanes-feedgen",
    abstract: "Write a deterministic, realistic iCalendar feed for benchmarks.",
    discussion: """
      The same arguments always produce byte-identical output. --events counts \
      VEVENT components, so recurrence overrides (RECURRENCE-ID) are included \
      in N. With --dense-month every event lies inside that month and none \
      recurs, so the month holds exactly N occurrences.
      """
  )

  @Option(help: "Number of VEVENT components to write.")
  var events: Int

  @Option(help: "PRNG seed.")
  var seed: UInt64 = 1

  @Option(help: "Number of years the events are spread over.")
  var years: Int = 16

  @Option(name: .customLong("start-year"), help: "First year of the range.")
  var startYear: Int = 2015

  @Option(
    name: .customLong("dense-month"),
    help: ArgumentHelp("Put all events inside this month.", valueName: "YYYY-MM"))
  var denseMonth: String?

  @Option(help: "Kind of feed: standard, mixed, timetable, bookings or office.")
  var profile: FeedProfile = .standard

  @Option(
    name: .customLong("fold-width"),
    help: "Fold lines longer than this many octets (RFC 5545: 75; shorter splits time properties).")
  var foldWidth: Int = 75

  @Option(name: [.customShort("o"), .long], help: "Output file (default: standard output).")
  var output: String?

  @Flag(help: "Print counts, size and time to standard error.")
  var stats = false

  func validate() throws {
    guard events >= 0 else { throw ValidationError("--events must not be negative") }
    guard years >= 1 else { throw ValidationError("--years must be at least 1") }
    guard (1..<9000).contains(startYear) && startYear + years <= 9999 else {
      throw ValidationError("--start-year/--years must stay within years 1...9999")
    }
    guard foldWidth >= 2 else { throw ValidationError("--fold-width must be at least 2") }
    if let denseMonth, Self.parseMonth(denseMonth) == nil {
      throw ValidationError("--dense-month must look like 2020-06")
    }
  }

  static func parseMonth(_ text: String) -> (year: Int, month: Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]),
      (1...9998).contains(year), (1...12).contains(month)
    else { return nil }
    return (year, month)
  }

  func run() throws {
    let options = FeedOptions(
      events: events, seed: seed, years: years, startYear: startYear,
      denseMonth: denseMonth.flatMap(Self.parseMonth), profile: profile, foldWidth: foldWidth)

    var fd: Int32 = STDOUT_FILENO
    if let output, output != "-" {
      fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard fd >= 0 else {
        throw ValidationError("cannot open \(output): \(String(cString: strerror(errno)))")
      }
    }
    defer { if fd != STDOUT_FILENO { close(fd) } }

    var startTime = timespec()
    clock_gettime(CLOCK_MONOTONIC, &startTime)
    var builder = FeedBuilder(options: options, fd: fd)
    try builder.run()
    var endTime = timespec()
    clock_gettime(CLOCK_MONOTONIC, &endTime)

    if stats {
      let seconds =
        Double(endTime.tv_sec - startTime.tv_sec) + Double(endTime.tv_nsec - startTime.tv_nsec)
        / 1e9
      let s = builder.stats
      let report = """
        vevents=\(s.vevents) timed_utc=\(s.timedUTC) timed_tzid=\(s.timedZoned) \
        cross_midnight=\(s.crossMidnight) allday_single=\(s.allDaySingle) \
        allday_multi=\(s.allDayMulti) recurring_masters=\(s.recurringMasters) \
        overrides=\(s.overrides) exdates=\(s.exdates) bytes=\(builder.bytesWritten) \
        seconds=\(seconds)

        """
      var bytes = Array(report.utf8)
      _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress!, $0.count) }
    }
  }
}
