import ArgumentParser
import FeedImport
import IcsLanes
import LaneLayout

/// A value that parses itself from a command-line argument and says, as the command says it,
/// what is wrong with a text that is not one.
protocol ArgumentValue: ExpressibleByArgument {
  /// The failure for `text`, given to `option`, which is not a value.
  static func invalid(_ text: String, option: String) -> CommandFailure
}

extension YearMonth: ExpressibleByArgument, ArgumentValue {
  /// `YYYY-MM`, e.g. `2024-08`.
  public init?(argument: String) {
    self.init(iso: argument)
  }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(IcsLanesError.invalidMonth(text))
  }
}

extension DisplayZone: ExpressibleByArgument, ArgumentValue {
  /// An IANA name, e.g. `Europe/Berlin` or `UTC`.
  public init?(argument: String) {
    self.init(named: argument)
  }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(IcsLanesError.unknownTimeZone(text))
  }
}

extension Weekday: ExpressibleByArgument, ArgumentValue {
  /// A weekday's name or a prefix of at least two letters, in any case.
  public init?(argument: String) {
    self.init(name: argument)
  }

  /// None listed: the help names the weekdays itself, and a prefix such as `mo` is taken too.
  public static var allValueStrings: [String] { [] }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(
      message: "--week-start \"\(text)\" is not a weekday: use sunday … saturday",
      code: ExitCodes.usage)
  }
}

extension Day: ExpressibleByArgument, ArgumentValue {
  /// `YYYY-MM-DD` (ten characters: the basic form `YYYYMMDD` is not taken here).
  public init?(argument: String) {
    guard argument.utf8.count == 10, let day = Day(iso: argument) else { return nil }
    self = day
  }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(
      message: "\(option) \"\(text)\" is not a date: use YYYY-MM-DD", code: ExitCodes.usage)
  }
}

extension ClockStyle: ExpressibleByArgument, ArgumentValue {
  /// `12` or `24`.
  public init?(argument: String) {
    self.init(rawValue: argument)
  }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(
      message: "\(option) \"\(text)\" is not a clock: use 12 (3:30pm) or 24 (15:30)",
      code: ExitCodes.usage)
  }
}

/// The first day `--from` lists: `today` (in the display zone) or a date.
enum FirstDay: ExpressibleByArgument, ArgumentValue {
  case today
  case day(Day)

  init?(argument: String) {
    if argument == "today" {
      self = .today
    } else if let day = Day(argument: argument) {
      self = .day(day)
    } else {
      return nil
    }
  }

  static func invalid(_ text: String, option: String) -> CommandFailure {
    CommandFailure(
      message: "\(option) \"\(text)\" is not a day: use today or YYYY-MM-DD",
      code: ExitCodes.usage)
  }
}
