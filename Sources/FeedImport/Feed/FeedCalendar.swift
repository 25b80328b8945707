import ICalBridge

/// One VCALENDAR of a feed: its VTIMEZONEs, its name and its calendar-wide zone.
final class FeedCalendar {
  let resolver = TimeZoneResolver()
  /// X-WR-CALNAME, when present.
  var name: String?
  /// COLOR (RFC 7986) or X-APPLE-CALENDAR-COLOR as `#rrggbb`, when present and readable.
  var color: String?
  /// X-WR-TIMEZONE as written, when present.
  var wallZoneName: String?
  /// The zone X-WR-TIMEZONE names, when known: floating times are read in it.
  var wallZone: LibicalZone?

  /// The zone this calendar's floating times are read in, drawn in `display`: the one owner of
  /// the X-WR-TIMEZONE fallback (its zone when it names a known one, else the display zone).
  func floatingZone(display: DisplayZone) -> LibicalZone {
    wallZone ?? display.zone
  }
}
