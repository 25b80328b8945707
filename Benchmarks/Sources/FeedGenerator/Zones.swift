/// The time zones used by generated events. Everything except `.utc` is
/// written with a TZID parameter and gets a VTIMEZONE block in the header.
enum Zone: CaseIterable {
  case utc
  case berlin
  case newYork
  case tokyo

  var tzid: StaticString {
    switch self {
    case .utc: return "UTC"
    case .berlin: return "Europe/Berlin"
    case .newYork: return "America/New_York"
    case .tokyo: return "Asia/Tokyo"
    }
  }

  /// UTC offset in minutes for a local wall-clock time, following RFC 5545
  /// §3.3.5: an ambiguous time (DST -> standard overlap) takes the first
  /// occurrence (DST offset); a nonexistent time (spring gap) takes the
  /// offset from before the gap (standard offset).
  func utcOffsetMinutes(localDay: Int, localMinute: Int) -> Int {
    switch self {
    case .utc:
      return 0
    case .tokyo:
      return 9 * 60
    case .berlin:
      // EU rules since 1996: last Sunday of March 02:00 -> 03:00,
      // last Sunday of October 03:00 -> 02:00 (local times).
      let year = Civil.date(fromDayNumber: localDay).year
      let local = localDay * 1440 + localMinute
      let dstStart = Civil.lastSunday(year: year, month: 3) * 1440 + 3 * 60
      let dstEnd = Civil.lastSunday(year: year, month: 10) * 1440 + 3 * 60
      return (local >= dstStart && local < dstEnd) ? 120 : 60
    case .newYork:
      // US rules since 2007: second Sunday of March 02:00 -> 03:00,
      // first Sunday of November 02:00 -> 01:00 (local times).
      let year = Civil.date(fromDayNumber: localDay).year
      let local = localDay * 1440 + localMinute
      let dstStart = Civil.nthSunday(2, year: year, month: 3) * 1440 + 3 * 60
      let dstEnd = Civil.nthSunday(1, year: year, month: 11) * 1440 + 2 * 60
      return (local >= dstStart && local < dstEnd) ? -240 : -300
    }
  }

  /// VTIMEZONE definitions with the zones' current rules, one string per
  /// content line (none needs folding).
  static let vtimezoneLines: [StaticString] = [
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Berlin",
    "X-LIC-LOCATION:Europe/Berlin",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19810329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19961027T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "X-LIC-LOCATION:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VTIMEZONE",
    "TZID:Asia/Tokyo",
    "X-LIC-LOCATION:Asia/Tokyo",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0900",
    "TZOFFSETTO:+0900",
    "TZNAME:JST",
    "DTSTART:19700101T000000",
    "END:STANDARD",
    "END:VTIMEZONE",
  ]
}
