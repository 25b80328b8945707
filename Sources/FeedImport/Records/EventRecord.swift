import LaneLayout

/// One VEVENT as the import keeps it after libical has read it: what it says about when it
/// happens (Swift values from the door to libical, zones resolved) and what a view shows of it.
struct EventRecord {
  /// The UID; empty when the event has none.
  var uid: String
  /// SUMMARY, unescaped; empty when absent.
  var title: String
  /// LOCATION, when present.
  var location: String?
  /// CATEGORIES, each value once, in the order written (several properties joined).
  var categories: [String] = []
  /// The event's own COLOR (RFC 7986) as `#rrggbb`, when present and readable.
  var color: String?
  /// The line of the feed where the VEVENT begins.
  var line: Int
  /// Which calendar (VCALENDAR, or feed) of the load it came from.
  var calendar: Int
  /// DTSTART, zone resolved (nil zone: floating, or a date).
  var start: WallTime
  /// How long each occurrence lasts.
  var length: OccurrenceLength
  /// RRULE, when the event recurs by rule.
  var rule: RecurrenceRule?
  /// Further RRULEs (RFC 2445 allowed several; their instances join the set).
  var extraRules: [RecurrenceRule] = []
  /// RDATE values.
  var rdates: [RecurrenceDate]
  /// EXDATE values.
  var exdates: [WallTime]
  /// RECURRENCE-ID, when the event overrides an instance of a series.
  var recurrenceId: WallTime?
  /// RANGE=THISANDFUTURE on the RECURRENCE-ID.
  var thisAndFuture: Bool
  /// STATUS:CANCELLED.
  var cancelled: Bool
  /// SEQUENCE (0 when absent).
  var sequence: Int
  /// Whether some TZID of the event resolved nowhere when it was read (its times were taken as
  /// floating). The loader reads such an event again once the whole calendar is known, because a
  /// VTIMEZONE may legally come after the events that use it.
  var hasUnresolvedZone = false

  /// Whether DTSTART is a DATE.
  var allDay: Bool { start.isDate }

  /// Whether the event has more instances than its DTSTART.
  var recurs: Bool { rule != nil || !rdates.isEmpty }
}

/// The length of each occurrence: nominal days (which follow local time across DST changes)
/// plus exact seconds, as RFC 5545 reads DTEND and DURATION.
struct OccurrenceLength: Sendable, Equatable {
  var days: Int
  var seconds: Int

  static let zero = OccurrenceLength(days: 0, seconds: 0)

  /// The longest length kept, in days: from year 1 to year 10000, the reach of any layout.
  /// A longer DURATION or DTEND is clamped to it (with a warning), so that every sum below
  /// stays far inside `Int` and an expansion never looks back further than the calendar goes.
  static let maximumDays = 3_652_425

  /// The longest seconds part kept (the same reach).
  static let maximumSeconds = maximumDays * 86_400

  /// A length of `days` and `seconds`, each clamped to ±``maximumDays`` (±``maximumSeconds``).
  init(clampingDays days: Int64, seconds: Int64) {
    self.days = Int(max(-Int64(Self.maximumDays), min(Int64(Self.maximumDays), days)))
    self.seconds = Int(max(-Int64(Self.maximumSeconds), min(Int64(Self.maximumSeconds), seconds)))
  }

  init(days: Int, seconds: Int) {
    self.days = days
    self.seconds = seconds
  }

  /// Whether a part is at the clamp.
  var isClamped: Bool {
    abs(days) >= Self.maximumDays || abs(seconds) >= Self.maximumSeconds
  }

  /// An upper bound of the length in seconds, for look-back (the parts are clamped first, so
  /// the sum cannot overflow).
  var maximumSeconds: Int {
    min(max(0, days), Self.maximumDays) * 90_000 + min(max(0, seconds), Self.maximumSeconds)
  }
}
