import CLibical
import LaneLayout

/// Conversions between libical's time values, instants and days. Call inside ``LibicalGate``.
enum LibicalTime {
  /// The day of a time value's date part.
  static func day(of time: icaltimetype) -> Day? {
    Day(year: Int(time.year), month: Int(time.month), day: Int(time.day))
  }

  /// The UTC instant of a date-time. A floating time (no zone) is read in `floatingZone`
  /// (UTC when nil).
  static func instant(of time: icaltimetype, floatingZone: OpaquePointer?) -> Int64 {
    var value = time
    value.is_date = 0
    let zone = value.zone ?? floatingZone
    if let zone {
      return Int64(icaltime_as_timet_with_zone(value, zone))
    }
    return utcSeconds(of: value)
  }

  /// The seconds since 1970 of the time's fields read as UTC (no zone arithmetic).
  static func utcSeconds(of time: icaltimetype) -> Int64 {
    let ordinal = Day.daysSinceEpoch(
      year: Int(time.year), month: Int(time.month), day: Int(time.day))
    return Int64(ordinal) * 86_400 + Int64(time.hour) * 3_600 + Int64(time.minute) * 60
      + Int64(time.second)
  }

  /// The local time of `instant` in `zone`, with the zone's UTC offset then.
  static func local(_ instant: Int64, in zone: OpaquePointer) -> (time: icaltimetype, offset: Int) {
    let time = icaltime_from_timet_with_zone(time_t(instant), 0, zone)
    let offset = Int(utcSeconds(of: time) - instant)
    return (time, offset)
  }

  /// `time` moved to `instant`, keeping its zone (a floating time gets the fields of the
  /// instant read in `floatingZone`).
  static func time(at instant: Int64, like time: icaltimetype, floatingZone: OpaquePointer?)
    -> icaltimetype
  {
    if let zone = time.zone {
      return icaltime_from_timet_with_zone(time_t(instant), 0, zone)
    }
    if let floatingZone {
      var local = icaltime_from_timet_with_zone(time_t(instant), 0, floatingZone)
      local.zone = nil
      return local
    }
    var local = icaltime_from_timet_with_zone(time_t(instant), 0, nil)
    local.zone = nil
    return local
  }

  /// Whether a time value names a real, usable date (or date-time).
  static func isUsable(_ time: icaltimetype) -> Bool {
    icaltime_is_null_time(time) == 0 && icaltime_is_valid_time(time) != 0
      && day(of: time) != nil && (1...9999).contains(time.year)
  }
}
