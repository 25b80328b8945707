/// One BY part of an RRULE as the pre-filter needs it (``RuleFacts``): its name, how many
/// values it has, and what they are, read from the bytes once, without a `String` per value.
///
/// A value is read as RFC 5545 writes it, upper-cased: an integer is an optional sign and one
/// to four digits (at most five characters in all), a BYDAY value a weekday code after an
/// optional integer ordinal. Anything not ASCII is no integer and no weekday.
package struct ByPart: Sendable {
  /// RFC 5545's BY parts.
  enum Name: UInt16, Sendable, CaseIterable {
    case second, minute, hour, day, monthDay, yearDay, weekNo, month, setPos

    /// The bit of this name in a ``Names`` mask.
    var bit: UInt16 { 1 << rawValue }

    /// The name of `bytes` (upper-cased ASCII), when it is one of RFC 5545's BY parts.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> Name? {
      for (word, name) in words
      where bytes.count == word.utf8CodeUnitCount && EventFacts.hasPrefix(bytes, word) {
        return name
      }
      return nil
    }

    /// The name of an upper-cased `String`.
    static func named(_ text: String) -> Name? {
      var text = text
      return text.withUTF8 { named($0) }
    }

    private static let words: [(StaticString, Name)] = [
      ("BYSECOND", .second), ("BYMINUTE", .minute), ("BYHOUR", .hour), ("BYDAY", .day),
      ("BYMONTHDAY", .monthDay), ("BYYEARDAY", .yearDay), ("BYWEEKNO", .weekNo),
      ("BYMONTH", .month), ("BYSETPOS", .setPos),
    ]
  }

  let name: Name
  /// Comma-separated values (an empty text is one empty value).
  private(set) var count = 0
  /// Every value is an integer.
  private(set) var integers = true
  /// Some value starts with `+`.
  private(set) var plus = false
  /// The least and greatest integer values, and of their magnitudes.
  private(set) var minimum = Int.max
  private(set) var maximum = Int.min
  private(set) var leastMagnitude = Int.max
  private(set) var greatestMagnitude = Int.min
  /// BYDAY: every value is a weekday code, alone or after an integer ordinal.
  private(set) var weekdays = true
  /// BYDAY: every value is a weekday code alone.
  private(set) var plainWeekdays = true
  /// BYDAY: some value has an ordinal; the least and greatest magnitudes of the ordinals.
  private(set) var ordinals = false
  private(set) var leastOrdinal = Int.max
  private(set) var greatestOrdinal = Int.min
  /// BYMONTH: bit `m - 1` for each value `m`; nil when a value is not a month 1–12.
  private(set) var monthBits: UInt16? = 0

  /// Reads the values of `text` (the bytes after `=`), upper-casing ASCII letters.
  init(name: Name, text: UnsafeBufferPointer<UInt8>) {
    self.name = name
    var start = 0
    for index in 0...text.count where index == text.count || text[index] == UInt8(ascii: ",") {
      read(UnsafeBufferPointer(rebasing: text[start..<index]))
      start = index + 1
    }
  }

  private mutating func read(_ value: UnsafeBufferPointer<UInt8>) {
    count += 1
    let number = ByPart.integer(value, from: 0, to: value.count)
    if name == .month {
      if let number, (1...12).contains(number) {
        monthBits? |= 1 << (number - 1)
      } else {
        monthBits = nil
      }
    }
    if let number {
      plus = plus || value[0] == UInt8(ascii: "+")
      minimum = min(minimum, number)
      maximum = max(maximum, number)
      leastMagnitude = min(leastMagnitude, abs(number))
      greatestMagnitude = max(greatestMagnitude, abs(number))
    } else {
      integers = false
    }
    guard name == .day else { return }
    guard value.count >= 2, ByPart.isWeekday(value[value.count - 2], value[value.count - 1])
    else {
      weekdays = false
      plainWeekdays = false
      return
    }
    guard value.count > 2 else { return }
    plainWeekdays = false
    guard let ordinal = ByPart.integer(value, from: 0, to: value.count - 2) else {
      weekdays = false
      return
    }
    ordinals = true
    leastOrdinal = min(leastOrdinal, abs(ordinal))
    greatestOrdinal = max(greatestOrdinal, abs(ordinal))
  }

  /// A decimal integer with an optional sign, of at most 4 digits (5 characters), in
  /// `value[from..<to]` upper-cased.
  private static func integer(_ value: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
    guard to > from, to - from <= 5 else { return nil }
    var index = from
    var negative = false
    if value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-") {
      negative = value[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < to else { return nil }
    var number = 0
    while index < to {
      let digit = value[index] &- 0x30
      guard digit <= 9 else { return nil }
      number = number * 10 + Int(digit)
      index += 1
    }
    return negative ? -number : number
  }

  /// Whether two bytes (any ASCII case) are a weekday code: SU, MO, TU, WE, TH, FR, SA.
  private static func isWeekday(_ first: UInt8, _ second: UInt8) -> Bool {
    let one = first >= 0x61 && first <= 0x7A ? first - 0x20 : first
    let two = second >= 0x61 && second <= 0x7A ? second - 0x20 : second
    switch (one, two) {
    case (0x53, 0x55), (0x4D, 0x4F), (0x54, 0x55), (0x57, 0x45), (0x54, 0x48), (0x46, 0x52),
      (0x53, 0x41):
      return true
    default:
      return false
    }
  }
}
