import LaneLayout

/// A date or date-time as iCalendar writes it: its wall-clock fields, whether it is a DATE, and
/// the zone it is read in (nil: floating, or a date).
///
/// The door's Swift form of libical's `icaltimetype`, field for field, so that a time goes
/// through libical and back unchanged; the zone is a ``LibicalZone``, never a pointer.
public struct WallTime: Sendable {
  /// The year (0 in the null time).
  public var year: Int32 = 0
  /// The month, 1–12.
  public var month: Int32 = 0
  /// The day of the month, 1–31.
  public var day: Int32 = 0
  /// The hour, 0–23 (0 for a DATE).
  public var hour: Int32 = 0
  /// The minute, 0–59.
  public var minute: Int32 = 0
  /// The second.
  public var second: Int32 = 0
  /// Whether the value is a DATE (no time of day).
  public var isDate = false
  /// Whether libical found the time in daylight saving time (only set on its own answers).
  public var isDaylight = false
  /// The zone; nil for a floating time or a date.
  public var zone: LibicalZone?

  /// A time of these fields (every one zero when not given: libical's null time).
  @inlinable public init(
    year: Int32 = 0, month: Int32 = 0, day: Int32 = 0, hour: Int32 = 0, minute: Int32 = 0,
    second: Int32 = 0, isDate: Bool = false, isDaylight: Bool = false, zone: LibicalZone? = nil
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.isDate = isDate
    self.isDaylight = isDaylight
    self.zone = zone
  }

  /// libical's null time: every field zero.
  public static let null = WallTime()

  /// Whether this is libical's null time (its fields add up to zero, as libical tests it).
  @inlinable public var isNull: Bool {
    year &+ month &+ day &+ hour &+ minute &+ second == 0
  }

  /// The day of the date part.
  @inlinable public var dayValue: Day? {
    Day(year: Int(year), month: Int(month), day: Int(day))
  }

  /// The seconds since 1970 of the fields read as UTC (no zone arithmetic).
  @inlinable public var fieldSeconds: Int64 {
    let ordinal = Day.daysSinceEpoch(year: Int(year), month: Int(month), day: Int(day))
    return Int64(ordinal) * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
  }

  /// The UTC instant of the date-time. A floating time (no zone) is read in `floatingZone`
  /// (UTC when nil). Local times follow RFC 5545 3.3.5 (see
  /// ``LibicalZone/instant(ofLocal:)``).
  @inlinable public func instant(floatingZone: LibicalZone?) -> Int64 {
    if let zone = zone ?? floatingZone {
      return zone.instant(ofLocal: fieldSeconds)
    }
    return fieldSeconds
  }

  /// The UTC time of `instant`, the value libical gives (not in daylight time, in `zone`),
  /// worked out in Swift. Nil outside years 1–9999.
  static func utc(_ instant: Int64, zone: LibicalZone?) -> WallTime? {
    let days = instant >= 0 ? instant / 86_400 : -((-instant + 86_399) / 86_400)
    let seconds = Int(instant - days * 86_400)
    let (year, month, day) = Day(ordinal: Int(days)).components
    guard (1...9999).contains(year) else { return nil }
    return WallTime(
      year: Int32(year), month: Int32(month), day: Int32(day), hour: Int32(seconds / 3_600),
      minute: Int32(seconds / 60 % 60), second: Int32(seconds % 60), isDate: false,
      isDaylight: false, zone: zone)
  }
}

/// A DURATION as iCalendar writes it (libical's `icaldurationtype`, field for field).
package struct PeriodDuration {
  package var isNegative = false
  package var days: UInt32 = 0
  package var weeks: UInt32 = 0
  package var hours: UInt32 = 0
  package var minutes: UInt32 = 0
  package var seconds: UInt32 = 0

  /// A duration of these parts (zero when not given).
  package init(
    isNegative: Bool = false, days: UInt32 = 0, weeks: UInt32 = 0, hours: UInt32 = 0,
    minutes: UInt32 = 0, seconds: UInt32 = 0
  ) {
    self.isNegative = isNegative
    self.days = days
    self.weeks = weeks
    self.hours = hours
    self.minutes = minutes
    self.seconds = seconds
  }
}

/// One RDATE value: a date or date-time, or a PERIOD (a start and an end, or a start and a
/// duration). The parts it does not use are ``WallTime/null`` (libical's
/// `icaldatetimeperiodtype`, field for field).
public struct RecurrenceDate: Sendable {
  package var time = WallTime.null
  package var periodStart = WallTime.null
  package var periodEnd = WallTime.null
  package var periodDuration = PeriodDuration()

  /// An RDATE value: a time, or a period by its start and end or its start and duration.
  package init(
    time: WallTime = .null, periodStart: WallTime = .null, periodEnd: WallTime = .null,
    periodDuration: PeriodDuration = PeriodDuration()
  ) {
    self.time = time
    self.periodStart = periodStart
    self.periodEnd = periodEnd
    self.periodDuration = periodDuration
  }
}
