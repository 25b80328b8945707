import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// Each setting from its flag, else the configuration file, else the default. A bad flag value
/// is a usage error; a bad file value names the file and its line.
struct SettingResolver {
  let config: ConfigFile?

  /// The file's text setting at `key`, read by `parse`; a failure "key "value" problem" when it
  /// does not parse.
  func fileValue<Value>(
    _ setting: ConfigFile.Setting<String>?, key: String, problem: String,
    parse: (String) -> Value?
  ) throws(CommandFailure) -> Value? {
    guard let setting else { return nil }
    guard let value = parse(setting.value) else {
      throw failure(setting.line, "\(key) \"\(setting.value)\" \(problem)")
    }
    return value
  }

  /// The flag's number, else the file's; each must pass `valid` (the file's is checked even when
  /// the flag is given).
  func number<Value>(
    _ flag: Value?, _ setting: ConfigFile.Setting<Value>?, key: String, rule: String,
    valid: (Value) -> Bool
  ) throws(CommandFailure) -> Value? {
    if let flag, !valid(flag) {
      throw CommandFailure(message: "--\(key) \(rule)", code: ExitCodes.usage)
    }
    if let setting, !valid(setting.value) {
      throw failure(setting.line, "\(key) \(rule)")
    }
    return flag ?? setting?.value
  }

  /// A failure naming the configuration file and `line`.
  func failure(_ line: Int?, _ message: String) -> CommandFailure {
    ConfigFile.failure(config?.path ?? "", line, message)
  }

  /// The display zone: `--tz`, the file's `tz`, else the system's (with a warning when `TZ`
  /// named no zone).
  func zone(_ flag: DisplayZone?) throws(CommandFailure) -> DisplayZone {
    if let flag { return flag }
    let problem = "is not a known time zone: use an IANA name such as Europe/Berlin"
    if let zone = try fileValue(
      config?.zone, key: "tz", problem: problem, parse: DisplayZone.init(named:))
    {
      return zone
    }
    let zone = DisplayZone.system
    if let warning = TZVariable.warning(showing: zone) {
      Diagnostics.printWarnings([warning])
    }
    return zone
  }

  /// The locale's identifier and names: `--locale`, else the file's `locale`, else none
  /// (English).
  func locale(_ flag: String?) throws(CommandFailure) -> (identifier: String, names: CalendarNames)?
  {
    if let flag {
      guard let names = CalendarNames(locale: flag) else {
        throw CommandFailure(
          message:
            "--locale \"\(flag)\" has no locale data: use an identifier such as ja_JP, ko_KR or de_DE",
          code: ExitCodes.usage)
      }
      return (flag, names)
    }
    let problem = "has no locale data: use an identifier such as ja_JP or de_DE"
    let names = try fileValue(
      config?.locale, key: "locale", problem: problem, parse: CalendarNames.init(locale:))
    return names.map { (config?.locale?.value ?? "", $0) }
  }

  /// The clock of times shown: `--clock`, the file's `clock`, else the locale's (`names`').
  func clock(_ flag: ClockStyle?, names: CalendarNames) throws(CommandFailure) -> ClockStyle {
    if let flag { return flag }
    let problem = "is not a clock: use 12 or 24"
    let setting = try fileValue(
      config?.clock, key: "clock", problem: problem, parse: ClockStyle.init(rawValue:))
    return setting ?? names.clock
  }

  /// The first day of the week: `--week-start`, the file's `week-start`, else `fallback` (Monday
  /// for an ISO week), else the locale's (Sunday without one).
  func weekStart(_ flag: Weekday?, locale: String?, fallback: Weekday? = nil) throws(CommandFailure)
    -> Weekday
  {
    if let flag { return flag }
    let problem = "is not a weekday: use sunday … saturday"
    let setting = try fileValue(
      config?.weekStart, key: "week-start", problem: problem, parse: Weekday.init(name:))
    return setting ?? fallback ?? locale.map(LocaleWeek.firstWeekday(ofLocale:)) ?? .sunday
  }

  /// The text width given by `--width` or the file, if any.
  func width(_ flag: Int?) throws(CommandFailure) -> Int? {
    try number(flag, config?.width, key: "width", rule: "must be at least 1") { $0 >= 1 }
  }

  /// Seconds a URL may stay silent, given by `--timeout` or the file, if any.
  func timeout(_ flag: Double?) throws(CommandFailure) -> Double? {
    try number(
      flag, config?.timeout, key: "timeout", rule: "must be more than 0 and at most 86400 seconds"
    ) { $0 > 0 && $0 <= 86_400 }
  }

  /// The feeds, each once (with a warning for a feed given twice).
  func feeds(_ arguments: [String], environment: [String: String]) throws(CommandFailure)
    -> [FeedInput]
  {
    let (feeds, warnings) = FeedIdentity.unique(try givenFeeds(arguments, environment: environment))
    Diagnostics.printWarnings(warnings)
    return feeds
  }

  /// The feeds: the command line's (named and coloured by the file's entry for the same path),
  /// else the file's.
  func givenFeeds(_ arguments: [String], environment: [String: String]) throws(CommandFailure)
    -> [FeedInput]
  {
    guard arguments.isEmpty else {
      return arguments.map { argument in
        let entry = config?.entry(for: argument)
        return FeedInput(argument, name: entry?.name, color: entry?.color)
      }
    }
    guard let config, !config.feeds.isEmpty else {
      let path = ConfigFile.defaultPath(environment: environment) ?? "config.toml"
      throw CommandFailure(
        message: "no feed given: name .ics files, folders or URLs, or list [[feed]]s in \(path)",
        code: ExitCodes.usage)
    }
    return config.feeds.map { FeedInput($0.path, name: $0.name, color: $0.color) }
  }
}
