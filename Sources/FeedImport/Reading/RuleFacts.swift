import LaneLayout

/// What a byte-level scan reads of an RRULE value: enough to bound, conservatively, the last day
/// an instance can start on, for the plain rules most feeds use.
///
/// Only FREQ, UNTIL, COUNT, INTERVAL, WKST and (with FREQ=WEEKLY) BYDAY of plain weekdays are
/// understood; a rule with anything else has no bound here and its event is always kept.
struct RuleFacts: Sendable {
  enum Frequency: Sendable {
    case secondly, minutely, hourly, daily, weekly, monthly, yearly
  }

  var frequency: Frequency?
  var count: Int?
  var untilDay: Day?
  var interval = 1
  /// BYDAY of plain weekdays (no ordinals), allowed with FREQ=WEEKLY only.
  var byDay = false
  /// A part, or a value, this reader does not bound.
  var unknown = false

  /// Reads the value of an RRULE line (the bytes after its `:`).
  init(value: UnsafeBufferPointer<UInt8>.SubSequence) {
    var partStart = value.startIndex
    var index = value.startIndex
    while index <= value.endIndex {
      if index == value.endIndex || value[index] == UInt8(ascii: ";") {
        if index > partStart { readPart(value[partStart..<index]) }
        partStart = index + 1
      }
      index += 1
    }
    if frequency == nil || (byDay && frequency != .weekly) || interval < 1 { unknown = true }
  }

  private mutating func readPart(_ part: UnsafeBufferPointer<UInt8>.SubSequence) {
    guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else {
      unknown = true
      return
    }
    let name = RuleFacts.upper(part[part.startIndex..<equals])
    let text = RuleFacts.upper(part[(equals + 1)...])
    switch name {
    case "FREQ":
      switch text {
      case "SECONDLY": frequency = .secondly
      case "MINUTELY": frequency = .minutely
      case "HOURLY": frequency = .hourly
      case "DAILY": frequency = .daily
      case "WEEKLY": frequency = .weekly
      case "MONTHLY": frequency = .monthly
      case "YEARLY": frequency = .yearly
      default: unknown = true
      }
    case "COUNT":
      if let number = RuleFacts.number(text) { count = number } else { unknown = true }
    case "INTERVAL":
      if let number = RuleFacts.number(text) { interval = number } else { unknown = true }
    case "UNTIL":
      let digits = text.prefix(8)
      if digits.count == 8, let number = RuleFacts.number(String(digits)),
        let day = Day(year: number / 10000, month: number / 100 % 100, day: number % 100)
      {
        untilDay = day
      } else {
        unknown = true
      }
    case "WKST":
      break
    case "BYDAY":
      let days: Set<Substring> = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
      if text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy(days.contains) {
        byDay = true
      } else {
        unknown = true
      }
    default:
      unknown = true
    }
  }

  /// The last day an instance can start on, for a rule whose DTSTART falls on `start`; nil
  /// when this reader cannot bound it.
  func lastStartDay(from start: Day, startMonth: Int, startDayOfMonth: Int) -> Day? {
    guard !unknown, let frequency else { return nil }
    // UNTIL ends every rule, whatever else it says; a day covers UNTIL in UTC read locally.
    if let untilDay { return untilDay.adding(days: 1) }
    guard let count, count >= 1 else { return nil }
    let days: Int
    if byDay {
      // Every week of the rule holds at least one instance.
      let (weeks, overflow) = count.multipliedReportingOverflow(by: interval)
      guard !overflow, weeks < 1_000_000 else { return nil }
      days = (weeks + 1) * 7
    } else {
      let periodSeconds: Int
      switch frequency {
      case .secondly: periodSeconds = 1
      case .minutely: periodSeconds = 60
      case .hourly: periodSeconds = 3_600
      case .daily: periodSeconds = 86_400 + 3_600
      case .weekly: periodSeconds = 7 * 86_400 + 3_600
      // Days 29–31 are skipped in shorter months: at worst every other month.
      case .monthly: periodSeconds = 62 * 86_400
      // 29 February: at worst every eighth year.
      case .yearly:
        periodSeconds = (startMonth == 2 && startDayOfMonth == 29 ? 8 * 366 : 366) * 86_400
      }
      let (steps, overflow1) = (count - 1).multipliedReportingOverflow(by: interval)
      let (total, overflow2) = steps.multipliedReportingOverflow(by: periodSeconds)
      guard !overflow1, !overflow2, total < 3_000 * 366 * 86_400 else { return nil }
      days = (total + 86_399) / 86_400 + 1
    }
    return start.adding(days: days)
  }

  private static func upper(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
    String(decoding: bytes, as: UTF8.self).uppercased()
  }

  private static func number(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCII) else { return nil }
    return Int(text)
  }
}
