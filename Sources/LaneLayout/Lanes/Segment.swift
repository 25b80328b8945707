/// One occurrence's piece inside one week row: the days of the row it covers, clipped to the
/// row and to the visible days.
public struct Segment: Sendable, Hashable, Codable {
  /// The event's UID; empty when it has none.
  public var uid: String
  /// The occurrence's RECURRENCE-ID, or nil for a single event.
  public var recurrenceId: String?
  /// The title (SUMMARY, unescaped).
  public var title: String
  /// Whether the occurrence is all-day.
  public var allDay: Bool
  /// The occurrence's start, as in ``DaySpan/start``.
  public var start: String
  /// The occurrence's exclusive end, as in ``DaySpan/end``.
  public var end: String
  /// The first day this segment covers.
  public var firstDay: Day
  /// The last day this segment covers, inclusive.
  public var lastDay: Day
  /// Whether the occurrence covers days before `firstDay`.
  public var continuesBefore: Bool
  /// Whether the occurrence covers days after `lastDay`.
  public var continuesAfter: Bool
  /// The calendar (feed) name, when known.
  public var calendar: String?
  /// The event's location, when known.
  public var location: String?

  enum CodingKeys: String, CodingKey {
    case uid, recurrenceId, title, allDay, start, end, firstDay, lastDay, continuesBefore,
      continuesAfter, calendar, location
  }

  /// Encodes the segment as the contract writes it: `recurrenceId` always present (null for a
  /// single event); `calendar` and `location` only when known.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uid, forKey: .uid)
    // The contract wants the key present, null for a single event.
    try container.encode(recurrenceId, forKey: .recurrenceId)
    try container.encode(title, forKey: .title)
    try container.encode(allDay, forKey: .allDay)
    try container.encode(start, forKey: .start)
    try container.encode(end, forKey: .end)
    try container.encode(firstDay, forKey: .firstDay)
    try container.encode(lastDay, forKey: .lastDay)
    try container.encode(continuesBefore, forKey: .continuesBefore)
    try container.encode(continuesAfter, forKey: .continuesAfter)
    try container.encodeIfPresent(calendar, forKey: .calendar)
    try container.encodeIfPresent(location, forKey: .location)
  }
}

// The initializers live in an extension so that the struct keeps its (internal) memberwise
// initializer, which builds a segment in place: with an initializer assigning field by field,
// the optimizer copies each finished segment, retaining and releasing its strings once more.
extension Segment {
  /// The piece of `span` that covers `firstDay…lastDay`.
  public init(span: DaySpan, firstDay: Day, lastDay: Day) {
    self.init(
      uid: span.uid, recurrenceId: span.recurrenceId, title: span.title, allDay: span.allDay,
      start: span.start, end: span.end, firstDay: firstDay, lastDay: lastDay,
      continuesBefore: span.firstDay < firstDay, continuesAfter: span.lastDay > lastDay,
      calendar: span.calendar, location: span.location)
  }

  /// Decodes a segment as the contract writes it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    uid = try container.decode(String.self, forKey: .uid)
    recurrenceId = try container.decodeIfPresent(String.self, forKey: .recurrenceId)
    title = try container.decode(String.self, forKey: .title)
    allDay = try container.decode(Bool.self, forKey: .allDay)
    start = try container.decode(String.self, forKey: .start)
    end = try container.decode(String.self, forKey: .end)
    firstDay = try container.decode(Day.self, forKey: .firstDay)
    lastDay = try container.decode(Day.self, forKey: .lastDay)
    continuesBefore = try container.decode(Bool.self, forKey: .continuesBefore)
    continuesAfter = try container.decode(Bool.self, forKey: .continuesAfter)
    calendar = try container.decodeIfPresent(String.self, forKey: .calendar)
    location = try container.decodeIfPresent(String.self, forKey: .location)
  }
}
