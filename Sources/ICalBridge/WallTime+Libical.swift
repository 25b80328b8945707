import CLibical

/// ``WallTime`` to and from libical's `icaltimetype`, and the time arithmetic left to libical.
extension WallTime {
  /// The value of a libical time; its zone, which libical gives as a pointer, is `zone`.
  init(_ time: icaltimetype, zone: LibicalZone?) {
    self.init(
      year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute,
      second: time.second, isDate: time.is_date != 0, isDaylight: time.is_daylight != 0,
      zone: zone)
  }

  /// The libical time of this value.
  var libical: icaltimetype {
    icaltimetype(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      is_date: isDate ? 1 : 0, is_daylight: isDaylight ? 1 : 0, zone: zone?.pointer)
  }

  /// libical's order of two times (`icaltime_compare`): -1, 0 or 1.
  ///
  /// Two times without a zone (floating times and dates) are compared here, without libical or
  /// its lock, as libical compares them: it moves neither (a floating time is not converted,
  /// a date never is) and compares the fields (``fieldOrder(_:_:)``). Expansions compare every
  /// instance with UNTIL so.
  package static func compare(_ lhs: WallTime, _ rhs: WallTime) -> Int {
    if lhs.zone == nil, rhs.zone == nil { return fieldOrder(lhs, rhs) }
    return LibicalGate.run { Int(icaltime_compare(lhs.libical, rhs.libical)) }
  }

  /// libical's order of two times it does not convert: year, month and day; then, when both
  /// are dates, equal, else a date before a date-time of its day; then hour, minute and second.
  static func fieldOrder(_ lhs: WallTime, _ rhs: WallTime) -> Int {
    func order(_ left: Int32, _ right: Int32) -> Int { left == right ? 0 : left < right ? -1 : 1 }
    if lhs.year != rhs.year { return order(lhs.year, rhs.year) }
    if lhs.month != rhs.month { return order(lhs.month, rhs.month) }
    if lhs.day != rhs.day { return order(lhs.day, rhs.day) }
    if lhs.isDate, rhs.isDate { return 0 }
    if rhs.isDate { return 1 }
    if lhs.isDate { return -1 }
    if lhs.hour != rhs.hour { return order(lhs.hour, rhs.hour) }
    if lhs.minute != rhs.minute { return order(lhs.minute, rhs.minute) }
    return order(lhs.second, rhs.second)
  }

  /// The time `days` days and `seconds` seconds later, fields normalised as libical does
  /// (`icaltime_adjust`); the zone stays.
  package func adjusted(days: Int32, seconds: Int32) -> WallTime {
    LibicalGate.run {
      var time = libical
      icaltime_adjust(&time, days, 0, 0, seconds)
      return WallTime(time, zone: zone)
    }
  }

  /// The time `duration` later, as libical adds it (`icaltime_add`); the zone stays.
  package func adding(_ duration: PeriodDuration) -> WallTime {
    LibicalGate.run { WallTime(icaltime_add(libical, duration.libical), zone: zone) }
  }

  /// The UTC fields of `instant` as a floating time (no zone), as libical works them out.
  static func floating(at instant: Int64) -> WallTime {
    LibicalGate.run { WallTime(icaltime_from_timet_with_zone(time_t(instant), 0, nil), zone: nil) }
  }

  /// Whether the value names a real, usable date (or date-time) of years 1–9999.
  var isUsable: Bool {
    !isNull && LibicalGate.run { icaltime_is_valid_time(libical) != 0 } && dayValue != nil
      && (1...9999).contains(year)
  }
}

extension PeriodDuration {
  /// The value of a libical duration.
  init(_ duration: icaldurationtype) {
    self.init(
      isNegative: duration.is_neg != 0, days: duration.days, weeks: duration.weeks,
      hours: duration.hours, minutes: duration.minutes, seconds: duration.seconds)
  }

  /// The libical duration of this value.
  var libical: icaldurationtype {
    icaldurationtype(
      is_neg: isNegative ? 1 : 0, days: days, weeks: weeks, hours: hours, minutes: minutes,
      seconds: seconds)
  }
}
