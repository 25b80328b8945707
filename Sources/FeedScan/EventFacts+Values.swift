import Foundation
import LaneLayout

/// Values read from a property line's bytes as strictly as libical reads them: dates,
/// SEQUENCE, lists of dates, DURATION, and ASCII comparisons.
extension EventFacts {
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
