import ArgumentParser
import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// The command's arguments checked and turned into values: each setting from its flag, else the
/// configuration file, else the default (``SettingResolver``).
struct CommandSettings {
  /// The whole request, feeds included, as the library's facade takes it.
  let request: LayoutRequest
  /// The output format: `--format`'s, or the agenda for `--from` and for text too narrow for
  /// the grid.
  let format: OutputFormat
  let width: Int
  let today: Day?
  let names: CalendarNames
  /// The first day of the week shown (`--week`, `--format week`), or nil for months.
  let week: Day?
  let color: Bool
  /// The agenda's renderer, its days, colours and width set.
  let agenda: AgendaRenderer

  /// Seconds a URL may stay silent.
  let timeout: Double

  init(
    _ command: IcsLanesCommand, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    let config = try CommandSettings.readConfig(command, environment: environment)
    let settings = SettingResolver(config: config)
    let zone = try settings.zone(command.tz)
    today = command.today ?? Today.day(in: zone)
    let locale = try settings.locale(command.locale)
    var names = locale?.names ?? .english
    names.clock = try settings.clock(command.clock, names: names)
    self.names = names
    let weekStart = try settings.weekStart(
      command.weekStart, locale: locale?.identifier,
      fallback: command.week?.isISO == true ? .monday : nil)
    week = try WeekRange.firstDay(command, today: today, weekStart: weekStart)
    let listDays = week == nil ? try AgendaRange.days(command, today: today) : nil
    let (first, count) =
      try week.flatMap(AgendaRange.month(of:)).map { ($0, 1) }
      ?? listDays.map(AgendaRange.months)
      ?? (command.month ?? CommandSettings.currentMonth(today), command.months)
    var request = try CommandSettings.request(
      command, first: first, count: count, zone: zone, weekStart: weekStart)
    // A week is the row of its first day's month laid out with the outside days.
    if week != nil { request.options.showsOutsideDays = true }
    // Narrower than TextGridRenderer.minimumWidth, text is the agenda; wider than
    // Terminal.maximumWidth, the grid is drawn that wide.
    let measured =
      try settings.width(command.width) ?? Terminal.columns(askingTTY: command.color == .always)
    width = min(measured ?? 80, Terminal.maximumWidth)
    format = CommandSettings.format(
      command, week: week != nil, listsDays: listDays != nil,
      narrow: width < TextGridRenderer.minimumWidth)
    if format == .agenda { request.options.maxLanes = nil }
    if command.showsDetails && format != .agenda {
      throw CommandFailure(
        message:
          "--details lists event details in the agenda: add --format agenda (the HTML page's cards and the JSON carry them already)",
        code: ExitCodes.usage)
    }
    timeout = try settings.timeout(command.timeout) ?? 30
    request.feeds = try settings.feeds(command.feeds, environment: environment)
    request.importOptions.strict = command.strict
    request.importOptions.networkTimeout = timeout
    request.prefilter = !command.noPrefilter
    request.index = try CommandSettings.index(command.index)
    self.request = request
    color = ColorDecision.usesColor(command.color)
    var agenda = AgendaRenderer(names: names)
    agenda.today = today
    agenda.days = listDays ?? week.map { $0...$0.adding(days: 6) }
    agenda.showsDetails = command.showsDetails
    agenda.color = color
    agenda.trueColor = ColorDecision.hasTrueColor()
    // Cut to the screen's width when it is known, never to the default.
    agenda.width = measured.map { min($0, Terminal.maximumWidth) }
    self.agenda = agenda
  }

  /// The week shown, taken from the month laid out for it.
  func weekLayout(_ layouts: [MonthLayout]) throws(CommandFailure) -> WeekLayout {
    guard let week, let layout = layouts.first, let shown = WeekLayout(layout, holding: week)
    else {
      throw CommandFailure(
        message: "internal error: the week is not in the month laid out for it",
        code: ExitCodes.internalError)
    }
    return shown
  }

  /// The format a run writes: `--format`'s, the week's text for `--format text` with `--week`,
  /// and the agenda for text that lists days (`--from`) or is too narrow for the grid.
  static func format(_ command: IcsLanesCommand, week: Bool, listsDays: Bool, narrow: Bool)
    -> OutputFormat
  {
    let text = command.format == .text || command.format == .week
    if text && (listsDays || narrow) { return .agenda }
    if week && text { return .week }
    return command.format
  }

  /// The index `--index` asks for, if any.
  static func index(_ argument: String?) throws(CommandFailure) -> FeedIndexLocation? {
    guard let argument else { return nil }
    guard !argument.isEmpty else {
      throw CommandFailure(message: "--index needs auto, a folder or a file", code: ExitCodes.usage)
    }
    return FeedIndexLocation(argument: argument)
  }

  /// The month it is now in the display zone, as cal and khal lay out without a month.
  static func currentMonth(_ today: Day?) throws(CommandFailure) -> YearMonth {
    guard let parts = today?.components,
      let current = YearMonth(year: parts.year, month: parts.month)
    else {
      throw CommandFailure(
        message: "cannot tell the current month: give --month YYYY-MM", code: ExitCodes.usage)
    }
    return current
  }

  /// The request without its feeds: the months and the view's options, checked by the library.
  static func request(
    _ command: IcsLanesCommand, first: YearMonth, count: Int, zone: DisplayZone,
    weekStart: Weekday
  ) throws -> LayoutRequest {
    // The lane cap is checked as given (the library's check); the agenda lists every
    // occurrence, and the HTML page caps lanes itself (it lists what the cap hides under
    // "+k more"): neither is laid out with a cap.
    var view = MonthViewOptions(
      zone: zone, weekStart: weekStart, maxLanes: command.maxLanes,
      showsOutsideDays: command.outsideDays, stickyLanes: command.stickyLanes)
    var request = try CommandFailure.mapping { () throws(IcsLanesError) in
      try LayoutRequest(feeds: [], first: first, count: count, options: view)
    }
    if command.format == .agenda || command.format == .html { view.maxLanes = nil }
    view.filter = command.details.filter
    view.calendarColors = try command.details.calendarColors()
    request.options = view
    return request
  }

  /// The configuration file, unless `--no-config`: `--config`'s (which must exist), else the
  /// XDG one when it exists.
  static func readConfig(_ command: IcsLanesCommand, environment: [String: String]) throws
    -> ConfigFile?
  {
    if command.noConfig { return nil }
    let home = environment["HOME"]
    if let path = command.config {
      return try ConfigFile.load(path: path, required: true, home: home)
    }
    guard let path = ConfigFile.defaultPath(environment: environment) else { return nil }
    return try ConfigFile.load(path: path, required: false, home: home)
  }
}

/// A failure of the command: one line on stderr and an exit code.
struct CommandFailure: Error {
  let message: String
  let code: ExitCode

  init(message: String, code: ExitCode) {
    self.message = message
    self.code = code
  }

  init(_ error: ImportError) {
    message = error.description
    switch error {
    case .unreadable: code = ExitCodes.noInput
    case .notICalendar, .lineTooLong, .strictFailure: code = ExitCodes.data
    case .unavailable: code = ExitCodes.unavailable
    }
  }

  /// The library's error as the command says it: naming the flag, with its exit code.
  init(_ error: IcsLanesError) {
    switch error {
    case .feed(_, let importError):
      self.init(importError)
    case .unknownTimeZone(let name):
      self.init(
        message:
          "--tz \"\(name)\" is not a known time zone: use an IANA name such as Europe/Berlin or UTC",
        code: ExitCodes.usage)
    case .invalidMonth(let text):
      self.init(
        message: "--month \"\(text)\" is not a month: use YYYY-MM, e.g. 2024-08",
        code: ExitCodes.usage)
    case .invalidMonthCount:
      self.init(
        message: "--months must be 1 to \(LayoutRequest.maximumMonthCount)", code: ExitCodes.usage)
    case .monthsPastLastYear:
      self.init(message: "--months runs past year 9999", code: ExitCodes.usage)
    case .invalidMaxLanes:
      self.init(message: "--max-lanes must be at least 1", code: ExitCodes.usage)
    case .indexFileForManyFeeds(let index, let files):
      self.init(
        message:
          "--index \(index) is a file, which holds the index of one feed: give a folder (ending in /) for \(files) feed files and folders",
        code: ExitCodes.usage)
    case .invalidYear:
      self.init(message: error.description, code: ExitCodes.usage)
    }
  }

  /// What `body` returns; a library error thrown becomes the command's failure.
  static func mapping<Value>(_ body: () throws(IcsLanesError) -> Value) throws(CommandFailure)
    -> Value
  {
    do {
      return try body()
    } catch {
      throw CommandFailure(error)
    }
  }
}

/// What the terminal tells about itself.
enum Terminal {
  /// The widest text grid drawn: a wider `--width` or `$COLUMNS` is clamped to it (a grid row
  /// costs memory and time in proportion to the width).
  static let maximumWidth = TextGridRenderer.maximumWidth

  /// `$COLUMNS`, else the width of the terminal on standard output, else (with `askingTTY`,
  /// when standard output is a pipe, as into `less -R`) the width of the process's terminal,
  /// else nil.
  static func columns(askingTTY: Bool = false) -> Int? {
    if let text = getenv("COLUMNS").map({ String(cString: $0) }), let value = Int(text), value > 0 {
      return value
    }
    if let width = width(of: STDOUT_FILENO) { return width }
    guard askingTTY else { return nil }
    let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard tty >= 0 else { return nil }
    defer { close(tty) }
    return width(of: tty)
  }

  /// The columns of the terminal `descriptor` is, or nil.
  private static func width(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
