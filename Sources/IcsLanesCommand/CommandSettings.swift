import ArgumentParser
import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// The command's arguments checked and turned into values.
struct CommandSettings {
  let request: MonthRequest
  let width: Int
  let today: Day?
  let names: CalendarNames
  let color: Bool

  /// The feeds to read, with the name and colour the configuration file gives them.
  let feeds: [FeedInput]
  /// Seconds a URL may stay silent.
  let timeout: Double

  /// A feed to read: a path, folder, URL or `-`, and the name and colour set for it.
  struct FeedInput {
    var path: String
    var name: String?
    var color: String?
  }

  init(
    _ command: IcsLanesCommand, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    throws
  {
    let config = try CommandSettings.readConfig(command, environment: environment)
    // Flags first, then the configuration file, then the defaults.
    let zone: DisplayZone
    if let name = command.tz {
      guard let found = DisplayZone(named: name) else {
        throw CommandFailure(
          message:
            "--tz \"\(name)\" is not a known time zone: use an IANA name such as Europe/Berlin or UTC",
          code: ExitCodes.usage)
      }
      zone = found
    } else if let setting = config?.zone {
      guard let found = DisplayZone(named: setting.value) else {
        throw ConfigFile.failure(
          config?.path ?? "", setting.line,
          "tz \"\(setting.value)\" is not a known time zone: use an IANA name such as Europe/Berlin"
        )
      }
      zone = found
    } else {
      zone = .system
      if let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty,
        DisplayZone(named: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) == nil
      {
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
      today = Today.day(inZone: zone.name)
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
    guard (1...1200).contains(command.months) else {
      throw CommandFailure(message: "--months must be 1 to 1200", code: ExitCodes.usage)
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
    if let cap = command.maxLanes, cap < 1 {
      throw CommandFailure(message: "--max-lanes must be at least 1", code: ExitCodes.usage)
    }
    guard first.adding(months: command.months - 1) != nil else {
      throw CommandFailure(message: "--months runs past year 9999", code: ExitCodes.usage)
    }
    // The agenda lists every occurrence, and the HTML page caps lanes itself (it lists what the
    // cap hides under "+k more"): neither is laid out with a cap.
    let capsLanes = command.format != .agenda && command.format != .html
    let options = LayoutOptions(
      weekStart: weekStart, maxLanes: capsLanes ? command.maxLanes : nil,
      showsOutsideDays: command.outsideDays,
      laneRule: command.stickyLanes ? .sticky : .firstFit)
    request = MonthRequest(
      first: first, count: command.months, zone: zone, options: options,
      filter: command.details.filter, calendarColors: try command.details.calendarColors())
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
    if command.feeds.isEmpty {
      guard let config, !config.feeds.isEmpty else {
        throw CommandFailure(
          message:
            "no feed given: name .ics files, folders or URLs, or list [[feed]]s in \(ConfigFile.defaultPath(environment: environment) ?? "config.toml")",
          code: ExitCodes.usage)
      }
      feeds = config.feeds.map { FeedInput(path: $0.path, name: $0.name, color: $0.color) }
    } else {
      feeds = command.feeds.map { argument in
        let entry = config?.entry(for: argument)
        return FeedInput(path: argument, name: entry?.name, color: entry?.color)
      }
    }
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
}

/// What the terminal tells about itself.
enum Terminal {
  /// The widest text grid drawn: a wider `--width` or `$COLUMNS` is clamped to it (a grid row
  /// costs memory and time in proportion to the width).
  static let maximumWidth = 1_000

  /// `$COLUMNS`, else the tty's width, else nil.
  static var columns: Int? {
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 0 {
      return value
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return nil
  }
}
