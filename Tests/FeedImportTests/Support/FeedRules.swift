import Foundation
import LaneLayout

@testable import FeedImport
@testable import ICalBridge

/// The RRULEs of the .ics files under a folder, each with its event's DTSTART, read from the
/// text (lines unfolded): what the rule differential compares on real feeds.
enum FeedRules {
  /// Every (DTSTART, RRULE text) pair of the VEVENTs of the .ics files under `folder`.
  static func rules(under folder: URL) -> [(start: WallTime, rule: String, file: String)] {
    var found: [(WallTime, String, String)] = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "ics", let data = try? Data(contentsOf: file) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      for (start, rule) in rules(in: text) { found.append((start, rule, file.lastPathComponent)) }
    }
    return found.sorted { ($0.2, $0.1) < ($1.2, $1.1) }
  }

  /// The (DTSTART, RRULE) pairs of the VEVENTs of `text`.
  static func rules(in text: String) -> [(WallTime, String)] {
    let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
    var found: [(WallTime, String)] = []
    var start: WallTime?
    var rules: [String] = []
    var inEvent = false
    for line in unfolded.split(separator: "\n", omittingEmptySubsequences: true) {
      let upper = line.uppercased()
      if upper.hasPrefix("BEGIN:VEVENT") {
        (inEvent, start, rules) = (true, nil, [])
      } else if upper.hasPrefix("END:VEVENT") {
        if let start { found += rules.map { (start, $0) } }
        inEvent = false
      } else if inEvent, upper.hasPrefix("DTSTART"), let colon = line.lastIndex(of: ":") {
        start = time(String(line[line.index(after: colon)...]))
      } else if inEvent, upper.hasPrefix("RRULE:") {
        rules.append(String(line.dropFirst(6)))
      }
    }
    return found
  }

  /// A DATE or DATE-TIME value's wall time (its zone left out), or nil.
  static func time(_ value: String) -> WallTime? {
    let digits = Array(value.trimmingCharacters(in: .whitespaces).utf8)
    func number(_ from: Int, _ count: Int) -> Int32? {
      guard digits.count >= from + count else { return nil }
      return Int32(String(decoding: digits[from..<(from + count)], as: UTF8.self))
    }
    guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2),
      LibicalYears.usable.contains(Int(year)), (1...12).contains(month), day >= 1,
      day <= Day.daysIn(year: Int(year), month: Int(month))
    else { return nil }
    var time = WallTime(year: year, month: month, day: day)
    if digits.count >= 15, let hour = number(9, 2), let minute = number(11, 2),
      let second = number(13, 2), hour < 24, minute < 60, second < 60
    {
      (time.hour, time.minute, time.second) = (hour, minute, second)
    } else {
      time.isDate = true
    }
    return time
  }
}
