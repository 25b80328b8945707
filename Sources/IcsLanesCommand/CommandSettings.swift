import ArgumentParser
import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// The command's arguments checked and turned into values.
struct CommandSettings {
  /// The whole request, feeds included, as the library's facade takes it.
  let request: LayoutRequest
  let width: Int
  let today: Day?
  let names: CalendarNames
  let color: Bool

  /// Seconds a URL may stay silent.
  let timeout: Double

  init(
    _ command: IcsLanesCommand, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    throws
  {
    let config = try CommandSettings.readConfig(command, environment: environment)
    // A TZ that names no zone is never the display zone, and glibc must not read it either: it
    // opens /usr/share/zoneinfo/$TZ the first time anything asks for local time, and a TZ of
    // ../../tmp/fifo blocked the run there. Unset, glibc and the system zone both take
    // /etc/localtime, as they did past such a TZ.
    let tz = getenv("TZ").map { String(cString: $0) } ?? ""
    let unknownTZ =
      !tz.isEmpty && DisplayZone(named: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) == nil
    if unknownTZ { unsetenv("TZ") }
    // Flags first, then the configuration file, then the defaults.
    let zone: DisplayZone
    if let name = command.tz {
      zone = try CommandFailure.mapping { () throws(IcsLanesError) in
        try MonthViewOptions.zone(named: name)
      }
    } else if let setting = config?.zone {
      do {
        zone = try MonthViewOptions.zone(named: setting.value)
      } catch {
        throw ConfigFile.failure(
          config?.path ?? "", setting.line,
          "tz \"\(setting.value)\" is not a known time zone: use an IANA name such as Europe/Berlin"
        )
      }
    } else {
      zone = .system
      if unknownTZ {
        Diagnostics.printWarnings([
          "TZ \"\(tz)\" is not a known time zone; showing times in \(zone.name) (use --tz to choose)"
        ])
      }
    }
    if let text = command.today {
      guard let day = Day(iso: text), text.count == 10 else {
        throw CommandFailure(
          message: "--today \"\(text)\" is not a date: use YYYY-MM-DD", code: ExitCodes.usage)
      }
      today = day
    } else {
      today = Today.day(in: zone)
    }
    let first: YearMonth
    if let text = command.month {
      guard let parsed = YearMonth(iso: text) else {
        throw CommandFailure(
          message: "--month \"\(text)\" is not a month: use YYYY-MM, e.g. 2024-08",
          code: ExitCodes.usage)
      }
      first = parsed
    } else {
      // As cal and khal do: the month it is now in the display zone.
      guard let parts = today?.components,
        let current = YearMonth(year: parts.year, month: parts.month)
      else {
        throw CommandFailure(
          message: "cannot tell the current month: give --month YYYY-MM", code: ExitCodes.usage)
      }
      first = current
    }
    var localeIdentifier: String?
    if let identifier = command.locale {
      guard let found = CalendarNames(locale: identifier) else {
        throw CommandFailure(
          message:
            "--locale \"\(identifier)\" has no locale data: use an identifier such as ja_JP, ko_KR or de_DE",
          code: ExitCodes.usage)
      }
      names = found
      localeIdentifier = identifier
    } else if let setting = config?.locale {
      guard let found = CalendarNames(locale: setting.value) else {
        throw ConfigFile.failure(
          config?.path ?? "", setting.line,
          "locale \"\(setting.value)\" has no locale data: use an identifier such as ja_JP or de_DE"
        )
      }
      names = found
      localeIdentifier = setting.value
    } else {
      names = .english
    }
    let weekStart: Weekday
    if let text = command.weekStart {
      guard let found = Weekday(name: text) else {
        throw CommandFailure(
          message: "--week-start \"\(text)\" is not a weekday: use sunday … saturday",
          code: ExitCodes.usage)
      }
      weekStart = found
    } else if let setting = config?.weekStart {
      guard let found = Weekday(name: setting.value) else {
        throw ConfigFile.failure(
          config?.path ?? "", setting.line,
          "week-start \"\(setting.value)\" is not a weekday: use sunday … saturday")
      }
      weekStart = found
    } else {
      weekStart = localeIdentifier.map(LocaleWeek.firstWeekday(ofLocale:)) ?? .sunday
    }
    // The lane cap is checked as given (the library's check); the agenda lists every
    // occurrence, and the HTML page caps lanes itself (it lists what the cap hides under
    // "+k more"): neither is laid out with a cap.
    var view = MonthViewOptions(
      zone: zone, weekStart: weekStart, maxLanes: command.maxLanes,
      showsOutsideDays: command.outsideDays, stickyLanes: command.stickyLanes)
    var request = try CommandFailure.mapping { () throws(IcsLanesError) in
      try LayoutRequest(feeds: [], first: first, count: command.months, options: view)
    }
    if command.format == .agenda || command.format == .html { view.maxLanes = nil }
    view.filter = command.details.filter
    view.calendarColors = try command.details.calendarColors()
    request.options = view
    if let given = command.width, given < 1 {
      throw CommandFailure(message: "--width must be at least 1", code: ExitCodes.usage)
    }
    if let setting = config?.width, setting.value < 1 {
      throw ConfigFile.failure(config?.path ?? "", setting.line, "width must be at least 1")
    }
    // Narrower than TextGridRenderer.minimumWidth, the grid keeps its minimum and overflows.
    // Narrower than TextGridRenderer.minimumWidth, the grid keeps its minimum and overflows;
    // wider than Terminal.maximumWidth, it is drawn that wide.
    width = min(
      command.width ?? config?.width?.value ?? Terminal.columns ?? 80, Terminal.maximumWidth)
    if let given = command.timeout, !(given > 0 && given <= 86_400) {
      throw CommandFailure(
        message: "--timeout must be more than 0 and at most 86400 seconds", code: ExitCodes.usage)
    }
    if let setting = config?.timeout, !(setting.value > 0 && setting.value <= 86_400) {
      throw ConfigFile.failure(
        config?.path ?? "", setting.line, "timeout must be more than 0 and at most 86400 seconds")
    }
    timeout = command.timeout ?? config?.timeout?.value ?? 30
    let feeds: [FeedInput]
    if command.feeds.isEmpty {
      guard let config, !config.feeds.isEmpty else {
        throw CommandFailure(
          message:
            "no feed given: name .ics files, folders or URLs, or list [[feed]]s in \(ConfigFile.defaultPath(environment: environment) ?? "config.toml")",
          code: ExitCodes.usage)
      }
      feeds = config.feeds.map { FeedInput($0.path, name: $0.name, color: $0.color) }
    } else {
      feeds = command.feeds.map { argument in
        let entry = config?.entry(for: argument)
        return FeedInput(argument, name: entry?.name, color: entry?.color)
      }
    }
    request.feeds = feeds
    request.importOptions.strict = command.strict
    request.importOptions.networkTimeout = timeout
    request.prefilter = !command.noPrefilter
    if let argument = command.index {
      guard !argument.isEmpty else {
        throw CommandFailure(
          message: "--index needs auto, a folder or a file", code: ExitCodes.usage)
      }
      request.index = FeedIndexLocation(argument: argument)
    }
    self.request = request
    color = ColorDecision.usesColor(command.color)
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
          "--index \(index) is a file, which holds the index of one feed: give a folder (ending in /) for \(files) feed files",
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

  /// `$COLUMNS`, else the tty's width, else nil.
  static var columns: Int? {
    if let text = getenv("COLUMNS").map({ String(cString: $0) }), let value = Int(text), value > 0 {
      return value
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return nil
  }
}
