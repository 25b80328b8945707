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
  var rule: RecurrenceRule? {
    get { ruleBox?.rule }
    set { ruleBox = newValue.map(RuleBox.init) }
  }
  /// ``rule`` kept apart: a rule is 160 bytes, and most events of a big feed have none, so a
  /// record is 240 bytes rather than 392 (a million kept records: 150 MB less).
  private var ruleBox: RuleBox?
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

  init(
    uid: String, title: String, location: String?, line: Int, calendar: Int, start: WallTime,
    length: OccurrenceLength, rule: RecurrenceRule?, rdates: [RecurrenceDate],
    exdates: [WallTime], recurrenceId: WallTime?, thisAndFuture: Bool, cancelled: Bool,
    sequence: Int
  ) {
    self.uid = uid
    self.title = title
    self.location = location
    self.line = line
    self.calendar = calendar
    self.start = start
    self.length = length
    self.ruleBox = rule.map(RuleBox.init)
    self.rdates = rdates
    self.exdates = exdates
    self.recurrenceId = recurrenceId
    self.thisAndFuture = thisAndFuture
    self.cancelled = cancelled
    self.sequence = sequence
  }

  /// Whether DTSTART is a DATE.
  var allDay: Bool { start.isDate }

  /// Whether the event has more instances than its DTSTART.
  var recurs: Bool { rule != nil || !rdates.isEmpty }
}

/// An ``EventRecord``'s rule, held by reference (never changed once made: a new rule is a new
/// box).
private final class RuleBox: Sendable {
  let rule: RecurrenceRule

  init(_ rule: RecurrenceRule) {
    self.rule = rule
  }
}
