import CLibical
import LaneLayout

/// Conversions between libical's time values, instants and days. Call inside ``LibicalGate``.
enum LibicalTime {
  /// The day of a time value's date part.
  static func day(of time: icaltimetype) -> Day? {
    Day(year: Int(time.year), month: Int(time.month), day: Int(time.day))
  }

  /// The UTC instant of a date-time. A floating time (no zone) is read in `floatingZone`
  /// (UTC when nil). Local times follow RFC 5545 3.3.5 (see ``instant(ofLocal:in:)``).
  static func instant(of time: icaltimetype, floatingZone: OpaquePointer?) -> Int64 {
    var value = time
    value.is_date = 0
    let zone = value.zone ?? floatingZone
    if let zone {
      return instant(ofLocal: utcSeconds(of: value), in: zone)
    }
    return utcSeconds(of: value)
  }

  /// The UTC instant of a wall-clock time in `zone` (given as its fields read as UTC seconds),
  /// by RFC 5545 3.3.5: a local time that occurs twice (the hour repeated when clocks go back)
  /// means the first of them; a local time that does not occur (skipped when clocks go forward)
  /// is read with the UTC offset from before the gap, so 02:30 in Berlin on 2024-03-31 is
  /// 01:30Z, which the clock shows as 03:30. (libical's own conversion takes the second
  /// occurrence and the offset after the gap.)
  static func instant(ofLocal wall: Int64, in zone: OpaquePointer) -> Int64 {
    if zone == utc { return wall }
    // Offsets a day either side of the wall time: every real offset lies within ±26 hours, so
    // these bracket the one transition (if any) that can make this wall time odd.
    let low = wall - 129_600
    let high = wall + 129_600
    if let steady = SteadyOffsets.offset(over: low, high, in: zone) {
      return wall - Int64(steady)
    }
    let before = offset(at: low, in: zone)
    let after = offset(at: high, in: zone)
    let early = wall - Int64(before)
    if before == after {
      if offset(at: early, in: zone) == before {
        SteadyOffsets.learn(low, high, offset: before, in: zone)
        return early
      }
      // More than one change within a few days (rare): take libical's answer via a probe of
      // the offset at the first guess.
      return wall - Int64(offset(at: early, in: zone))
    }
    let late = wall - Int64(after)
    let earlyValid = offset(at: early, in: zone) == before
    let lateValid = offset(at: late, in: zone) == after
    switch (earlyValid, lateValid) {
    case (true, true): return min(early, late)  // repeated: the first occurrence
    case (true, false): return early
    case (false, true): return late
    case (false, false): return early  // in the gap: the offset from before it
    }
  }

  /// The zone's UTC offset, in seconds, at `instant`.
  static func offset(at instant: Int64, in zone: OpaquePointer) -> Int {
    local(instant, in: zone).offset
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
    if zone == utc, let time = utcTime(instant) { return (time, 0) }
    return libicalLocal(instant, in: zone)
  }

  /// ``local(_:in:)`` as libical works it out; an instant past the year 2500 in a zone whose
  /// rules repeat is looked up 400·k years earlier (``PeriodicZones``), which gives the same
  /// offset without libical working out every transition up to it.
  static func libicalLocal(_ instant: Int64, in zone: OpaquePointer) -> (
    time: icaltimetype, offset: Int
  ) {
    if let earlier = PeriodicZones.folded(instant, in: zone) {
      let (foldedTime, offset) = libicalLocal(earlier, in: zone)
      if var time = utcTime(instant + Int64(offset)) {
        time.is_daylight = foldedTime.is_daylight
        time.zone = foldedTime.zone
        return (time, offset)
      }
    }
    let time = icaltime_from_timet_with_zone(time_t(instant), 0, zone)
    let offset = Int(utcSeconds(of: time) - instant)
    return (time, offset)
  }

  /// libical's UTC zone.
  nonisolated(unsafe) static let utc: OpaquePointer? = icaltimezone_get_utc_timezone()

  /// The UTC time of `instant`, the value libical gives (`is_daylight` 0, the UTC zone), worked
  /// out here: every occurrence of a month shown in UTC goes through it three times. Nil
  /// outside years 1–9999.
  static func utcTime(_ instant: Int64) -> icaltimetype? {
    let days = instant >= 0 ? instant / 86_400 : -((-instant + 86_399) / 86_400)
    let seconds = Int(instant - days * 86_400)
    let (year, month, day) = Day(ordinal: Int(days)).components
    guard (1...9999).contains(year) else { return nil }
    return icaltimetype(
      year: Int32(year), month: Int32(month), day: Int32(day), hour: Int32(seconds / 3_600),
      minute: Int32(seconds / 60 % 60), second: Int32(seconds % 60), is_date: 0, is_daylight: 0,
      zone: utc)
  }

  /// Whether a time value names a real, usable date (or date-time).
  static func isUsable(_ time: icaltimetype) -> Bool {
    icaltime_is_null_time(time) == 0 && icaltime_is_valid_time(time) != 0
      && day(of: time) != nil && (1...9999).contains(time.year)
  }
}
