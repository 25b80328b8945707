/// An occurrence's start or end (or RECURRENCE-ID) as a value: the day and the wall-clock time
/// in the display zone, with the zone's UTC offset at that moment.
///
/// An all-day start or end is a date only: its time is midnight and it has no offset (a date
/// never passes through a zone); ``secondsSince1970`` is then nil. Its ``description`` is the
/// contract's text, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS±HH:MM` (the offset's seconds, which
/// only local mean times have, are not written), and it encodes and decodes as that text.
///
/// The value takes 12 bytes: a day is kept as a 32-bit day number and the clock fields as bytes.
/// A field given outside those ranges (a day more than five million years from 1970, an hour,
/// minute or second above 255, an offset beyond ±68 years) is clamped to them.
public struct LocalDateTime: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Days since 1970-01-01.
  private var dayNumber: Int32
  /// Seconds east of UTC, or `LocalDateTime.dateMark` for a date.
  private var offsetSeconds: Int32
  private var hourValue: UInt8
  private var minuteValue: UInt8
  private var secondValue: UInt8

  /// The offset field of a date (one that has no offset).
  private static let dateMark = Int32.min

  /// A value from its parts.
  public init(day: Day, hour: Int = 0, minute: Int = 0, second: Int = 0, utcOffset: Int? = nil) {
    dayNumber = Int32(clamping: day.ordinal)
    hourValue = UInt8(clamping: hour)
    minuteValue = UInt8(clamping: minute)
    secondValue = UInt8(clamping: second)
    offsetSeconds = LocalDateTime.offsetField(utcOffset)
  }

  /// The day, in the display zone.
  public var day: Day {
    get { Day(ordinal: Int(dayNumber)) }
    set { dayNumber = Int32(clamping: newValue.ordinal) }
  }

  /// The hour, 0–23 (0 for a date).
  public var hour: Int {
    get { Int(hourValue) }
    set { hourValue = UInt8(clamping: newValue) }
  }

  /// The minute, 0–59.
  public var minute: Int {
    get { Int(minuteValue) }
    set { minuteValue = UInt8(clamping: newValue) }
  }

  /// The second, 0–60.
  public var second: Int {
    get { Int(secondValue) }
    set { secondValue = UInt8(clamping: newValue) }
  }

  /// Seconds east of UTC at this moment in the display zone (+7200 for CEST); nil for a date.
  public var utcOffset: Int? {
    get { offsetSeconds == LocalDateTime.dateMark ? nil : Int(offsetSeconds) }
    set { offsetSeconds = LocalDateTime.offsetField(newValue) }
  }

  private static func offsetField(_ offset: Int?) -> Int32 {
    guard let offset else { return dateMark }
    return max(Int32(clamping: offset), dateMark + 1)
  }

  /// Parses the contract's `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS±HH:MM`; nil for anything else.
  public init?(contract text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count >= 10, let day = Day(iso: String(decoding: bytes[0..<10], as: UTF8.self))
    else { return nil }
    if bytes.count == 10 {
      self.init(day: day)
      return
    }
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count,
        bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    guard bytes.count == 25, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      let offsetHours = number(20..<22), let offsetMinutes = number(23..<25),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let offset =
      (offsetHours * 3600 + offsetMinutes * 60) * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
    self.init(day: day, hour: hour, minute: minute, second: second, utcOffset: offset)
  }

  /// Decodes the contract's text (see ``init(contract:)``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = LocalDateTime(contract: text) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "not YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS±HH:MM: \(text)")
    }
    self = value
  }

  /// Encodes the contract's text (``description``).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Whether this is a date without a time (an all-day start or end).
  public var isDate: Bool { offsetSeconds == LocalDateTime.dateMark }

  /// The instant, in seconds since 1970-01-01 UTC; nil for a date, whose instant depends on the
  /// zone it is read in.
  public var secondsSince1970: Int64? {
    guard let utcOffset else { return nil }
    let local = Int64(dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return local - Int64(utcOffset)
  }

  /// `HH:MM`, the wall clock of a date-time; nil for a date.
  public var clockText: String? {
    guard !isDate else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(5)
    Day.appendPadded(hour, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Day.appendPadded(minute, 2, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The contract's text: `YYYY-MM-DD` for a date, else `YYYY-MM-DDTHH:MM:SS±HH:MM`.
  public var description: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(25)
    appendContractText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the contract's text (``description``) to `bytes`, without making a string: the
  /// JSON writer writes every segment's times this way.
  package func appendContractText(to bytes: inout [UInt8]) {
    // The usual 10 or 25 bytes in one append (a field of three digits, or a year outside four,
    // takes the general way below).
    let written = withUnsafeTemporaryAllocation(
      of: UInt8.self, capacity: LocalDateTime.usualTextWidth
    ) { text -> Bool in
      guard let base = text.baseAddress, let count = writeUsualContractText(at: base) else {
        return false
      }
      bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
      return true
    }
    if written { return }
    day.appendISO(to: &bytes)
    guard let utcOffset else { return }
    bytes.append(UInt8(ascii: "T"))
    Day.appendPadded(hour, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Day.appendPadded(minute, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Day.appendPadded(second, 2, to: &bytes)
    bytes.append(utcOffset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let magnitude = Int(utcOffset.magnitude)
    Day.appendPadded(magnitude / 3600, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Day.appendPadded(magnitude % 3600 / 60, 2, to: &bytes)
  }

  /// The most bytes ``writeUsualContractText(at:)`` writes: a date-time's 25.
  package static let usualTextWidth = 25

  /// Writes the contract's text (``description``) at `base` when it has its usual width, 10
  /// bytes for a date and 25 for a date-time, and gives that width; nil, writing nothing, when
  /// a field takes another (a year outside 0–9999, a clock field or an offset's hours of 100 or
  /// more).
  package func writeUsualContractText(at base: UnsafeMutablePointer<UInt8>) -> Int? {
    var days = ISODayMemo()
    return writeUsualContractText(at: base, days: &days)
  }

  /// ``writeUsualContractText(at:)``, the day's ten bytes taken from `days` when it holds
  /// them.
  package func writeUsualContractText(
    at base: UnsafeMutablePointer<UInt8>, days: inout ISODayMemo
  ) -> Int? {
    guard hasUsualWidth, days.write(day, at: base) else { return nil }
    guard let utcOffset else { return 10 }
    base[10] = UInt8(ascii: "T")
    Day.writeDigits(hour, 2, at: base + 11)
    base[13] = UInt8(ascii: ":")
    Day.writeDigits(minute, 2, at: base + 14)
    base[16] = UInt8(ascii: ":")
    Day.writeDigits(second, 2, at: base + 17)
    base[19] = utcOffset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    let magnitude = Int(utcOffset.magnitude)
    Day.writeDigits(magnitude / 3600, 2, at: base + 20)
    base[22] = UInt8(ascii: ":")
    Day.writeDigits(magnitude % 3600 / 60, 2, at: base + 23)
    return LocalDateTime.usualTextWidth
  }

  /// The order of the two values' contract texts by Unicode code point (negative, zero or
  /// positive as `lhs` sorts before, with or after `rhs`): the order contract rule 3 gives
  /// recurrence ids, and the agenda its times.
  ///
  /// Within a day that order is not always time order (`+01:00` sorts before `+02:00`, a date
  /// before every time of its day), so it is worked out from the fields the text is made of;
  /// only values whose text is not the usual 10 or 25 bytes are compared as text.
  package static func contractOrder(_ lhs: LocalDateTime, _ rhs: LocalDateTime) -> Int {
    guard let left = lhs.textKey, let right = rhs.textKey else {
      var leftBytes: [UInt8] = []
      var rightBytes: [UInt8] = []
      lhs.appendContractText(to: &leftBytes)
      rhs.appendContractText(to: &rightBytes)
      for (a, b) in zip(leftBytes, rightBytes) where a != b { return a < b ? -1 : 1 }
      return leftBytes.count - rightBytes.count
    }
    if left.day != right.day { return left.day < right.day ? -1 : 1 }
    if left.clock != right.clock { return left.clock < right.clock ? -1 : 1 }
    return 0
  }

  /// What the contract text is made of, as two numbers ordered as the text is: the day, then
  /// (for a date-time, which sorts after the date it starts with) hour, minute, second, sign
  /// (`+` before `-`), offset hours and minutes. Nil when some field does not take the
  /// text's usual width (a year outside 0–9999, a field or an offset's hours above 99).
  private var textKey: (day: Int32, clock: Int64)? {
    guard hasUsualWidth else { return nil }
    guard let utcOffset else { return (dayNumber, 0) }
    let magnitude = Int64(utcOffset.magnitude)
    let offsetHours = magnitude / 3600
    var clock: Int64 = 1
    clock = clock * 100 + Int64(hourValue)
    clock = clock * 100 + Int64(minuteValue)
    clock = clock * 100 + Int64(secondValue)
    clock = clock * 2 + (utcOffset < 0 ? 1 : 0)
    clock = clock * 100 + offsetHours
    clock = clock * 100 + magnitude % 3600 / 60
    return (dayNumber, clock)
  }

  /// Whether every field takes the text's usual width (10 bytes for a date, 25 for a
  /// date-time): a year of 0–9999, and for a date-time a clock field and the offset's hours
  /// below 100.
  private var hasUsualWidth: Bool {
    guard (-719_528...2_932_896).contains(dayNumber) else { return false }  // years 0–9999
    guard !isDate else { return true }
    return hourValue < 100 && minuteValue < 100 && secondValue < 100
      && offsetSeconds.magnitude / 3600 < 100
  }
}
