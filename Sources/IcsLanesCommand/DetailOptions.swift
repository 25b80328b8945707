import ArgumentParser
import FeedImport
import IcsLanes

/// The options that choose which events are shown and in which colours: `--calendar`,
/// `--category`, `--grep` and `--color-of` (kept together, apart from the layout's options).
struct DetailOptions: ParsableArguments {
  @Option(
    name: .customLong("calendar"),
    help: ArgumentHelp(
      "Show only this calendar's events (its name, any case); repeat for several.",
      valueName: "name"))
  var calendars: [String] = []

  @Option(
    name: .customLong("category"),
    help: ArgumentHelp(
      "Show only events with this CATEGORIES value (any case); repeat for several.",
      valueName: "name"))
  var categories: [String] = []

  @Option(
    name: .customLong("grep"),
    help: ArgumentHelp(
      "Show only events whose title or location contains TEXT (any case); repeat for several.",
      valueName: "text"))
  var texts: [String] = []

  @Option(
    name: .customLong("color-of"),
    help: ArgumentHelp(
      "Colour of a calendar, NAME=#rrggbb or NAME=cssname; wins over the feed's own colour.",
      valueName: "name=color"))
  var colorOf: [String] = []

  /// The events to lay out.
  var filter: EventFilter {
    EventFilter(calendars: calendars, categories: categories, texts: texts)
  }

  /// A warning for each `--calendar` or `--color-of` name that no loaded feed has (a typo would
  /// otherwise silently show nothing, or change nothing).
  func unknownCalendarWarnings(_ known: [String]) -> [String] {
    let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
    var warnings: [String] = []
    for name in calendars where !known.contains(where: { $0.lowercased() == name.lowercased() }) {
      warnings.append("--calendar \"\(name)\": no calendar has this name (calendars: \(list))")
    }
    for text in colorOf {
      guard let equals = text.lastIndex(of: "=") else { continue }
      let name = String(text[..<equals])
      if !known.contains(name) {
        warnings.append("--color-of \"\(name)\": no calendar has this name (calendars: \(list))")
      }
    }
    return warnings
  }

  /// The colours given with `--color-of`, by calendar name (the last one for a name wins).
  func calendarColors() throws -> [String: String] {
    var colors: [String: String] = [:]
    for text in colorOf {
      guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
        throw CommandFailure(
          message:
            "--color-of \"\(text)\" is not NAME=COLOUR: use e.g. Family=#1f77b4 or Team=darkgreen",
          code: ExitCodes.usage)
      }
      let color = String(text[text.index(after: equals)...])
      guard let hex = ColorValue.hex(color) else {
        throw CommandFailure(
          message: "--color-of \"\(text)\": \"\(color)\" is not a colour: \(ColorValue.forms)",
          code: ExitCodes.usage)
      }
      colors[String(text[..<equals])] = hex
    }
    return colors
  }
}
