import ArgumentParser

/// The usual command lines read without ArgumentParser's parser: feed arguments and `--name
/// value` options and flags, each given once.
///
/// ArgumentParser builds its model of the command from the command's type at every start (some
/// 17 million instructions, a quarter of a month answered from an index of a 100k-event feed).
/// A command line made only of feed arguments that do not start with `-`, the command's long
/// options each followed by a value that does not start with `-` (options that may repeat
/// excepted, given once) and its flags given once is read here into the same
/// ``IcsLanesCommand``: every value is converted by the type's own `init(argument:)`, as
/// ArgumentParser converts it. Anything else (help, the version, `--name=value`, a short flag,
/// `--`, a value that is not one, an empty argument) is left to ArgumentParser, which reads it
/// or says what is wrong. For the tests, which compare the two readings, the environment's
/// `ICSLANES_ARGUMENT_PARSER=always` leaves every command line to ArgumentParser, and `never`
/// makes a command line this reading leaves to it a usage error.
enum PlainCommandLine {
  /// The options that take a value; those marked repeat collect one per use.
  private static let options: [String: Bool] = [
    "--month": false, "--timeout": false, "--config": false, "--months": false, "--tz": false,
    "--week-start": false, "--format": false, "--max-lanes": false, "--width": false,
    "--index": false, "--color": false, "--locale": false, "--today": false,
    "--calendar": true, "--category": true, "--grep": true, "--color-of": true,
  ]
  /// The flags.
  private static let flags: Set<String> = [
    "--no-config", "--outside-days", "--sticky-lanes", "--strict", "--stats", "--no-prefilter",
  ]

  /// The command `arguments` (without the program's name) give, or nil when ArgumentParser
  /// must read them (always when `parserSetting`, `ICSLANES_ARGUMENT_PARSER`, is `always`).
  static func command(_ arguments: [String], parserSetting: String?) -> IcsLanesCommand? {
    if parserSetting == "always" { return nil }
    var feeds: [String] = []
    var values: [String: [String]] = [:]
    var given: Set<String> = []
    var position = 0
    while position < arguments.count {
      let argument = arguments[position]
      position += 1
      guard let first = argument.first else { return nil }
      if first != "-" {
        if argument == "help" { return nil }
        feeds.append(argument)
        continue
      }
      if flags.contains(argument) {
        guard given.insert(argument).inserted else { return nil }
        continue
      }
      guard let repeats = options[argument], position < arguments.count else { return nil }
      let value = arguments[position]
      position += 1
      guard let start = value.first, start != "-" else { return nil }
      if !repeats {
        guard given.insert(argument).inserted else { return nil }
      }
      values[argument, default: []].append(value)
    }
    return assemble(feeds: feeds, values: values, flags: given)
  }

  /// The command of the arguments read; nil when a value does not convert (ArgumentParser
  /// then says so).
  private static func assemble(
    feeds: [String], values: [String: [String]], flags: Set<String>
  ) -> IcsLanesCommand? {
    /// The one value of `name`, converted; `.some(nil)` when not given, nil when unconvertible.
    func one<Value: ExpressibleByArgument>(_ name: String, as: Value.Type) -> Value?? {
      guard let text = values[name]?.last else { return .some(nil) }
      guard let value = Value(argument: text) else { return nil }
      return .some(value)
    }
    guard let month = one("--month", as: String.self),
      let timeout = one("--timeout", as: Double.self),
      let config = one("--config", as: String.self),
      let months = one("--months", as: Int.self),
      let tz = one("--tz", as: String.self),
      let weekStart = one("--week-start", as: String.self),
      let format = one("--format", as: OutputFormat.self),
      let maxLanes = one("--max-lanes", as: Int.self),
      let width = one("--width", as: Int.self),
      let index = one("--index", as: String.self),
      let color = one("--color", as: ColorChoice.self),
      let locale = one("--locale", as: String.self),
      let today = one("--today", as: String.self)
    else { return nil }
    var details = DetailOptions()
    details.calendars = values["--calendar"] ?? []
    details.categories = values["--category"] ?? []
    details.texts = values["--grep"] ?? []
    details.colorOf = values["--color-of"] ?? []
    // Every property is set: one left in its definition state would stop the program when read.
    var command = IcsLanesCommand()
    command.feeds = feeds
    command.month = month
    command.timeout = timeout
    command.config = config
    command.noConfig = flags.contains("--no-config")
    command.months = months ?? 1
    command.tz = tz
    command.weekStart = weekStart
    command.format = format ?? .text
    command.maxLanes = maxLanes
    command.outsideDays = flags.contains("--outside-days")
    command.stickyLanes = flags.contains("--sticky-lanes")
    command.strict = flags.contains("--strict")
    command.stats = flags.contains("--stats")
    command.width = width
    command.noPrefilter = flags.contains("--no-prefilter")
    command.index = index
    command.color = color ?? .auto
    command.locale = locale
    command.today = today
    command.details = details
    return command
  }
}
