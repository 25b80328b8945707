/// A month of a year, written `YYYY-MM`.
public struct YearMonth: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The year (1–9999 for months that can be laid out).
  public let year: Int
  /// The month, 1–12.
  public let month: Int

  /// The month, or nil when `month` is not 1–12 or `year` is outside 1–9999.
  public init?(year: Int, month: Int) {
    guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
    self.year = year
    self.month = month
  }

  /// Parses `YYYY-MM`.
  public init?(iso text: some StringProtocol) {
    // Four ASCII digits, a dash, two ASCII digits; read as bytes (asking a `Character` whether it
    // is a number loads Unicode's tables at the command's start).
    var bytes = text.utf8.makeIterator()
    var year = 0
    var month = 0
    for position in 0..<7 {
      guard let byte = bytes.next() else { return nil }
      if position == 4 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      if position < 4 { year = year * 10 + digit } else { month = month * 10 + digit }
    }
    guard bytes.next() == nil else { return nil }
    self.init(year: year, month: month)
  }

  /// The month's first day.
  public var firstDay: Day {
    Day(ordinal: Day.daysSinceEpoch(year: year, month: month, day: 1))
  }

  /// The month's last day.
  public var lastDay: Day {
    Day(
      ordinal: Day.daysSinceEpoch(
        year: year, month: month, day: Day.daysIn(year: year, month: month)))
  }

  /// The month `count` months later (earlier when negative), or nil past year 1–9999.
  public func adding(months count: Int) -> YearMonth? {
    let (index, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(count)
    guard !overflow, index >= 0 else { return nil }
    return YearMonth(year: index / 12, month: index % 12 + 1)
  }

  /// `YYYY-MM`.
  public var description: String {
    Day.pad(year, 4) + "-" + Day.pad(month, 2)
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }

  /// Decodes a `YYYY-MM` string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = YearMonth(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a YYYY-MM month: \(text)")
    }
    self = value
  }

  /// Encodes the month as a `YYYY-MM` string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
