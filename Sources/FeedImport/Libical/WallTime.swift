import LaneLayout

/// A date or date-time as iCalendar writes it: its wall-clock fields, whether it is a DATE, and
/// the zone it is read in (nil: floating, or a date).
///
/// The door's Swift form of libical's `icaltimetype`, field for field, so that a time goes
/// through libical and back unchanged; the zone is a ``LibicalZone``, never a pointer.
struct WallTime {
  var year: Int32 = 0
  var month: Int32 = 0
  var day: Int32 = 0
  var hour: Int32 = 0
  var minute: Int32 = 0
  var second: Int32 = 0
  /// Whether the value is a DATE (no time of day).
  var isDate = false
  /// Whether libical found the time in daylight saving time (only set on its own answers).
  var isDaylight = false
  /// The zone; nil for a floating time or a date.
  var zone: LibicalZone?

  /// libical's null time: every field zero.
  static let null = WallTime()

  /// Whether this is libical's null time (its fields add up to zero, as libical tests it).
  var isNull: Bool {
    year &+ month &+ day &+ hour &+ minute &+ second == 0
  }

  /// The day of the date part.
  var dayValue: Day? {
    Day(year: Int(year), month: Int(month), day: Int(day))
  }

  /// The seconds since 1970 of the fields read as UTC (no zone arithmetic).
  var fieldSeconds: Int64 {
    let ordinal = Day.daysSinceEpoch(year: Int(year), month: Int(month), day: Int(day))
    return Int64(ordinal) * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
  }

  /// The UTC instant of the date-time. A floating time (no zone) is read in `floatingZone`
  /// (UTC when nil). Local times follow RFC 5545 3.3.5 (see
  /// ``LibicalZone/instant(ofLocal:)``).
  func instant(floatingZone: LibicalZone?) -> Int64 {
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
struct PeriodDuration {
  var isNegative = false
  var days: UInt32 = 0
  var weeks: UInt32 = 0
  var hours: UInt32 = 0
  var minutes: UInt32 = 0
  var seconds: UInt32 = 0
}

/// One RDATE value: a date or date-time, or a PERIOD (a start and an end, or a start and a
/// duration). The parts it does not use are ``WallTime/null`` (libical's
/// `icaldatetimeperiodtype`, field for field).
struct RecurrenceDate {
  var time = WallTime.null
  var periodStart = WallTime.null
  var periodEnd = WallTime.null
  var periodDuration = PeriodDuration()
}
