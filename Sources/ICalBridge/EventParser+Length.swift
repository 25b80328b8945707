import CLibical
import LaneLayout

extension EventParser {
  /// How long each occurrence of an event starting at `start` lasts, from its DTEND, else its
  /// DURATION, else the RFC's default (a day for a date, nothing for a date-time). A length
  /// beyond ``OccurrenceLength/maximumDays`` is clamped and one that ends before it starts is
  /// zero, each with a warning.
  func length(
    from start: icaltimetype, end: icaltimetype?, duration: icaldurationtype?,
    warnings: inout [String]
  ) -> OccurrenceLength {
    var length = OccurrenceLength.zero
    if let end, EventParser.isUsable(end) {
      length = self.length(from: start, to: end)
    } else if end != nil {
      warnings.append("DTEND is not a usable date; ignored")
      length.days = start.is_date != 0 ? 1 : 0
    } else if let duration {
      length = EventParser.length(of: duration, allDay: start.is_date != 0)
    } else if start.is_date != 0 {
      length.days = 1
    }
    if length.isClamped, length.days >= 0, length.seconds >= 0 {
      warnings.append(
        "lasts longer than \(OccurrenceLength.maximumDays) days (10,000 years); laid out as that long"
      )
    }
    if length.days < 0 || length.seconds < 0 || (length.days == 0 && length.seconds < 0) {
      warnings.append("ends before it starts; laid out on its start day only")
      length = .zero
    }
    return length
  }

  /// The length from `start` to a usable `end`.
  private func length(from start: icaltimetype, to end: icaltimetype) -> OccurrenceLength {
    guard start.is_date == 0 else {
      // A DATE-TIME end of an all-day event: through the day of its last instant, read in the
      // end's own zone (a floating or UTC end as written), so a partial last day is covered.
      var length = OccurrenceLength.zero
      length.days =
        (EventParser.day(of: end)?.ordinal ?? 0) - (EventParser.day(of: start)?.ordinal ?? 0)
      if end.is_date == 0, end.hour != 0 || end.minute != 0 || end.second != 0 {
        length.days += 1
      }
      return length
    }
    var endValue = end
    if end.is_date != 0 {
      endValue.is_date = 0
      endValue.zone = start.zone
    }
    return OccurrenceLength(
      clampingDays: 0,
      seconds: value(endValue).instant(floatingZone: nil)
        &- value(start).instant(floatingZone: nil))
  }

  /// The length a DURATION gives, its parts widened to 64 bits before they are multiplied
  /// (libical keeps each in 32 bits: `P613566757W` in days does not fit) and the result clamped
  /// to ``OccurrenceLength/maximumDays``. An all-day event keeps whole days: every day the
  /// duration reaches into, counted from DTSTART's midnight.
  static func length(of duration: icaldurationtype, allDay: Bool) -> OccurrenceLength {
    let sign: Int64 = duration.is_neg != 0 ? -1 : 1
    let days = Int64(duration.weeks) * 7 + Int64(duration.days)
    let seconds =
      Int64(duration.hours) * 3_600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
    if allDay, seconds != 0 {
      // Counted from DTSTART's midnight: every day the duration reaches into is covered.
      let total = sign * (days * 86_400 + seconds)
      let covered = total >= 0 ? (total + 86_399) / 86_400 : -((-total) / 86_400)
      return OccurrenceLength(clampingDays: covered, seconds: 0)
    }
    return OccurrenceLength(clampingDays: sign * days, seconds: sign * seconds)
  }

  /// The day of a time value's date part.
  static func day(of time: icaltimetype) -> Day? {
    Day(year: Int(time.year), month: Int(time.month), day: Int(time.day))
  }

  /// Whether a time value names a real, usable date (or date-time).
  static func isUsable(_ time: icaltimetype) -> Bool {
    icaltime_is_null_time(time) == 0 && icaltime_is_valid_time(time) != 0
      && day(of: time) != nil && (1...9999).contains(time.year)
  }
}
