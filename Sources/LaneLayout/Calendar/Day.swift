/// A calendar day in the proleptic Gregorian calendar, independent of any time zone.
///
/// Stored as the number of days since 1970-01-01, so comparing, hashing and stepping are
/// integer operations. Encodes as `YYYY-MM-DD`.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let ordinal: Int

  /// The day with this ordinal (days since 1970-01-01), clamped to about ±190 billion years
  /// (±2^46 days), where every date computation, and a day's seconds, stay inside 64 bits.
  public init(ordinal: Int) {
    self.ordinal = min(max(ordinal, -Day.ordinalLimit), Day.ordinalLimit)
  }

  /// The largest ordinal a ``Day`` holds (its negative is the smallest).
  static let ordinalLimit = 1 << 46

  /// The day with these components, or nil when they name no day (month 13, February 30, …)
  /// or the year lies beyond ±2^37, past the days a ``Day`` holds.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), Day.countableYears.contains(year), day >= 1,
      day <= Day.daysIn(year: year, month: month)
    else {
      return nil
    }
    ordinal = Day.daysSinceEpoch(year: year, month: month, day: day)
  }

  /// Parses `YYYY-MM-DD` (also accepts the basic form `YYYYMMDD`).
  public init?(iso text: some StringProtocol) {
    let digits = text.utf8.filter { $0 != UInt8(ascii: "-") }
    let dashes = text.utf8.count - digits.count
    guard digits.count == 8, dashes == 0 || (dashes == 2 && text.utf8.count == 10),
      let number = Int(String(decoding: digits, as: UTF8.self))
    else { return nil }
    self.init(year: number / 10000, month: number / 100 % 100, day: number % 100)
  }

  /// Year, month (1–12) and day of month.
  public var components: (year: Int, month: Int, day: Int) {
    // Civil-from-days over 400-year eras.
    let z = ordinal + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The weekday of this day.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let index = ((ordinal + 3) % 7 + 7) % 7
    return Weekday.allCases[index]
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> Day {
    let (sum, overflow) = ordinal.addingReportingOverflow(count)
    return Day(ordinal: overflow ? (count > 0 ? Int.max : Int.min) : sum)
  }

  /// Days from `self` to `other`.
  public func distance(to other: Day) -> Int {
    other.ordinal - ordinal
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (year, month, day) = components
    return Day.pad(year, 4) + "-" + Day.pad(month, 2) + "-" + Day.pad(day, 2)
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.ordinal < rhs.ordinal
  }

  /// Decodes a `YYYY-MM-DD` string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = Day(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
    }
    self = day
  }

  /// Encodes the day as a `YYYY-MM-DD` string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Whether `year` is a Gregorian leap year.
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in a month (1–12) of a year.
  public static func daysIn(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The years a ``Day`` is made from: far beyond any calendar's, and their days within
  /// ``ordinalLimit``.
  static let countableYears = -(1 << 37)...(1 << 37)

  /// Days since 1970-01-01 of a date, without checking that the date exists (a year within
  /// ±2^37, a month 1–12 and a day 1–31 never overflow).
  public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Appends ``description``'s bytes to `bytes` without making a string (the JSON writer
  /// writes every day, start and end this way).
  package func appendISO(to bytes: inout [UInt8]) {
    // Four-digit years (all but the far past and future): the ten bytes in one append.
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text -> Bool in
      guard let base = text.baseAddress, writeFourDigitYearISO(at: base) else { return false }
      bytes.append(contentsOf: UnsafeBufferPointer(text))
      return true
    }
    if written { return }
    let (year, month, day) = components
    Day.appendPadded(year, 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    Day.appendPadded(month, 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    Day.appendPadded(day, 2, to: &bytes)
  }

  /// Writes `YYYY-MM-DD` (``description``, ten bytes) at `base` when the year has four digits
  /// (0–9999); false, writing nothing, otherwise.
  package func writeFourDigitYearISO(at base: UnsafeMutablePointer<UInt8>) -> Bool {
    let (year, month, day) = components
    guard (0...9999).contains(year) else { return false }
    Day.writeISO(year: year, month: month, day: day, at: base)
    return true
  }

  /// Writes `YYYY-MM-DD` (ten bytes) at `base`, for a year of 0 to 9999.
  package static func writeISO(
    year: Int, month: Int, day: Int, at base: UnsafeMutablePointer<UInt8>
  ) {
    writeDigits(year, 4, at: base)
    base[4] = UInt8(ascii: "-")
    writeDigits(month, 2, at: base + 5)
    base[7] = UInt8(ascii: "-")
    writeDigits(day, 2, at: base + 8)
  }

  /// Writes the last `width` decimal digits of `value` (not negative) at `base`, zero-padded.
  package static func writeDigits(_ value: Int, _ width: Int, at base: UnsafeMutablePointer<UInt8>)
  {
    var rest = value
    var index = width
    while index > 0 {
      index -= 1
      base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
  }

  /// Appends the bytes of ``pad(_:_:)``'s text.
  package static func appendPadded(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    if width == 2, magnitude < 100 {
      // Months, days, hours, minutes, seconds: every time the JSON writer writes.
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / 10))
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      return
    }
    var divisor: UInt = 1
    for _ in 1..<max(1, width) { divisor *= 10 }
    guard magnitude / 10 < divisor else {
      bytes.append(contentsOf: String(magnitude).utf8)
      return
    }
    var rest = magnitude
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Zero-padded decimal of a non-negative number (negative years keep their sign).
  static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }
}
