import ArgumentParser
import IcsLanes
import LaneLayout

/// What `--week` names: today's week, an ISO week (`2024-W32`) or the week holding a date.
enum WeekChoice: ExpressibleByArgument, ArgumentValue {
  case today
  case iso(ISOWeek)
  case day(Day)

  init?(argument: String) {
    if argument == "today" {
      self = .today
    } else if let week = ISOWeek(iso: argument) {
      self = .iso(week)
    } else if let day = Day(argument: argument) {
      self = .day(day)
    } else {
      return nil
    }
  }

  /// Whether the week is an ISO week, which starts on Monday unless `--week-start` says else.
  var isISO: Bool {
    if case .iso = self { return true }
    return false
  }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(
      message:
        "\(option) \"\(text)\" is not a week: use an ISO week (2024-W32), a date (2024-08-07) or today",
      code: ExitCodes.usage)
  }
}

/// The week `--week` and `--format week` ask for: its first day, or nil for a month.
enum WeekRange {
  /// The first day of the week asked for (by `--week-start`), or nil when neither `--week` nor
  /// `--format week` is given. `--format week` alone shows this week.
  static func firstDay(_ command: IcsLanesCommand, today: Day?, weekStart: Weekday)
    throws(CommandFailure) -> Day?
  {
    guard command.week != nil || command.format == .week else { return nil }
    if command.month != nil || command.months != 1 {
      throw usage("--week shows one week: leave out --month and --months")
    }
    if command.from != nil || command.days != nil || command.to != nil {
      throw usage("--week and --from, --days or --to both choose days: give one")
    }
    if command.format == .json {
      throw usage("--week shows a week as text, html or agenda: --format json lays out months")
    }
    let day: Day
    switch command.week ?? .today {
    case .iso(let week): day = week.monday
    case .day(let given): day = given
    case .today:
      guard let today else { throw usage("cannot tell today's date: give --week 2024-W32") }
      day = today
    }
    let first = WeekLayout.firstDay(of: day, weekStart: weekStart)
    guard first.components.year >= 1, first.adding(days: 6).components.year <= 9999 else {
      throw usage("--week \(day): the week runs outside the years 1 to 9999")
    }
    return first
  }

  private static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, code: ExitCodes.usage)
  }
}
