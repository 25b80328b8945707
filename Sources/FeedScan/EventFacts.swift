import Foundation
import ICalBridge
import LaneLayout

/// What a byte-level scan reads of a VEVENT before libical parses it: enough for the month
/// pre-filter to decide, conservatively, whether the event can touch a window of days.
package struct EventFacts: Sendable {
  /// The date part of DTSTART, when it could be read.
  var startDay: Day?
  /// The date part of DTEND, when present and readable.
  var endDay: Day?
  /// Whole days (rounded up) of DURATION, when present and readable.
  var durationDays: Int?
  /// Whether the event has DTEND.
  var hasEnd = false
  /// Whether the event has DURATION.
  var hasDuration = false
  /// RRULE, RDATE or EXRULE: the event can recur.
  var recurs = false
  /// How many RRULE lines the event has.
  var ruleCount = 0
  /// EXRULE, or an RDATE this scan does not read whole: recurrence it does not bound.
  var unboundedRecurrence = false
  /// The first and last days of the event's RDATE values, when it has RDATEs (all read; see
  /// ``readRecurrenceDates(_:)``).
  var recurrenceDays: ClosedRange<Day>?
  /// Some RDATE value is a PERIOD, whose end this scan does not read: the RDATEs bound the
  /// event's first day, not its last.
  var recurrenceDatePeriods = false
  /// What the scan read of the (first) RRULE.
  var rule: RuleFacts?
  /// The event carries a RECURRENCE-ID: it overrides an instance of a series.
  var overridesInstance = false
  /// RECURRENCE-ID has a RANGE parameter (THISANDFUTURE moves later instances too).
  var hasRange = false
  /// STATUS:CANCELLED (a cancelled event changes how its series counts, so it is always kept).
  var cancelled = false
  /// Something the scan could not read with certainty (an odd DTSTART, say).
  var unreadable = false
  /// The UID, unfolded but still escaped; for messages and for matching events that share it.
  /// Made only for an event the scan hands out whole (kept, or read again): an event the
  /// pre-filter passes over has only its ``uidKey``.
  package var uid: String?
  /// ``FeedLoader/uidKey(_:)`` of the UID; nil without UID.
  var uidKey: Int?
  /// The UID was too long to keep whole.
  var uidTruncated = false
  /// The UID holds a backslash escape (libical reads it unescaped).
  var uidEscaped = false
  /// How many UID properties the event has (libical keeps the last).
  var uidCount = 0

  /// The UID holds a byte of 0x80 or above (libical may read text that is not UTF-8 otherwise).
  var uidNonASCII = false

  /// Whether libical may read the UID as another text than the scan: escaped, cut, one of
  /// several, or not ASCII. Such an event is never passed over; the UID libical gives it then
  /// decides which passed-over events are read with it.
  package var uidReadOtherwise: Bool { uidEscaped || uidTruncated || uidCount > 1 || uidNonASCII }
  static let uidLimit = 1_000
  /// The last day an instance can start on: libical's times end with year 9999.
  static let lastInstanceDay = Day(ordinal: Day.daysSinceEpoch(year: 9999, month: 12, day: 31))

  /// The properties the scan reads; `unused` for the common ones nothing in icslanes reads;
  /// everything else is `other`.
  enum Property {
    case dtStart, dtEnd, duration, rrule, rdate, exrule, exdate, recurrenceId, status, uid, other
    case unused
    /// A line that ends inside a short property name (no `;` or `:`): folding may split a name
    /// anywhere (`RRU` + ` LE:FREQ=…`), so which property it is shows only once unfolded.
    case folded

    /// Whether the scan reads the property only once its line is whole (``HeldProperty``):
    /// the ones whose value bounds the event's days or decides its duplicates.
    var isReadWhole: Bool {
      switch self {
      case .dtStart, .dtEnd, .duration, .rrule, .rdate, .exdate, .recurrenceId, .status:
        true
      case .exrule, .uid, .other, .unused, .folded:
        false
      }
    }
  }

  /// Where the value of a date property line starts (``valueStart(_:)``); nil also when a
  /// parameter has no `=` (`DTSTART;X;TZID=…:…`, or an empty one, `DTSTART;TZID=X;:…`): libical
  /// then takes the rest of the line as the value, cannot parse it, and removes the property
  /// (an event without DTSTART is skipped, a RECURRENCE-ID removed makes the event no
  /// override), so such a line is not read.
  static func dateValueStart(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let start = valueStart(line), everyParameterHasAValue(line, end: start - 1) else {
      return nil
    }
    return start
  }

  /// Whether each parameter before `end` (the value's `:`) holds an `=` outside quotes.
  private static func everyParameterHasAValue(_ line: UnsafeBufferPointer<UInt8>, end: Int)
    -> Bool
  {
    guard let first = line[..<end].firstIndex(of: UInt8(ascii: ";")) else { return true }
    var quoted = false
    var hasEquals = false
    for index in (first + 1)..<end {
      let byte = line[index]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted, byte == UInt8(ascii: ";") {
        guard hasEquals else { return false }
        hasEquals = false
      } else if !quoted, byte == UInt8(ascii: "=") {
        hasEquals = true
      }
    }
    return hasEquals
  }

  /// Whether `line` ends inside a property name: short (no name read here is longer than 13)
  /// and without `:` or `;`. Which property it is shows only unfolded.
  static func endsInsideName(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.count <= 13 && !line.contains(where: { $0 == 0x3A || $0 == 0x3B })
  }

  /// Reads one property line of the VEVENT itself, whole (see ``HeldProperty``), whose name
  /// says it is `property` (``property(of:)``); returns which it is.
  ///
  /// Runs for every line of every VEVENT, so it allocates nothing for the lines it does not read.
  mutating func read(_ line: UnsafeBufferPointer<UInt8>, as property: Property) -> Property {
    switch property {
    case .dtStart:
      startDay = EventFacts.dayValue(line, datesWithoutValue: true)
      // A DTSTART libical will not read: the event is skipped, so kept for every window.
      if startDay.map({ $0 > LibicalYears.lastDay }) ?? true { unreadable = true }
    case .dtEnd:
      hasEnd = true
      endDay = EventFacts.dayValue(line, datesWithoutValue: true)
    case .duration:
      hasDuration = true
      if let start = EventFacts.valueStart(line) {
        durationDays = EventFacts.durationDays(line[start...])
      }
    case .rrule:
      recurs = true
      ruleCount += 1
      if ruleCount == 1, let start = EventFacts.valueStart(line) {
        rule = RuleFacts(value: line[start...])
      }
    case .rdate:
      // Read once the line is whole (``readRecurrenceDates(_:)``): it may be folded.
      recurs = true
    case .exrule:
      recurs = true
      unboundedRecurrence = true
    case .exdate:
      if EventFacts.days(ofDates: line, periods: false) == nil { unreadable = true }
    case .recurrenceId:
      overridesInstance = true
      if let colon = EventFacts.valueStart(line) {
        let head = UnsafeBufferPointer(rebasing: line[..<colon])
        hasRange = EventFacts.contains(head, "RANGE")
      }
    case .status:
      if let start = EventFacts.valueStart(line) {
        let value = UnsafeBufferPointer(rebasing: line[start...])
        if EventFacts.hasPrefix(value, "CANCELLED") { cancelled = true }
      }
    case .uid:
      // The value's bytes are gathered by the scanner (``UIDBytes``). Of two UIDs libical keeps
      // the last, while the scan joins their bytes: such an event is left to libical, whose
      // UID for it then decides which events are read with it.
      uidCount += 1
      if uidCount > 1 { unreadable = true }
    case .other, .unused:
      // A whole line that still ends inside its name: not a property this scan reads, or a
      // line cut short; the event is left to libical.
      if EventFacts.endsInsideName(line) {
        unreadable = true
        return .folded
      }
    case .folded:
      break
    }
    return property
  }

  /// A property line too long to read whole (``HeldProperty/tooLong``): what its first bytes
  /// said of the event is not certain.
  mutating func noteContinuation(of property: Property) {
    switch property {
    case .dtStart, .dtEnd, .duration, .status, .recurrenceId, .exdate: unreadable = true
    // A folded RRULE is read no further: keep the event.
    case .rrule: unboundedRecurrence = true
    default: break
    }
  }

  /// Reads an RDATE property line, unfolded (nil: too long to keep whole): its values' first
  /// and last days join ``recurrenceDays``; a value this scan does not read leaves the event's
  /// recurrence unbounded.
  mutating func readRecurrenceDates(_ line: UnsafeBufferPointer<UInt8>?) {
    guard let line, let read = EventFacts.days(ofDates: line, periods: true) else {
      unboundedRecurrence = true
      return
    }
    if read.periods { recurrenceDatePeriods = true }
    recurrenceDays =
      recurrenceDays.map {
        min($0.lowerBound, read.days.lowerBound)...max($0.upperBound, read.days.upperBound)
      } ?? read.days
  }

  /// Which of the properties the scan reads `line` holds, by its name (any case), without
  /// allocating.
  static func property(of line: UnsafeBufferPointer<UInt8>) -> Property {
    var length = 0
    while length < line.count {
      let byte = line[length]
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
      length += 1
      if length > 13 { return .other }
    }
    switch length {
    case 3:
      return hasPrefix(line, "UID") ? .uid : .other
    case 5:
      if hasPrefix(line, "DTEND") { return .dtEnd }
      if hasPrefix(line, "RRULE") { return .rrule }
      if hasPrefix(line, "RDATE") { return .rdate }
      return .other
    case 6:
      if hasPrefix(line, "EXRULE") { return .exrule }
      if hasPrefix(line, "EXDATE") { return .exdate }
      return hasPrefix(line, "STATUS") ? .status : .other
    case 7:
      if hasPrefix(line, "DTSTART") { return .dtStart }
      return hasPrefix(line, "DTSTAMP") || hasPrefix(line, "COMMENT") ? .unused : .other
    case 8:
      return hasPrefix(line, "DURATION") ? .duration : .other
    case 9:
      return .other
    case 10:
      return hasPrefix(line, "X-ALT-DESC") ? .unused : .other
    case 13:
      if hasPrefix(line, "RECURRENCE-ID") { return .recurrenceId }
      return hasPrefix(line, "LAST-MODIFIED") ? .unused : .other
    default:
      return .other
    }
  }

  /// The property name, uppercased: the bytes before the first `;` or `:`.
  static func propertyName(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var name: [UInt8] = []
    for byte in line {
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
      name.append(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
      if name.count > 64 { break }
    }
    return name
  }

  /// The index just after the `:` that starts the value (a `:` inside a quoted parameter does
  /// not count).
  static func valueStart(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = line.baseAddress,
      let found = memchr(base, Int32(UInt8(ascii: ":")), line.count)
    else { return nil }
    let colon = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    // No quote before the first `:`: that one starts the value (the common case).
    if memchr(base, Int32(UInt8(ascii: "\"")), colon) == nil { return colon + 1 }
    var quoted = false
    for index in 0..<line.count {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == UInt8(ascii: ":"), !quoted {
        return index + 1
      }
    }
    return nil
  }
}
