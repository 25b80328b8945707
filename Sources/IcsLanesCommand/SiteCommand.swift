import ArgumentParser
import Foundation
import IcsLanes
import LaneLayout

/// `icslanes site` (static month pages) and `icslanes serve` (a pointer to `icslanes-server`),
/// read before the layout command's own arguments.
enum Subcommands {
  /// Runs the subcommand `arguments` start with, if they start with one; returns otherwise.
  static func runIfNamed(_ arguments: [String]) {
    switch arguments.first {
    case "site":
      SiteCommand.main(Array(arguments.dropFirst()))
      exit(0)
    case "serve":
      ServeHint.run(Array(arguments.dropFirst()))
    default:
      return
    }
  }
}

/// `icslanes serve …` runs `icslanes-server serve …` when it sits beside this binary (the
/// server is a separate executable: linking its network stack into `icslanes` would slow every
/// layout run's start); otherwise it says where the server is.
enum ServeHint {
  static func run(_ arguments: [String]) -> Never {
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    let server = (own as NSString).deletingLastPathComponent + "/icslanes-server"
    if !own.isEmpty, FileManager.default.isExecutableFile(atPath: server) {
      let argv = ([server, "serve"] + arguments).map { strdup($0) } + [nil]
      execv(server, argv)
    }
    StandardError.write(
      "icslanes: the server is the separate program icslanes-server: run icslanes-server serve \(arguments.joined(separator: " "))\n"
    )
    exit(ExitCodes.unavailable.rawValue)
  }
}

/// `icslanes site --month 2024-01 --months 12 -o DIR`: one page per month with the server's
/// navigation as relative links, `index.html` for the current month, and `keys.js` for the
/// ←/→ keys, for static hosting.
struct SiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icslanes site",
    abstract: "Write static month pages (YYYY-MM.html, index.html) with navigation links.")

  @Argument(help: ArgumentHelp("iCalendar feeds, as for a layout.", valueName: "feed"))
  var feeds: [String] = []

  @Option(help: "The first month, YYYY-MM. Default: this month.")
  var month: String?

  @Option(help: "How many months to write (1 to 1200).")
  var months: Int = 12

  @Option(name: [.customShort("o"), .customLong("output")], help: "The folder to write into.")
  var output: String

  @Option(help: "Display time zone (IANA name).")
  var tz: String?

  @Option(help: "First day of the week: sunday … saturday.")
  var weekStart: String?

  @Option(help: "Locale of the month and weekday names.")
  var locale: String?

  @Option(help: "Show at most N lanes per week row.")
  var maxLanes: Int?

  @Flag(help: "Lay out the grid's days of the neighbouring months too.")
  var outsideDays = false

  @Option(name: .customLong("calendar"), help: "Show only this calendar's events; repeat.")
  var calendars: [String] = []

  @Option(help: "Configuration file.")
  var config: String?

  @Flag(help: "Read no configuration file.")
  var noConfig = false

  func run() throws {
    do {
      try write()
    } catch let failure as CommandFailure {
      StandardError.write("icslanes: error: \(TerminalText.sanitize(failure.message))\n")
      throw ExitCode(failure.code.rawValue)
    }
  }

  /// The layout command's arguments for these months as one HTML run.
  func layoutArguments(first: String?, count: Int) -> [String] {
    var arguments = feeds + ["--format", "html", "--months", String(count)]
    if let first { arguments += ["--month", first] }
    if let tz { arguments += ["--tz", tz] }
    if let weekStart { arguments += ["--week-start", weekStart] }
    if let locale { arguments += ["--locale", locale] }
    if let maxLanes { arguments += ["--max-lanes", String(maxLanes)] }
    if outsideDays { arguments.append("--outside-days") }
    for calendar in calendars { arguments += ["--calendar", calendar] }
    if let config { arguments += ["--config", config] }
    if noConfig { arguments.append("--no-config") }
    return arguments
  }

  /// The layouts and settings of a run of the layout command with `arguments`.
  func layOut(_ arguments: [String]) throws -> ([MonthLayout], CommandSettings) {
    let command = try IcsLanesCommand.parse(arguments)
    let settings = try CommandSettings(command)
    let result = try CommandFailure.mapping { () throws(IcsLanesError) in
      try CalendarSource.layOut(settings.request)
    }
    return (result.layouts, settings)
  }

  func write() throws {
    let (layouts, settings) = try layOut(layoutArguments(first: month, count: months))
    let renderer = HTMLMonthRenderer(
      names: settings.names, today: settings.today, maxLanes: maxLanes)
    let written = Set(layouts.map(\.month))
    let links = layouts.map { HTMLPageNavigation.Link(month: $0.month, href: "\($0.month).html") }
    func navigation(_ month: YearMonth) -> HTMLPageNavigation {
      func link(_ step: Int) -> HTMLPageNavigation.Link? {
        month.adding(months: step).flatMap {
          written.contains($0) ? .init(month: $0, href: "\($0).html") : nil
        }
      }
      return HTMLPageNavigation(
        previous: link(-1), today: "index.html", next: link(1), picker: .links(links),
        scriptSource: "keys.js")
    }
    do {
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
      for layout in layouts {
        let page = renderer.page([layout], navigation: navigation(layout.month))
        try Data(page.utf8).write(to: URL(fileURLWithPath: output + "/\(layout.month).html"))
      }
      let today = settings.today.flatMap {
        YearMonth(year: $0.components.year, month: $0.components.month)
      }
      var index = layouts.first { $0.month == today }
      if index == nil, let today {
        index = try layOut(layoutArguments(first: "\(today)", count: 1)).0.first
      }
      if let index {
        let page = renderer.page([index], navigation: navigation(index.month))
        try Data(page.utf8).write(to: URL(fileURLWithPath: output + "/index.html"))
      }
      try Data(HTMLPageNavigation.keyScript.utf8).write(
        to: URL(fileURLWithPath: output + "/keys.js"))
    } catch let error as CommandFailure {
      throw error
    } catch {
      throw CommandFailure(
        message: "\(output): cannot write the pages: \(error.localizedDescription)",
        code: ExitCodes.outputError)
    }
  }
}
