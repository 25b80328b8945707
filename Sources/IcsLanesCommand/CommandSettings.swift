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

  init(_ command: IcsLanesCommand) throws {
    guard let first = YearMonth(iso: command.month) else {
      throw CommandFailure(
        message: "--month \"\(command.month)\" is not a month: use YYYY-MM, e.g. 2024-08",
        code: ExitCodes.usage)
    }
    guard (1...1200).contains(command.months) else {
      throw CommandFailure(message: "--months must be 1 to 1200", code: ExitCodes.usage)
    }
    guard let weekStart = Weekday(name: command.weekStart) else {
      throw CommandFailure(
        message: "--week-start \"\(command.weekStart)\" is not a weekday: use sunday … saturday",
        code: ExitCodes.usage)
    }
    let zone: DisplayZone
    if let name = command.tz {
      guard let found = DisplayZone(named: name) else {
        throw CommandFailure(
          message:
            "--tz \"\(name)\" is not a known time zone: use an IANA name such as Europe/Berlin or UTC",
          code: ExitCodes.usage)
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
    if let cap = command.maxLanes, cap < 1 {
      throw CommandFailure(message: "--max-lanes must be at least 1", code: ExitCodes.usage)
    }
    guard first.adding(months: command.months - 1) != nil else {
      throw CommandFailure(message: "--months runs past year 9999", code: ExitCodes.usage)
    }
    let options = LayoutOptions(
      weekStart: weekStart, maxLanes: command.maxLanes, showsOutsideDays: command.outsideDays,
      laneRule: command.stickyLanes ? .sticky : .firstFit)
    request = MonthRequest(first: first, count: command.months, zone: zone, options: options)
    if let given = command.width, given < 1 {
      throw CommandFailure(message: "--width must be at least 1", code: ExitCodes.usage)
    }
    // Narrower than TextGridRenderer.minimumWidth, the grid keeps its minimum and overflows;
    // wider than Terminal.maximumWidth, it is drawn that wide.
    width = min(command.width ?? Terminal.columns ?? 80, Terminal.maximumWidth)
    if let text = command.today {
      guard let day = Day(iso: text), text.count == 10 else {
        throw CommandFailure(
          message: "--today \"\(text)\" is not a date: use YYYY-MM-DD", code: ExitCodes.usage)
      }
      today = day
    } else {
      today = Today.day(inZone: zone.name)
    }
    if let identifier = command.locale {
      guard let found = CalendarNames(locale: identifier) else {
        throw CommandFailure(
          message:
            "--locale \"\(identifier)\" has no locale data: use an identifier such as ja_JP, ko_KR or de_DE",
          code: ExitCodes.usage)
      }
      names = found
    } else {
      names = .english
    }
    color = ColorDecision.usesColor(command.color)
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
