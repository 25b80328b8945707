import ICalBridge
import LaneLayout

/// What a byte-level scan reads of an RRULE value: enough to bound, conservatively, the last day
/// an instance can start on, for the plain rules most feeds use.
///
/// FREQ, UNTIL, COUNT, INTERVAL and WKST are understood, and the BY parts of RFC 5545 are read
/// as lists. A rule with UNTIL is bounded by it whatever its BY parts, as long as they are ones
/// libical takes (RFC 5545 names, values and combinations, see ``byPartsTakenByLibical``): a
/// rule libical would reject is kept for libical to reject. A rule with COUNT is bounded only
/// when every period of its FREQ is sure to hold an instance (see ``lastStartDay(from:startMonth:startDayOfMonth:)``).
/// A rule with anything else has no bound here and its event is always kept.
package struct RuleFacts: Sendable {
  typealias Frequency = RecurrenceFrequency

  var frequency: Frequency?
  var count: Int?
  var untilDay: Day?
  var interval = 1
  /// BYDAY of plain weekdays (no ordinals), allowed with FREQ=WEEKLY only.
  var byDay = false
  /// A part, or a value, this reader does not bound.
  var unknown = false
  /// The BY parts, in the order written, each once (a repeated one makes the rule `unknown`).
  var byParts: [ByPart] = []
  /// The names of ``byParts``, as ``ByPart/Name/bit``s.
  private var names: UInt16 = 0

  /// Reads the value of an RRULE line (the bytes after its `:`).
  init(value: UnsafeBufferPointer<UInt8>.SubSequence) {
    var partStart = value.startIndex
    var index = value.startIndex
    while index <= value.endIndex {
      if index == value.endIndex || value[index] == UInt8(ascii: ";") {
        // libical stops reading a rule at an empty part (`FREQ=DAILY;;COUNT=5` repeats
        // without end): such a rule is not bounded here.
        guard index > partStart || index == value.endIndex else {
          unknown = true
          break
        }
        if index > partStart { readPart(value[partStart..<index]) }
        partStart = index + 1
      }
      index += 1
    }
    if frequency == nil || interval < 1 { unknown = true }
  }

  private mutating func readPart(_ part: UnsafeBufferPointer<UInt8>.SubSequence) {
    guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else {
      unknown = true
      return
    }
    if readASCIIPart(part, equals: equals) { return }
    let name = RuleFacts.upper(part[part.startIndex..<equals])
    let text = RuleFacts.upper(part[(equals + 1)...])
    readPart(name: name, text: text)
  }

  /// Reads an all-ASCII part with a known name straight from its bytes, as ``readPart(_:)``
  /// reads it through upper-cased strings (the same decisions, without a `String` for FREQ,
  /// COUNT, INTERVAL, UNTIL and WKST). Returns false, having read nothing, for anything else.
  private mutating func readASCIIPart(
    _ part: UnsafeBufferPointer<UInt8>.SubSequence, equals: Int
  ) -> Bool {
    guard part.allSatisfy({ $0 < 0x80 }) else { return false }
    let nameBytes = UnsafeBufferPointer(rebasing: part[part.startIndex..<equals])
    let value = UnsafeBufferPointer(rebasing: part[(equals + 1)...])
    func named(_ word: StaticString) -> Bool {
      nameBytes.count == word.utf8CodeUnitCount && EventFacts.hasPrefix(nameBytes, word)
    }
    func valued(_ word: StaticString) -> Bool {
      value.count == word.utf8CodeUnitCount && EventFacts.hasPrefix(value, word)
    }
    if named("FREQ") {
      if valued("SECONDLY") {
        frequency = .secondly
      } else if valued("MINUTELY") {
        frequency = .minutely
      } else if valued("HOURLY") {
        frequency = .hourly
      } else if valued("DAILY") {
        frequency = .daily
      } else if valued("WEEKLY") {
        frequency = .weekly
      } else if valued("MONTHLY") {
        frequency = .monthly
      } else if valued("YEARLY") {
        frequency = .yearly
      } else {
        unknown = true
      }
    } else if named("COUNT") {
      if let number = RuleFacts.number(value) { count = number } else { unknown = true }
    } else if named("INTERVAL") {
      if let number = RuleFacts.number(value) { interval = number } else { unknown = true }
    } else if named("UNTIL") {
      if value.count >= 8,
        let number = RuleFacts.number(UnsafeBufferPointer(rebasing: value[0..<8])),
        let day = Day(year: number / 10000, month: number / 100 % 100, day: number % 100)
      {
        untilDay = day
      } else {
        unknown = true
      }
    } else if named("WKST") {
      // Read as the strings read it: not at all.
    } else if let name = ByPart.Name.named(nameBytes) {
      addByPart(name, text: value)
    } else {
      return false
    }
    return true
  }

  /// Adds a BY part; a name already read makes the rule `unknown`.
  private mutating func addByPart(_ name: ByPart.Name, text: UnsafeBufferPointer<UInt8>) {
    guard names & name.bit == 0 else {
      unknown = true
      return
    }
    names |= name.bit
    let part = ByPart(name: name, text: text)
    byParts.append(part)
    if name == .day, part.plainWeekdays { byDay = true }
  }

  /// Whether the rule has a BY part of `name`.
  private func has(_ name: ByPart.Name) -> Bool { names & name.bit != 0 }

  /// A part by its upper-cased name and value.
  private mutating func readPart(name: String, text: String) {
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
    default:
      guard let byName = ByPart.Name.named(name) else {
        unknown = true
        return
      }
      var text = text
      text.withUTF8 { addByPart(byName, text: $0) }
    }
  }

  /// The months (bit `m - 1` for month `m`) in which a yearly rule's instances start, for a
  /// DTSTART in `startMonth`: its BYMONTH months when it has BYMONTH (BYMONTHDAY, BYDAY and
  /// BYSETPOS then pick days of those months, BYHOUR, BYMINUTE and BYSECOND times of those
  /// days), DTSTART's month when its only BY parts are times of day; nil for anything else
  /// (BYYEARDAY, BYWEEKNO, days without BYMONTH, which RFC 5545 spreads over the year, a part or
  /// value this reader does not know, such as RSCALE). DTSTART's month is always among them:
  /// DTSTART is an instance whether or not the rule names it.
  func startMonths(startMonth: Int) -> UInt16? {
    guard !unknown, frequency == .yearly, (1...12).contains(startMonth) else { return nil }
    var months: UInt16 = 1 << (startMonth - 1)
    var hasMonth = false
    var daysOfMonth = false
    for part in byParts {
      switch part.name {
      case .month:
        guard let bits = part.monthBits else { return nil }
        months |= bits
        hasMonth = true
      case .second, .minute, .hour:
        continue
      case .monthDay, .day, .setPos:
        daysOfMonth = true
      case .yearDay, .weekNo:
        return nil
      }
    }
    return daysOfMonth && !hasMonth ? nil : months
  }

  /// The last day an instance can start on, for a rule whose DTSTART falls on `start`; nil
  /// when this reader cannot bound it.
  func lastStartDay(from start: Day, startMonth: Int, startDayOfMonth: Int) -> Day? {
    guard !unknown, let frequency else { return nil }
    // UNTIL ends every rule, whatever its BY parts say; a day covers UNTIL in UTC read locally.
    if let untilDay {
      return byPartsTakenByLibical(frequency) ? untilDay.adding(days: 1) : nil
    }
    guard let count, count >= 1 else { return nil }
    let onlyPlainWeeklyDays =
      byParts.isEmpty || (frequency == .weekly && byDay && byParts.count == 1)
    guard onlyPlainWeeklyDays else {
      return everyPeriodHoldsAnInstance(frequency, startDayOfMonth: startDayOfMonth)
        ? countBound(frequency, count: count, from: start) : nil
    }
    guard byDay else {
      return RuleReach.lastStartDay(
        from: start, count: count, interval: interval, frequency: frequency,
        startMonth: startMonth, startDayOfMonth: startDayOfMonth)
    }
    // Every week of the rule holds at least one instance.
    let (weeks, overflow) = count.multipliedReportingOverflow(by: interval)
    guard !overflow, weeks < 1_000_000 else { return nil }
    return start.adding(days: (weeks + 1) * 7)
  }

  /// The bound of a COUNT rule whose every period (of FREQ, DAILY or coarser) holds at least one
  /// instance.
  ///
  /// Proof: number the periods from DTSTART's, 0, and let I be INTERVAL; the rule visits
  /// periods 0, I, 2I… Instances counted by COUNT start at DTSTART, so period 0 may add none,
  /// but each visited period k·I for k = 1…COUNT adds at least one, so by the end of period
  /// COUNT·I at least COUNT instances have come: the last one starts before the end of period
  /// COUNT·I, that is within (COUNT·I + 1) periods of DTSTART's period's start, and DTSTART's
  /// period starts at most one period before DTSTART. A period is at most 1 day (+1 hour of a
  /// DST change, covered by the extra day), 7 days, 31 days or 366 days.
  private func countBound(_ frequency: Frequency, count: Int, from start: Day) -> Day? {
    RuleReach.everyPeriodBound(frequency, count: count, interval: interval, from: start)
  }

  /// Whether every period of the rule's FREQ is sure to hold an instance: BY parts that only
  /// add times within a day (BYHOUR, BYMINUTE, BYSECOND), plus, per FREQ, day parts that every
  /// period contains — plain weekdays (every week and month holds each weekday; a year holds
  /// twelve months), month days 1–28 (every month has them), and, with no day part in a MONTHLY
  /// or YEARLY rule, DTSTART's day of month at most 28 (a MONTHLY rule from the 31st with only a
  /// BYHOUR skips five months a year). BYSETPOS, ordinals, negative or late month days, BYYEARDAY and BYWEEKNO can
  /// leave a period empty (BYMONTHDAY=31 in April, 29 February): no bound then.
  private func everyPeriodHoldsAnInstance(_ frequency: Frequency, startDayOfMonth: Int) -> Bool {
    guard byPartsTakenByLibical(frequency) else { return false }
    var names = self.names
    names &= ~(ByPart.Name.hour.bit | ByPart.Name.minute.bit | ByPart.Name.second.bit)
    let plainDays = byDay
    let earlyMonthDays =
      byParts.first { $0.name == .monthDay }.map {
        $0.integers && $0.minimum >= 1 && $0.maximum <= 28
      } ?? false
    let onlyDays = names == ByPart.Name.day.bit
    let onlyMonthDays = names == ByPart.Name.monthDay.bit
    switch frequency {
    case .daily:
      return names == 0
    case .weekly:
      return names == 0 || (onlyDays && plainDays)
    case .monthly:
      // Without day parts the instance falls on DTSTART's day of month: 29-31 skip months.
      return (names == 0 && startDayOfMonth <= 28) || (onlyDays && plainDays)
        || (onlyMonthDays && earlyMonthDays)
    case .yearly:
      names &= ~ByPart.Name.month.bit
      return (names == 0 && startDayOfMonth <= 28)
        || (names == ByPart.Name.day.bit && plainDays)
        || (names == ByPart.Name.monthDay.bit && earlyMonthDays)
    case .secondly, .minutely, .hourly:
      return false
    }
  }

  /// Whether libical takes the rule's BY parts: RFC 5545 values in range, combinations its
  /// iterator accepts (BYYEARDAY only in YEARLY rules and with no other day part; BYWEEKNO only
  /// in YEARLY rules, without BYMONTH or BYMONTHDAY; no BYMONTHDAY in WEEKLY rules; weekday
  /// ordinals only in MONTHLY and YEARLY rules, not with BYWEEKNO; BYSETPOS with another BY
  /// part), and no more instances per period than ``RuleDensityLimit/instancesPerPeriod``. Anything else is left
  /// for libical to judge.
  func byPartsTakenByLibical(_ frequency: Frequency) -> Bool {
    var instances = frequency.mostDaysPerPeriod
    for part in byParts {
      let range: ClosedRange<Int>
      var signed = false
      switch part.name {
      case .second: range = 0...60
      case .minute: range = 0...59
      case .hour: range = 0...23
      case .month: range = 1...12
      case .monthDay: (range, signed) = (1...31, true)
      case .yearDay: (range, signed) = (1...366, true)
      case .weekNo: (range, signed) = (1...53, true)
      case .setPos: (range, signed) = (1...366, true)
      case .day:
        guard part.weekdays else { return false }
        if part.ordinals {
          guard frequency == .monthly || frequency == .yearly, !has(.weekNo),
            part.leastOrdinal >= 1, part.greatestOrdinal <= (frequency == .monthly ? 5 : 53)
          else { return false }
        }
        continue
      }
      guard part.integers else { return false }
      if signed {
        guard range.contains(part.leastMagnitude), range.contains(part.greatestMagnitude) else {
          return false
        }
      } else {
        guard range.contains(part.minimum), range.contains(part.maximum), !part.plus else {
          return false
        }
      }
      let finer: Bool
      switch part.name {
      case .hour: finer = ![.secondly, .minutely, .hourly].contains(frequency)
      case .minute: finer = ![.secondly, .minutely].contains(frequency)
      case .second: finer = frequency != .secondly
      default: finer = false
      }
      if finer {
        let (product, overflow) = instances.multipliedReportingOverflow(by: part.count)
        guard !overflow else { return false }
        instances = product
      }
    }
    let dayParts: [ByPart.Name] = [.month, .weekNo, .monthDay, .day]
    if has(.yearDay) && (frequency != .yearly || dayParts.contains(where: has)) {
      return false
    }
    if has(.weekNo) && (frequency != .yearly || has(.month) || has(.monthDay)) {
      return false
    }
    if has(.monthDay) && frequency == .weekly { return false }
    if has(.setPos) && names == ByPart.Name.setPos.bit { return false }
    return instances <= RuleDensityLimit.instancesPerPeriod
  }

  private static func upper(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
    String(decoding: bytes, as: UTF8.self).uppercased()
  }

  private static func number(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCII) else { return nil }
    return Int(text)
  }

  /// ``number(_:)`` of ASCII bytes: at most 9 of them, an optional sign and at least one
  /// digit, as `Int(_:)` reads them.
  private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
    var index = 0
    var negative = false
    if bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
      negative = bytes[0] == UInt8(ascii: "-")
      index = 1
    }
    guard index < bytes.count else { return nil }
    var value = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
      index += 1
    }
    return negative ? -value : value
  }
}
