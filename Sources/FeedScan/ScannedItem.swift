/// What the scanner found at the top of a feed's structure.
package enum ScannedItem {
  /// A `BEGIN:VCALENDAR` line.
  case calendarBegins(line: Int)
  /// A calendar-level property the import uses (X-WR-TIMEZONE, X-WR-CALNAME, COLOR,
  /// X-APPLE-CALENDAR-COLOR), unfolded.
  case calendarProperty(name: String, value: String, line: Int)
  /// A whole VTIMEZONE component, lines joined with CRLF.
  case timeZone(block: [UInt8], line: Int)
  /// A whole VEVENT component, lines joined with CRLF, with what the byte scan read of it.
  case event(block: [UInt8], line: Int, facts: EventFacts)
  /// A VEVENT the month pre-filter passed over (``ComponentScanner/passOverWindow``), by its
  /// line and UID key (``PassedOverKeys``), not its whole ``EventFacts``: a feed is mostly such
  /// events, and the facts are 256 bytes.
  case passedOver(line: Int, uidKey: Int?)
  /// A VEVENT that cannot be used as it stands (never closed, or nested too deep).
  case brokenEvent(line: Int, uid: String?, reason: String)
  /// Something worth a warning that loses no event.
  case notice(line: Int, message: String)
}
