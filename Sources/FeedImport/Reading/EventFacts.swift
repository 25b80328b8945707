import Foundation
import LaneLayout

/// What a byte-level scan reads of a VEVENT before libical parses it: enough for the month
/// pre-filter to decide, conservatively, whether the event can touch a window of days.
struct EventFacts: Sendable {
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
  /// The date part of RECURRENCE-ID, when readable.
  var recurrenceIdDay: Day?
  /// RECURRENCE-ID has a RANGE parameter (THISANDFUTURE moves later instances too).
  var hasRange = false
  /// STATUS:CANCELLED (a cancelled event changes how its series counts, so it is always kept).
  var cancelled = false
  /// Something the scan could not read with certainty (an odd DTSTART, say).
  var unreadable = false
  /// The UID, unfolded but still escaped; for messages and for matching events that share it.
  /// Made only for an event the scan hands out whole (kept, or read again): an event the
  /// pre-filter passes over has only its ``uidKey``.
  var uid: String?
  /// ``FeedLoader/uidKey(_:)`` of the UID; nil without UID.
  var uidKey: Int?
  /// The UID was too long to keep whole.
  var uidTruncated = false
  /// The UID holds a backslash escape (libical reads it unescaped).
  var uidEscaped = false
  /// How many UID properties the event has (libical keeps the last).
  var uidCount = 0

  /// Whether libical may read the UID as another text than ``uid``: escaped, cut, one of
  /// several, or with bytes that are not UTF-8 (repaired here piece by piece; ``uid`` then
  /// holds U+FFFD). Such an event is never passed over, but its UID for libical may be that of
  /// any other event.
  var uidReadOtherwise: Bool {
    uidEscaped || uidTruncated || uidCount > 1
      || (uid?.unicodeScalars.contains("\u{FFFD}") ?? false)
  }
  /// A hash of the RECURRENCE-ID line's bytes, parameters and value, as written: two overrides
  /// with the same hash (and DTSTART of the same kind) name the same instance for libical. The
  /// same in every process (FNV-1a, 64 bits), so that an index can keep it (see
  /// ``instanceKey``).
  var recurrenceIdHash: UInt64 = 0
  /// DTSTART is a DATE (an all-day event), read strictly.
  var startIsDate = false
  /// SEQUENCE as libical reads it: 0 when absent; nil when written in a way this scan does not
  /// read with certainty (not plain digits, folded, repeated).
  var sequence: Int? = 0
  private var sequenceCount = 0

  static let uidLimit = 1_000
  /// The last day an instance can start on: libical's times end with year 9999.
  static let lastInstanceDay = Day(ordinal: Day.daysSinceEpoch(year: 9999, month: 12, day: 31))
  /// Days an overridden instance is assumed to last at most before the loader checks.
  static let replacedInstanceMargin = 7

  /// Whether the pre-filter passes the event over for `window` (nil: it keeps every event): it
  /// cannot touch the window, and its UID can be matched by its key.
  func passedOver(for window: ClosedRange<Day>?) -> Bool {
    guard let window else { return false }
    return !uidTruncated && !uidEscaped
      && !mayTouch(first: window.lowerBound, last: window.upperBound)
  }

  /// Whether the event may have an occurrence whose days meet `first…last`.
  ///
  /// Conservative: anything uncertain is kept. ``ZoneMargin``'s days on both sides cover every
  /// UTC offset and floating time, whatever the display zone. A recurring event without EXRULE,
  /// its RDATEs read whole and its length readable, is passed over for windows before its first
  /// instance (DTSTART, or an earlier RDATE), and after its last one when it has no RRULE or a
  /// single one this scan can bound (``RuleFacts``), and no RDATE PERIOD (its last instance:
  /// the rule's, or the last RDATE); a yearly series is passed over, too, for windows away from
  /// the months its instances start in (``season``); every RECURRENCE-ID override and every
  /// cancelled event is kept.
  func mayTouch(first: Day, last: Day) -> Bool {
    guard let reach else { return true }
    if let replaced = reach.replaced,
      ZoneMargin.mayMeet(replaced.lowerBound, replaced.upperBound, first...last)
    {
      return true
    }
    guard ZoneMargin.mayMeet(reach.own.lowerBound, reach.own.upperBound, first...last) else {
      return false
    }
    return season?.mayMeet(first: first, last: last) ?? true
  }

  /// The day ordinals the event's occurrences may cover, before ``ZoneMargin``: at most two
  /// ranges (an override's replaced instance, then its own days); nil when the scan cannot
  /// bound them, and the event is kept for every window. The one reading of an event's reach
  /// that the pre-filter (``mayTouch(first:last:)``) and the index (`keptWindows`) share.
  var reachDays: [ClosedRange<Int>]? {
    guard let reach else { return nil }
    return reach.replaced.map { [$0, reach.own] } ?? [reach.own]
  }

  /// ``reachDays`` without an array (the pre-filter asks for every event): the replaced
  /// instance's days for an override, and the event's own.
  private var reach: (replaced: ClosedRange<Int>?, own: ClosedRange<Int>)? {
    if unreadable || cancelled { return nil }
    var replacedDays: ClosedRange<Int>?
    if overridesInstance {
      // An override also removes the instance it replaces: keep it when that instance may be
      // near the window. The replaced instance lasts as long as its master, unknown here: a
      // week of extra margin covers most masters, and the loader checks the rest against the
      // master once the feed is read.
      guard !hasRange, !recurs, let replaced = recurrenceIdDay else { return nil }
      replacedDays = replaced.ordinal...(replaced.ordinal + EventFacts.replacedInstanceMargin)
    }
    guard let start = startDay, let length = lengthDays else { return nil }
    var firstStart = start
    var lastStart = start
    if recurs {
      guard !unboundedRecurrence else { return nil }
      // No instance of an RRULE starts before DTSTART (RFC 5545 3.3.10; libical's iterator
      // starts there), nor an RDATE before its own day: a series this scan cannot bound still
      // reaches no window before those, only every window from there to libical's last year.
      // The last instance is the rule's last (none: DTSTART) or the last RDATE, whichever is
      // later, when the scan knows both.
      var lastKnown: Day? = start
      if ruleCount > 0 {
        lastKnown = nil
        if ruleCount == 1, let rule {
          let components = start.components
          lastKnown = rule.lastStartDay(
            from: start, startMonth: components.month, startDayOfMonth: components.day
          ).map { max(start, $0) }
        }
      }
      if let dates = recurrenceDays {
        firstStart = min(start, dates.lowerBound)
        lastKnown = recurrenceDatePeriods ? nil : lastKnown.map { max($0, dates.upperBound) }
      }
      lastStart = lastKnown ?? EventFacts.lastInstanceDay
    }
    // Never empty: `lastStart` is not before `firstStart` and `length` not below 0.
    return (replacedDays, firstStart.ordinal...(lastStart.ordinal + length))
  }

  /// Whole days from the first day of an occurrence to its last, as the date parts of DTEND or
  /// DURATION's whole days say (a day when neither is given); nil when they cannot be read.
  private var lengthDays: Int? {
    guard let start = startDay else { return nil }
    let end: Day
    if let endDay {
      end = endDay
    } else if hasEnd {
      return nil
    } else if let durationDays {
      end = start.adding(days: durationDays)
    } else if hasDuration {
      return nil
    } else {
      end = start.adding(days: 1)
    }
    return max(0, start.distance(to: end))
  }

  /// For a yearly series whose instances all start in some months of the year
  /// (``RuleFacts/startMonths(startMonth:)``): those months and the days each instance lasts,
  /// which pass the series over for windows away from them. Nil for every other event: one
  /// with RDATEs (they may fall in any month) or several RRULEs. Asked only of an event whose
  /// reach the scan bounds (``mayTouch(first:last:)`` after the reach, the index beside
  /// ``keptWindows``), so it does not work the reach out again.
  var season: StartSeason? {
    guard recurs, ruleCount == 1, recurrenceDays == nil, !overridesInstance,
      let rule, let start = startDay, let length = lengthDays,
      let months = rule.startMonths(startMonth: start.components.month)
    else { return nil }
    return StartSeason(months: months, lengthDays: length)
  }

  /// The properties the scan reads; `unused` for the common ones nothing in icslanes reads;
  /// everything else is `other`.
  enum Property {
    case dtStart, dtEnd, duration, rrule, rdate, exrule, exdate, recurrenceId, status, uid,
      sequence, other
    case unused
    /// A line that ends inside a short property name (no `;` or `:`): folding may split a name
    /// anywhere (`RRU` + ` LE:FREQ=…`), so which property it is shows only once unfolded.
    case folded

    /// Whether the scan reads the property only once its line is whole (``HeldProperty``):
    /// the ones whose value bounds the event's days or decides its duplicates.
    var isReadWhole: Bool {
      switch self {
      case .dtStart, .dtEnd, .duration, .rrule, .rdate, .exdate, .recurrenceId, .status, .sequence:
        true
      case .exrule, .uid, .other, .unused, .folded:
        false
      }
    }
  }

  /// Where the value of a date property line starts (``valueStart(_:)``); nil also when the
  /// parameters end with an empty one (`DTSTART;TZID=X;:…`): libical then reads the `:` as part
  /// of the value, cannot parse it, and removes the property (an event without DTSTART is
  /// skipped, a RECURRENCE-ID removed makes the event no override), so such a line is not read.
  static func dateValueStart(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let start = valueStart(line), start < 2 || line[start - 2] != UInt8(ascii: ";") else {
      return nil
    }
    return start
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
      if startDay.map({ $0 > LibicalYears.lastDay }) ?? true {
        unreadable = true
      } else if let start = EventFacts.valueStart(line) {
        startIsDate = line.count - start == 8
      }
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
      recurrenceIdDay = EventFacts.dayValue(line)
      recurrenceIdHash = EventFacts.stableHash(UnsafeRawBufferPointer(line))
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
      // the last, while the scan joins their bytes: such an event is left to libical, or its
      // duplicates among passed-over events would be missed.
      uidCount += 1
      if uidCount > 1 { unreadable = true }
    case .sequence:
      sequenceCount += 1
      sequence = sequenceCount == 1 ? EventFacts.sequenceValue(line) : nil
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
    case .sequence: sequence = nil
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
      if hasPrefix(line, "DURATION") { return .duration }
      if hasPrefix(line, "SEQUENCE") { return .sequence }
      return .other
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

  /// The date of a DATE or DATE-TIME value, read strictly: `YYYYMMDD` with `VALUE=DATE`, or
  /// `YYYYMMDDTHHMMSS[Z]` without a VALUE parameter (or with `VALUE=DATE-TIME`). Anything else
  /// is nil, so that an event libical might reject (and list as skipped) is kept for libical.
  ///
  /// With `datesWithoutValue` (DTSTART and DTEND), `YYYYMMDD` without a VALUE parameter is a
  /// date too: libical reads a value of eight digits as a DATE whatever its parameters say
  /// (`DTSTART;TZID=America/Los_Angeles:20041225`, as older Google exports write holidays, is
  /// an all-day event on 25 December), and an impossible date (30 February) is still nil.
  static func dayValue(_ line: UnsafeBufferPointer<UInt8>, datesWithoutValue: Bool = false)
    -> Day?
  {
    guard let start = dateValueStart(line) else { return nil }
    let value = UnsafeBufferPointer(rebasing: line[start...])
    let parameters = UnsafeBufferPointer(rebasing: line[..<(start - 1)])
    if datesWithoutValue, value.count == 8, !contains(parameters, "VALUE=") {
      return dayValue(value, wantsDate: true)
    }
    return dayValue(value, parameters: parameters)
  }

  /// One DATE or DATE-TIME value (see ``dayValue(_:datesWithoutValue:)``) under `parameters`
  /// (the bytes before the value's `:`).
  static func dayValue(
    _ value: UnsafeBufferPointer<UInt8>, parameters: UnsafeBufferPointer<UInt8>
  ) -> Day? {
    guard let wantsDate = wantsDate(parameters) else { return nil }
    return dayValue(value, wantsDate: wantsDate)
  }

  /// Whether `parameters` (the bytes before a value's `:`) say `VALUE=DATE` (true) or nothing
  /// or `VALUE=DATE-TIME` (false); nil for any other VALUE. Parameters are `;NAME=VALUE`
  /// pieces; a quoted value may hide a `;`, which only makes the reading stricter.
  static func wantsDate(_ parameters: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let base = parameters.baseAddress else { return false }
    let count = parameters.count
    var wantsDate = false
    var pieceStart = 0
    while pieceStart <= count {
      var pieceEnd = count
      if pieceStart < count,
        let found = memchr(base + pieceStart, Int32(UInt8(ascii: ";")), count - pieceStart)
      {
        pieceEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      let length = pieceEnd - pieceStart
      if length >= 5, base[pieceStart] | 0x20 == UInt8(ascii: "v") {
        let piece = UnsafeBufferPointer(start: base + pieceStart, count: length)
        if hasPrefix(piece, "VALUE") {
          if length == 15, hasPrefix(piece, "VALUE=DATE-TIME") {
            wantsDate = false
          } else if length == 10, hasPrefix(piece, "VALUE=DATE") {
            wantsDate = true
          } else {
            return nil
          }
        }
      }
      pieceStart = pieceEnd + 1
    }
    return wantsDate
  }

  /// One DATE (`wantsDate`) or DATE-TIME value's day, read strictly (see ``dayValue(_:datesWithoutValue:)``).
  static func dayValue(_ value: UnsafeBufferPointer<UInt8>, wantsDate: Bool) -> Day? {
    guard let base = value.baseAddress else { return nil }
    if wantsDate {
      guard value.count == 8 else { return nil }
    } else {
      guard value.count == 15 || (value.count == 16 && base[15] == UInt8(ascii: "Z")),
        base[8] == UInt8(ascii: "T"), let time = digits(base + 9, 6),
        time / 10000 <= 23, time / 100 % 100 <= 59, time % 100 <= 60
      else { return nil }
    }
    guard let number = digits(base, 8), number / 10000 >= 1 else { return nil }
    return Day(year: number / 10000, month: number / 100 % 100, day: number % 100)
  }

  /// The number the `count` ASCII digits at `start` spell, or nil when one is not a digit.
  private static func digits(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var number = 0
    for index in 0..<count {
      let digit = start[index] &- 0x30
      guard digit <= 9 else { return nil }
      number = number &* 10 &+ Int(digit)
    }
    return number
  }

  /// The number the ASCII digits at `range` spell, or nil when one is not a digit.
  private static func digits(_ value: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var number = 0
    for index in range {
      let byte = value[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      number = number * 10 + Int(byte - 0x30)
    }
    return number
  }

  /// A SEQUENCE value of one to nine ASCII digits (what libical reads as that integer); nil
  /// for anything else.
  static func sequenceValue(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let start = valueStart(line), (1...9).contains(line.count - start) else { return nil }
    return digits(line, start..<line.count)
  }

  /// Whether the UID text is one libical gives back byte for byte: printable ASCII without
  /// spaces, backslashes or commas, read from a single UID property.
  var uidIsPlain: Bool {
    guard uidCount == 1, !uidTruncated, !uidEscaped, var text = uid, !text.isEmpty else {
      return false
    }
    return text.withUTF8 { bytes in
      bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != 0x2C }
    }
  }

  /// The first and last days a list of dates (an RDATE or EXDATE line) holds, a PERIOD counting
  /// by its start when `periods` allows them (and then `periods` in the answer says so); nil
  /// when one value is not a DATE, DATE-TIME (or PERIOD) this scan reads strictly
  /// (``dayValue(_:parameters:)``).
  static func days(ofDates line: UnsafeBufferPointer<UInt8>, periods: Bool)
    -> (days: ClosedRange<Day>, periods: Bool)?
  {
    guard let start = dateValueStart(line) else { return nil }
    let parameters = UnsafeBufferPointer(rebasing: line[..<(start - 1)])
    // A PERIOD starts with a DATE-TIME; any VALUE but DATE, DATE-TIME and PERIOD is unread.
    let isPeriod = periods && contains(parameters, "PERIOD")
    guard let wantsDate = isPeriod ? false : wantsDate(parameters) else { return nil }
    var earliest: Day?
    var latest: Day?
    var itemStart = start
    for index in start...line.count where index == line.count || line[index] == UInt8(ascii: ",") {
      var itemEnd = index
      if isPeriod {
        guard
          let slash = line[itemStart..<index].firstIndex(of: UInt8(ascii: "/"))
        else { return nil }
        itemEnd = slash
      }
      let item = UnsafeBufferPointer(rebasing: line[itemStart..<itemEnd])
      guard let day = dayValue(item, wantsDate: wantsDate) else { return nil }
      earliest = min(earliest ?? day, day)
      latest = max(latest ?? day, day)
      itemStart = index + 1
    }
    guard let earliest, let latest else { return nil }
    return (earliest...latest, isPeriod)
  }

  /// Whole days, rounded up, of a DURATION value such as `P1DT2H` or `PT90M`; nil when
  /// negative or unreadable.
  static func durationDays(_ value: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
    var seconds = 0
    var number = 0
    var digits = 0
    var inTime = false
    var sawP = false
    var sawNumber = false
    for byte in value {
      switch byte {
      case UInt8(ascii: "+"): continue
      case UInt8(ascii: "P"), UInt8(ascii: "p"): sawP = true
      case UInt8(ascii: "T"), UInt8(ascii: "t"): inTime = true
      case 0x30...0x39:
        number = number * 10 + Int(byte - 0x30)
        digits += 1
        if digits > 9 { return nil }
      case UInt8(ascii: "W"), UInt8(ascii: "w"):
        guard digits > 0 else { return nil }
        sawNumber = true
        seconds = capped(seconds, number * 7 * 86_400)
      case UInt8(ascii: "D"), UInt8(ascii: "d"):
        guard digits > 0 else { return nil }
        sawNumber = true
        seconds = capped(seconds, number * 86_400)
      case UInt8(ascii: "H"), UInt8(ascii: "h"):
        guard inTime, digits > 0 else { return nil }
        sawNumber = true
        seconds = capped(seconds, number * 3_600)
      case UInt8(ascii: "M"), UInt8(ascii: "m"):
        guard inTime, digits > 0 else { return nil }
        sawNumber = true
        seconds = capped(seconds, number * 60)
      case UInt8(ascii: "S"), UInt8(ascii: "s"):
        guard inTime, digits > 0 else { return nil }
        sawNumber = true
        seconds = capped(seconds, number)
      default: return nil
      }
      if byte > 0x39 {
        number = 0
        digits = 0
      }
    }
    guard sawP, sawNumber, digits == 0 else { return nil }
    return (seconds + 86_399) / 86_400
  }

  /// The running sum of a DURATION's parts stops growing here (10,000 years; each part is at
  /// most 9 digits of weeks, so a sum at the cap plus one more part cannot overflow).
  static let durationSecondsCap = 3_652_425 * 86_400

  /// `sum + part`, clamped to ``durationSecondsCap``.
  private static func capped(_ sum: Int, _ part: Int) -> Int {
    min(sum + part, durationSecondsCap)
  }

  /// Whether `bytes` contain `word`, ignoring ASCII case.
  static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard bytes.count >= length else { return false }
    for start in 0...(bytes.count - length)
    where hasPrefix(UnsafeBufferPointer(rebasing: bytes[start...]), word) {
      return true
    }
    return false
  }

  /// Whether `line` starts with `prefix`, ignoring ASCII case.
  static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    guard line.count >= prefix.utf8CodeUnitCount else { return false }
    let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    for (index, expected) in bytes.enumerated() {
      let byte = line[index]
      let upper = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
      if upper != expected { return false }
    }
    return true
  }
}

extension EventFacts {
  /// The key of the instance an override replaces, as written: ``recurrenceIdHash`` and whether
  /// DTSTART is a date, mixed (FNV-1a, one more byte). Equal keys (in one calendar) are the same
  /// instance for libical; different keys may still be. The same in every process: the scan
  /// and an index's survey give one key for one override.
  var instanceKey: Int {
    Int(truncatingIfNeeded: (recurrenceIdHash ^ (startIsDate ? 1 : 2)) &* 0x0000_0100_0000_01B3)
  }

  /// For a RECURRENCE-ID override whose replaced day the scan read: that day's ordinal,
  /// ``instanceKey`` and SEQUENCE (-1 when it could not be read with certainty); nil for any
  /// other event. What the tally and an index's survey keep of a passed-over override.
  var overrideKeys: (replacedDay: Int, instance: Int, sequence: Int)? {
    guard overridesInstance, let replaced = recurrenceIdDay else { return nil }
    return (replaced.ordinal, instanceKey, sequence ?? -1)
  }

  /// FNV-1a over `bytes`, 64 bits: the same in every process, unlike `Hasher`.
  static func stableHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
