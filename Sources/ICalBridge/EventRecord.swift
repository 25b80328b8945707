import LaneLayout

/// One VEVENT as the import keeps it after libical has read it: what it says about when it
/// happens (Swift values from the door to libical, zones resolved) and what a view shows of it.
public struct EventRecord {
  /// The UID; empty when the event has none.
  package var uid: String
  /// SUMMARY, unescaped; empty when absent.
  package var title: String
  /// LOCATION, when present.
  package var location: String?
  /// CATEGORIES, each value once, in the order written (several properties joined).
  package var categories: [String] = []
  /// The event's own COLOR (RFC 7986) as `#rrggbb`, when present and readable.
  package var color: String? {
    get { rare?.color }
    set { if !(newValue == nil && color == nil) { editRare { $0.color = newValue } } }
  }
  /// DESCRIPTION, URL, STATUS, ORGANIZER and the attendee count, when the event has any.
  package var details: EventDetails? {
    get { rare?.details }
    set { if !(newValue == nil && details == nil) { editRare { $0.details = newValue } } }
  }
  /// The line of the feed where the VEVENT begins.
  package var line: Int
  /// Which calendar (VCALENDAR, or feed) of the load it came from.
  package var calendar: Int
  /// DTSTART, zone resolved (nil zone: floating, or a date).
  public package(set) var start: WallTime
  /// How long each occurrence lasts.
  package var length: OccurrenceLength
  /// RRULE, when the event recurs by rule.
  public package(set) var rule: RecurrenceRule? {
    @inlinable get { ruleBox?.rule }
    set { ruleBox = newValue.map(RuleBox.init) }
  }
  /// ``rule`` kept apart: a rule is large, and most events of a big feed have none; records
  /// with equal rules share one (``RecurrenceShelf``).
  @usableFromInline var ruleBox: RuleBox?
  /// Further RRULEs (RFC 2445 allowed several; their instances join the set).
  package var extraRules: [RecurrenceRule] {
    get { rare?.extraRules ?? [] }
    set { if !(newValue.isEmpty && extraRules.isEmpty) { editRare { $0.extraRules = newValue } } }
  }
  /// RDATE values.
  public package(set) var rdates: [RecurrenceDate] {
    @inlinable get { rare?.rdates ?? [] }
    set { if !(newValue.isEmpty && rdates.isEmpty) { editRare { $0.rdates = newValue } } }
  }
  /// EXDATE values.
  package var exdates: [WallTime]
  /// RECURRENCE-ID, when the event overrides an instance of a series.
  public package(set) var recurrenceId: WallTime? {
    @inlinable get { rare?.recurrenceId }
    set { if !(newValue == nil && recurrenceId == nil) { editRare { $0.recurrenceId = newValue } } }
  }
  /// RANGE=THISANDFUTURE on the RECURRENCE-ID.
  package var thisAndFuture: Bool {
    get { rare?.thisAndFuture ?? false }
    set { if newValue != thisAndFuture { editRare { $0.thisAndFuture = newValue } } }
  }
  /// The fields most events of a big feed leave empty (COLOR, further RRULEs, RDATE,
  /// RECURRENCE-ID and its RANGE, the details), kept apart: nil while all are empty, so that
  /// most records stay small. (CATEGORIES stays: timetables set it on every event.)
  @usableFromInline var rare: RareFields?
  /// STATUS:CANCELLED.
  package var cancelled: Bool
  /// SEQUENCE (0 when absent).
  package var sequence: Int
  /// Whether some TZID of the event resolved nowhere when it was read (its times were taken as
  /// floating). The loader reads such an event again once the whole calendar is known, because a
  /// VTIMEZONE may legally come after the events that use it.
  package var hasUnresolvedZone = false

  package init(
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
    self.exdates = exdates
    self.cancelled = cancelled
    self.sequence = sequence
    self.rdates = rdates
    self.recurrenceId = recurrenceId
    self.thisAndFuture = thisAndFuture
  }

  /// The box holding ``rule`` (records that share a rule share it), nil without a rule.
  var ruleBoxIdentity: ObjectIdentifier? {
    ruleBox.map(ObjectIdentifier.init)
  }

  /// Takes an equal rule's box and an equal EXDATE list's buffer from `shelf` instead of this
  /// record's own, when there are such (see ``RecurrenceShelf``).
  package mutating func shareRecurrence(on shelf: inout RecurrenceShelf) {
    if let box = ruleBox { ruleBox = shelf.share(box) }
    exdates = shelf.share(exdates)
  }

  /// Changes the rare fields: in place when this record alone holds them, else on a copy.
  /// (The setters call it only for a change: emptying an empty field makes no box and no copy.)
  private mutating func editRare(_ change: (RareFields) -> Void) {
    if rare == nil {
      rare = RareFields()
    } else if !isKnownUniquelyReferenced(&rare) {
      rare = rare?.copy()
    }
    if let rare { change(rare) }
  }

  /// Whether DTSTART is a DATE.
  @inlinable public var allDay: Bool { start.isDate }

  /// Whether the event has more instances than its DTSTART.
  @inlinable public var recurs: Bool { rule != nil || !rdates.isEmpty }
}

/// An ``EventRecord``'s rule, held by reference (never changed once made: a new rule is a new
/// box), and shared by records with equal rules (``RecurrenceShelf``).
@usableFromInline package final class RuleBox: Sendable {
  @usableFromInline let rule: RecurrenceRule

  init(_ rule: RecurrenceRule) {
    self.rule = rule
  }
}

/// An ``EventRecord``'s rarely set fields, held by reference and copied before a change when
/// another record shares them.
@usableFromInline final class RareFields {
  var color: String?
  var extraRules: [RecurrenceRule] = []
  @usableFromInline var rdates: [RecurrenceDate] = []
  @usableFromInline var recurrenceId: WallTime?
  var thisAndFuture = false
  var details: EventDetails?

  func copy() -> RareFields {
    let copy = RareFields()
    copy.color = color
    copy.extraRules = extraRules
    copy.rdates = rdates
    copy.recurrenceId = recurrenceId
    copy.thisAndFuture = thisAndFuture
    copy.details = details
    return copy
  }
}
