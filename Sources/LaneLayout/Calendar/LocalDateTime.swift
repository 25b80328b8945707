/// A segment's or occurrence's start or end as a value instead of the contract's text: the day
/// and the wall-clock time in the display zone, with the zone's UTC offset at that moment.
///
/// An all-day start or end is a date only: its time is midnight and it has no offset (a date
/// never passes through a zone); ``secondsSince1970`` is then nil. Writes and parses the
/// contract's forms, `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM:SS±HH:MM`.
public struct LocalDateTime: Sendable, Hashable, CustomStringConvertible {
  /// The day, in the display zone.
  public var day: Day
  /// The hour, 0–23 (0 for a date).
  public var hour: Int
  /// The minute, 0–59.
  public var minute: Int
  /// The second, 0–60.
  public var second: Int
  /// Seconds east of UTC at this moment in the display zone (+7200 for CEST); nil for a date.
  public var utcOffset: Int?

  /// A value from its parts.
  public init(day: Day, hour: Int = 0, minute: Int = 0, second: Int = 0, utcOffset: Int? = nil) {
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.utcOffset = utcOffset
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
      guard range.upperBound <= bytes.count else { return nil }
      return Int(String(decoding: bytes[range], as: UTF8.self))
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

  /// Whether this is a date without a time (an all-day start or end).
  public var isDate: Bool { utcOffset == nil }

  /// The instant, in seconds since 1970-01-01 UTC; nil for a date, whose instant depends on the
  /// zone it is read in.
  public var secondsSince1970: Int64? {
    guard let utcOffset else { return nil }
    let local = Int64(day.ordinal) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return local - Int64(utcOffset)
  }

  /// The contract's text: `YYYY-MM-DD` for a date, else `YYYY-MM-DDTHH:MM:SS±HH:MM`.
  public var description: String {
    guard let utcOffset else { return day.description }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let magnitude = abs(utcOffset)
    return "\(day)T\(two(hour)):\(two(minute)):\(two(second))\(utcOffset < 0 ? "-" : "+")"
      + "\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
  }
}

extension Segment {
  /// The occurrence's start as a value (``start`` parsed); for text that is not the contract's
  /// (a hand-made segment), the segment's first day at midnight.
  public var startDateTime: LocalDateTime {
    LocalDateTime(contract: start) ?? LocalDateTime(day: firstDay)
  }

  /// The occurrence's exclusive end as a value (``end`` parsed); for text that is not the
  /// contract's, the day after the segment's last day.
  public var endDateTime: LocalDateTime {
    LocalDateTime(contract: end) ?? LocalDateTime(day: lastDay.adding(days: 1))
  }
}
