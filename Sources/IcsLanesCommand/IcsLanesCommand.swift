import ArgumentParser
import FeedImport
import FeedIndex
import Foundation
import IcsLanes
import LaneLayout

/// `icslanes FEED… --month YYYY-MM`: lays a month of an iCalendar feed out in lanes.
@main
struct IcsLanesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icslanes",
    abstract: "Lay a month of iCalendar feeds out the way a month view draws it.",
    discussion: """
      Each occurrence becomes a bar over its days; bars are cut into the month grid's week rows \
      and stacked into lanes by greedy first-fit. Defaults come from \
      $XDG_CONFIG_HOME/icslanes/config.toml (else ~/.config/icslanes/config.toml); flags \
      override them. Exit codes: 0 ok, 64 bad argument, 65 not iCalendar or a --strict failure, \
      66 a feed cannot be read, 69 a URL cannot be fetched, 70 internal error, 78 a bad \
      configuration file.
      """,
    version: IcsLanesVersion.text)

  // MARK: Inputs (issue 15: URLs, folders, defaults, configuration)

  @Argument(
    help: ArgumentHelp(
      "iCalendar feeds: .ics files, folders of .ics files (one calendar each), http(s):// or webcal:// URLs, or - for standard input. Default: the feeds of the configuration file.",
      valueName: "feed"),
    completion: .file(extensions: ["ics"]))
  var feeds: [String] = []

  // Numbers and dates take the next argument whatever it is: `--timeout -1` or `--month -2024-08`
  // is a bad value, rejected as such, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "The month to lay out, YYYY-MM. Default: this month in the display zone.")
  var month: YearMonth?

  @Option(
    parsing: .unconditional,
    help: "Seconds a URL may stay silent before the fetch fails (default 30).")
  var timeout: Double?

  @Option(
    help: ArgumentHelp(
      "Configuration file to read instead of $XDG_CONFIG_HOME/icslanes/config.toml.",
      valueName: "file"),
    completion: .file(extensions: ["toml"]))
  var config: String?

  @Flag(help: "Read no configuration file.")
  var noConfig = false

  // MARK: Layout and output

  @Option(
    parsing: .unconditional,
    help: "How many consecutive months to lay out from --month.")
  var months: Int = 1

  @Option(
    help: "Display time zone (IANA name). Default: the system's zone.",
    completion: zoneCompletion)
  var tz: DisplayZone?

  /// The zone names a completion script offers after `--tz`: ICU's zones and `UTC`. ICU's list
  /// is read only when a completion script is asked for (the property wrapper would otherwise
  /// read it at every start).
  static var zoneCompletion: CompletionKind {
    let scriptAsked = CommandLine.arguments.contains {
      $0.hasPrefix("--generate-completion-script")
    }
    return scriptAsked ? .list(zoneNames) : .default
  }

  /// The zone names `--tz` completes to, sorted.
  static var zoneNames: [String] {
    Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"]).sorted()
  }

  @Option(
    help: "First day of the week: sunday … saturday. Default: the locale's (Sunday in English).",
    completion: .list([
      "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    ]))
  var weekStart: Weekday?

  @Option(
    help:
      "Output format: text, json, html (one self-contained page), agenda (a list, day by day; text narrower than 50 columns is one too) or week (the text of one week, this week without --week)."
  )
  var format: OutputFormat = .text

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Show one week instead of a month: an ISO week (2024-W32, from Monday unless --week-start says else), a date (the week holding it) or today; as text (--format week or text), html or agenda.",
      valueName: "week"))
  var week: WeekChoice?

  @Option(
    parsing: .unconditional,
    help: "Show at most N lanes per week row; the rest count as \"+k more\".")
  var maxLanes: Int?

  @Flag(help: "Lay out the grid's days of the neighbouring months too.")
  var outsideDays = false

  @Flag(
    help: "Keep an event continuing from the row above in its lane when free (may use more lanes).")
  var stickyLanes = false

  @Flag(help: "Fail on any problem that would otherwise only warn or skip an event.")
  var strict = false

  @Flag(
    help:
      "Print counts of events read, laid out, outside the month, cancelled and skipped to stderr.")
  var stats = false

  @Option(
    parsing: .unconditional,
    help: "Text width in columns. Default: $COLUMNS, the terminal's width, or 80.")
  var width: Int?

  @Flag(help: "Read every event, without the month pre-filter (for checking it).")
  var noPrefilter = false

  @Option(
    help: ArgumentHelp(
      "Keep an index of each feed file or folder, so that later months read only their events: auto (under $XDG_CACHE_HOME/icslanes, else ~/.cache/icslanes), a folder (existing, or ending in /), or a file (one feed). A URL keeps its body there too, asking the server each run whether it changed (ETag, Last-Modified). Standard input is read without one.",
      valueName: "auto|path"))
  var index: String?

  @Option(
    help: "Colour in the text grid: auto (only on a terminal, not with NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  @Option(
    help: "Locale of the month and weekday names, e.g. ja_JP or ko_KR. Default: English.",
    completion: .list(["de_DE", "en_GB", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR", "zh_CN"]))
  var locale: String?

  @Option(
    help: ArgumentHelp(
      "Clock of the times shown: 12 (3:30pm) or 24 (15:30). Default: the locale's (24 without one).",
      valueName: "12|24"))
  var clock: ClockStyle?

  @Option(parsing: .unconditional, help: .hidden)
  var today: Day?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "List days in the agenda from this one, today or YYYY-MM-DD, as khal list does: 7 days, or as --days or --to say.",
      valueName: "today|date"))
  var from: FirstDay?

  @Option(
    parsing: .unconditional, help: "How many days the agenda lists (from --from, else today).")
  var days: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The last day the agenda lists, YYYY-MM-DD (from --from, else today).", valueName: "date"))
  var to: Day?

  @Flag(
    name: .customLong("details"),
    help:
      "In the agenda, list each event's location, status, organizer, attendees, URL and the start of its description under it."
  )
  var showsDetails = false

  @Flag(name: .shortAndLong, help: "Print errors only: no warnings and no progress line.")
  var quiet = false

  @Flag(help: "List every warning, instead of one line for each kind of more than three.")
  var verbose = false

  @OptionGroup(title: "Filters and colours")
  var details: DetailOptions

  /// The request with a progress line on a terminal (erased once the feeds are loaded).
  func requestWithProgress(_ settings: CommandSettings) -> (LayoutRequest, ProgressLine) {
    let progress = quiet ? ProgressLine(enabled: false) : ProgressLine()
    var request = settings.request
    request.progress = progress.report
    return (request, progress)
  }

  /// The warnings of a run on stderr: first the `--calendar` and `--color-of` names that no
  /// feed has, then the library's warnings (each list capped on its own).
  func printWarnings(_ result: LayoutResult) {
    Diagnostics.printWarnings(details.unknownCalendarWarnings(result.calendarNames))
    Diagnostics.printWarnings(result.warnings)
  }

  static func main() {
    MemoryTuning.apply()
    TZVariable.dropUnknown()
    do {
      // `icslanes help` prints the help, as `--help` does, rather than reading a feed "help".
      let arguments = Array(CommandLine.arguments.dropFirst())
      // `icslanes site …` and `icslanes serve …` (Subcommands, SiteCommand.swift).
      Subcommands.runIfNamed(arguments)
      if arguments.first == "help" {
        try StandardOutput.write(Array((helpMessage() + "\n").utf8))
        Foundation.exit(0)
      }
      // `--help` parses to ArgumentParser's own help command, whose run() throws the help
      // request handled below; anything else is this command.
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch {
      exit(after: ArgumentFailure.failure(for: error) ?? error)
    }
  }

  /// Ends the process after `error`: one line on stderr and the exit code, or the help, the
  /// version or a completion script on stdout.
  static func exit(after error: Error) -> Never {
    if let failure = error as? CommandFailure {
      // Paths and feed bytes in the message never reach the terminal as control characters.
      let message = TerminalText.sanitize(failure.message)
      StandardError.write("icslanes: error: \(message)\n")
      Foundation.exit(failure.code.rawValue)
    }
    let code = exitCode(for: error)
    let message = fullMessage(for: error)
    if code == .success {
      // The help and the version: a full disk or a closed stdout is an error here too.
      do {
        try StandardOutput.write(Array((message + "\n").utf8))
      } catch let failure as CommandFailure {
        StandardError.write("icslanes: error: \(failure.message)\n")
        Foundation.exit(failure.code.rawValue)
      } catch {
        Foundation.exit(ExitCodes.outputError.rawValue)
      }
      Foundation.exit(0)
    }
    // One line: ArgumentParser's message without the usage block.
    let firstLine = message.split(separator: "\n").first.map(String.init) ?? "invalid arguments"
    let text = TerminalText.sanitize(
      firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine)
    StandardError.write("icslanes: error: \(text) (see icslanes --help)\n")
    Foundation.exit(code == .validationFailure ? ExitCodes.usage.rawValue : code.rawValue)
  }

  func run() throws {
    if quiet && verbose {
      throw CommandFailure(
        message: "--quiet and --verbose cannot be used together", code: ExitCodes.usage)
    }
    Diagnostics.mode = quiet ? .quiet : verbose ? .all : .summary
    let settings = try CommandSettings(self)
    if format == .json, settings.request.count > 1, !strict {
      // Month after month, each written as soon as it is laid out: memory stays that of one.
      try MonthStream(command: self, settings: settings).run()
      return
    }
    // The feeds are dropped once laid out, before the output is rendered.
    let (request, progress) = requestWithProgress(settings)
    defer { progress.finish() }
    let result = try CommandFailure.mapping { () throws(IcsLanesError) in
      try CalendarSource.layOut(request)
    }
    let layouts = result.layouts
    printWarnings(result)
    // Written as it is made: a month of a big feed is megabytes of output.
    let output = StreamedOutput()
    switch settings.format {
    case .json:
      JSONLayoutRenderer.stream(layouts) { output.write($0) }
      output.write([UInt8(ascii: "\n")])
    case .text:
      var renderer = TextGridRenderer(
        width: settings.width, names: settings.names, today: settings.today,
        color: settings.color)
      renderer.trueColor = ColorDecision.hasTrueColor()
      renderer.write(layouts) { output.write($0) }
    case .html where settings.week != nil:
      let renderer = HTMLWeekRenderer(
        names: settings.names, today: settings.today, maxLanes: maxLanes)
      renderer.write(try settings.weekLayout(layouts)) { output.write($0) }
    case .html:
      let renderer = HTMLMonthRenderer(
        names: settings.names, today: settings.today, maxLanes: maxLanes)
      renderer.write(layouts) { output.write($0) }
    case .week:
      var renderer = TextGridRenderer(
        width: settings.width, names: settings.names, today: settings.today,
        color: settings.color)
      renderer.trueColor = ColorDecision.hasTrueColor()
      renderer.write(try settings.weekLayout(layouts)) { output.write($0) }
    case .agenda:
      output.write(settings.agenda.render(layouts))
    }
    try output.finish()
    if stats {
      for layout in layouts { Diagnostics.printStats(layout) }
    }
  }
}
