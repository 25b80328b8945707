import FeedImport
import IcsLanes

/// How much of a run's warnings stderr shows.
enum WarningMode {
  /// None (`--quiet`): errors only.
  case quiet
  /// Each warning kind with more than ``WarningReport/named`` warnings on one line (default).
  case summary
  /// Every warning, one line each (`--verbose`).
  case all
}

/// The lines stderr shows for a run's warnings.
///
/// By default a kind of warning (the same message but for numbers and quoted names, or the
/// same reason to skip an event) with more than three warnings takes one line, naming the
/// first three, e.g. `1,001 events repeat an earlier one (same UID and RECURRENCE-ID); one of
/// each is used: a.ics:38, a.ics:52, a.ics:66 and 998 more (--verbose lists them)`. Kinds with
/// fewer are listed in full, in the order met.
struct WarningReport {
  /// The warnings of a kind named on its summary line.
  static let named = 3
  /// At most this many lines by default; the rest are counted on one more line.
  static let lineLimit = 50

  /// One warning: its line in full, its kind and where it is; or the library's count of
  /// warnings of a kind it did not list one by one (`weight` of them, no place).
  struct Item {
    var text: String
    var kind: String
    var place: String?
    var weight = 1
  }

  /// The lines for `items` in `mode`.
  static func lines(_ items: [Item], mode: WarningMode) -> [String] {
    switch mode {
    case .quiet: return []
    case .all: return items.map(\.text)
    case .summary: return summary(items)
    }
  }

  private static func summary(_ items: [Item]) -> [String] {
    var members: [String: [Item]] = [:]
    for item in items { members[item.kind, default: []].append(item) }
    var lines: [String] = []
    var summarized: Set<String> = []
    for item in items {
      let group = members[item.kind] ?? []
      let total = group.reduce(0) { $0 + $1.weight }
      guard total > named else {
        lines.append(item.text)
        continue
      }
      guard summarized.insert(item.kind).inserted else { continue }
      let places = group.compactMap(\.place).prefix(named)
      lines.append(
        "\(phrase(item.kind, count: total)): \(places.joined(separator: ", ")) and \(count(total - places.count)) more (--verbose lists them)"
      )
    }
    guard lines.count > lineLimit else { return lines }
    return Array(lines.prefix(lineLimit)) + [
      "… and \(count(lines.count - lineLimit)) more warning(s) (--verbose lists them)"
    ]
  }

  /// The summary of `count` warnings of `kind`.
  static func phrase(_ kind: String, count n: Int) -> String {
    if kind == duplicateKind {
      return
        "\(count(n)) events repeat an earlier one (same UID and RECURRENCE-ID); one of each is used"
    }
    if kind.hasPrefix(skippedPrefix) {
      return "\(count(n)) events skipped: \(kind.dropFirst(skippedPrefix.count))"
    }
    return "\(count(n)) warnings: \(kind)"
  }

  static let skippedPrefix = "skipped: "
  /// The kind of the warnings for events that repeat another (same UID and RECURRENCE-ID).
  static let duplicateKind = "duplicate"

  /// `1001` as `1,001`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// `message` with every number written `N` and every quoted text `"…"`: warnings that differ
  /// only there are of one kind.
  static func kind(of message: String) -> String {
    var kind = ""
    var quoted = false
    var lastWasDigit = false
    for character in message {
      if character == "\"" {
        quoted.toggle()
        kind += quoted ? "\"…" : "\""
        continue
      }
      if quoted { continue }
      let digit = character.isASCII && character.isNumber
      if digit, !lastWasDigit { kind += "N" }
      if !digit { kind.append(character) }
      lastWasDigit = digit
    }
    return kind
  }

  /// The item for a warning of the library.
  static func item(_ warning: LayoutWarning) -> Item {
    switch warning {
    case .load(let warning), .expansion(let warning):
      var item = Item(
        text: warning.description, kind: kind(of: warning.message),
        place: place(warning.source, warning.line))
      if item.kind.hasPrefix("repeats the VEVENT at line") {
        item.kind = duplicateKind
      } else if item.kind == "N more duplicate(s) not listed one by one",
        let number = Int(warning.message.prefix { $0.isASCII && $0.isNumber })
      {
        // The library's count of the duplicates it did not list: they join the others.
        item.kind = duplicateKind
        item.place = nil
        item.weight = number
      }
      return item
    case .skipped(let source, let event):
      return Item(
        text: warning.description, kind: skippedPrefix + kind(of: event.reason),
        place: place(source, event.line))
    }
  }

  /// The item for a warning of the command itself, a kind of its own.
  static func item(_ text: String) -> Item {
    Item(text: text, kind: "command: " + text, place: nil)
  }

  static func place(_ source: String, _ line: Int?) -> String {
    line.map { "\(source):\($0)" } ?? source
  }
}
