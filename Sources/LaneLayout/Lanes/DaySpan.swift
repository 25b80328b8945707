/// One occurrence as the layout sees it: the days it covers in the display time zone, plus what
/// a view shows of it.
///
/// Spans from iCalendar come from the `FeedImport` stage, but any tool can build its own and lay
/// them out with ``MonthLayoutEngine``.
///
/// The texts (UID, title, calendar, location, categories, colour) are kept together in one
/// shared, unchangeable box: the occurrences of one event share it, so a span is about half the
/// size it would be with six strings of its own, and copying it counts one reference, not six.
/// Setting one of them gives the span a box of its own.
public struct DaySpan: Sendable, Hashable, Codable {
  /// The texts, shared with the other occurrences of the event.
  package private(set) var texts: Texts
  /// The occurrence's RECURRENCE-ID, in the display zone like `start` (a date when the event is
  /// all-day), or nil for a single event.
  public var recurrenceId: LocalDateTime?
  /// Whether the occurrence is all-day (DTSTART is a DATE).
  public var allDay: Bool
  /// The start in the display zone: a date for all-day, else a date-time with its UTC offset.
  /// Its `description` is the contract's text (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS±HH:MM`).
  public var start: LocalDateTime
  /// The exclusive end, like `start`.
  public var end: LocalDateTime
  /// The first day the occurrence covers (contract rule 1).
  public var firstDay: Day
  /// The last day the occurrence covers, inclusive.
  public var lastDay: Day
  /// The start instant (seconds since 1970 UTC) that orders spans (contract rule 3).
  public var startInstant: Int64
  /// The end instant (seconds since 1970 UTC) that orders spans.
  public var endInstant: Int64

  /// The event's UID; empty when it has none.
  public var uid: String {
    get { texts.uid }
    set { texts = texts.with { $0.uid = newValue } }
  }
  /// The title (SUMMARY, unescaped); empty when absent.
  public var title: String {
    get { texts.title }
    set { texts = texts.with { $0.title = newValue } }
  }
  /// The calendar (feed) the occurrence comes from, when known.
  public var calendar: String? {
    get { texts.calendar }
    set { texts = texts.with { $0.calendar = newValue } }
  }
  /// The event's LOCATION, when present.
  public var location: String? {
    get { texts.location }
    set { texts = texts.with { $0.location = newValue } }
  }
  /// The event's CATEGORIES, when it has any (what `--category` filters on).
  public var categories: [String]? {
    get { texts.categories }
    set { texts = texts.with { $0.categories = newValue } }
  }
  /// The event's own colour as `#rrggbb` (COLOR, RFC 7986), when it has one; views draw the
  /// occurrence in it instead of its calendar's colour.
  public var color: String? {
    get { texts.color }
    set { texts = texts.with { $0.color = newValue } }
  }
  /// What the event says about itself beyond its times (DESCRIPTION, URL, STATUS, ORGANIZER,
  /// attendees), when it says any of it.
  public var details: EventDetails? {
    get { texts.details }
    set { texts = texts.with { $0.details = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
  }

  /// A span with every field given.
  public init(
    uid: String, recurrenceId: LocalDateTime?, title: String, allDay: Bool, start: LocalDateTime,
    end: LocalDateTime,
    firstDay: Day, lastDay: Day, startInstant: Int64, endInstant: Int64, calendar: String? = nil,
    location: String? = nil, categories: [String]? = nil, color: String? = nil,
    details: EventDetails? = nil
  ) {
    self.init(
      texts: Texts(
        uid: uid, title: title, calendar: calendar, location: location, categories: categories,
        color: color, details: details),
      recurrenceId: recurrenceId, allDay: allDay, start: start, end: end, firstDay: firstDay,
      lastDay: lastDay, startInstant: startInstant, endInstant: endInstant)
  }

  /// A span whose texts are `texts`, shared with the spans already made from it.
  package init(
    texts: Texts, recurrenceId: LocalDateTime?, allDay: Bool, start: LocalDateTime,
    end: LocalDateTime, firstDay: Day, lastDay: Day, startInstant: Int64, endInstant: Int64
  ) {
    self.texts = texts
    self.recurrenceId = recurrenceId
    self.allDay = allDay
    self.start = start
    self.end = end
    self.firstDay = firstDay
    self.lastDay = max(firstDay, lastDay)
    self.startInstant = startInstant
    self.endInstant = endInstant
  }

  /// An all-day span over `firstDay…lastDay` (inclusive), for tools that lay out their own events.
  ///
  /// Its instants are the days' midnights read as UTC, which orders such spans among themselves
  /// exactly as rule 3 orders all-day occurrences.
  public init(title: String, firstDay: Day, lastDay: Day, uid: String = "", calendar: String? = nil)
  {
    let last = max(firstDay, lastDay)
    self.init(
      uid: uid, recurrenceId: nil, title: title, allDay: true, start: LocalDateTime(day: firstDay),
      end: LocalDateTime(day: last.adding(days: 1)), firstDay: firstDay, lastDay: last,
      startInstant: Int64(firstDay.ordinal) * 86_400,
      endInstant: Int64(last.ordinal + 1) * 86_400, calendar: calendar)
  }

  /// The texts of a span: what the occurrences of one event (or of one THISANDFUTURE part of a
  /// series) have in common. Never changed once made, so spans share it freely.
  package final class Texts: Sendable, Hashable {
    package let uid: String
    package let title: String
    package let calendar: String?
    package let location: String?
    package let categories: [String]?
    package let color: String?
    package let details: EventDetails?

    package init(
      uid: String, title: String, calendar: String?, location: String?, categories: [String]?,
      color: String?, details: EventDetails? = nil
    ) {
      self.uid = uid
      self.title = title
      self.calendar = calendar
      self.location = location
      self.categories = categories
      self.color = color
      self.details = details.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A new box with `change` made to a copy of these texts.
    fileprivate func with(_ change: (inout Fields) -> Void) -> Texts {
      var fields = Fields(
        uid: uid, title: title, calendar: calendar, location: location, categories: categories,
        color: color, details: details)
      change(&fields)
      return Texts(
        uid: fields.uid, title: fields.title, calendar: fields.calendar, location: fields.location,
        categories: fields.categories, color: fields.color, details: fields.details)
    }

    /// Equal when every text is (the same box, or two boxes that say the same).
    package static func == (lhs: Texts, rhs: Texts) -> Bool {
      lhs === rhs
        || (lhs.uid == rhs.uid && lhs.title == rhs.title && lhs.calendar == rhs.calendar
          && lhs.location == rhs.location && lhs.categories == rhs.categories
          && lhs.color == rhs.color && lhs.details == rhs.details)
    }

    /// Hashes every text, as `==` compares them.
    package func hash(into hasher: inout Hasher) {
      hasher.combine(uid)
      hasher.combine(title)
      hasher.combine(calendar)
      hasher.combine(location)
      hasher.combine(categories)
      hasher.combine(color)
      hasher.combine(details)
    }

    fileprivate struct Fields {
      var uid: String
      var title: String
      var calendar: String?
      var location: String?
      var categories: [String]?
      var color: String?
      var details: EventDetails?
    }
  }
}

extension DaySpan {
  /// Equal when every field is, texts compared by value (two spans need not share a box).
  public static func == (lhs: DaySpan, rhs: DaySpan) -> Bool {
    lhs.recurrenceId == rhs.recurrenceId && lhs.allDay == rhs.allDay && lhs.start == rhs.start
      && lhs.end == rhs.end && lhs.firstDay == rhs.firstDay && lhs.lastDay == rhs.lastDay
      && lhs.startInstant == rhs.startInstant && lhs.endInstant == rhs.endInstant
      && lhs.texts == rhs.texts
  }

  /// Hashes every field, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(texts)
    hasher.combine(recurrenceId)
    hasher.combine(allDay)
    hasher.combine(start)
    hasher.combine(end)
    hasher.combine(firstDay)
    hasher.combine(lastDay)
    hasher.combine(startInstant)
    hasher.combine(endInstant)
  }

  private enum CodingKeys: String, CodingKey {
    case uid, recurrenceId, title, allDay, start, end, firstDay, lastDay, startInstant,
      endInstant, calendar, location, categories, color
  }

  /// Decodes the fields by their names; the optional ones may be missing.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let firstDay = try container.decode(Day.self, forKey: .firstDay)
    let lastDay = try container.decode(Day.self, forKey: .lastDay)
    self.init(
      texts: Texts(
        uid: try container.decode(String.self, forKey: .uid),
        title: try container.decode(String.self, forKey: .title),
        calendar: try container.decodeIfPresent(String.self, forKey: .calendar),
        location: try container.decodeIfPresent(String.self, forKey: .location),
        categories: try container.decodeIfPresent([String].self, forKey: .categories),
        color: try container.decodeIfPresent(String.self, forKey: .color),
        details: try EventDetails.decodeIfPresent(from: decoder)),
      recurrenceId: try container.decodeIfPresent(LocalDateTime.self, forKey: .recurrenceId),
      allDay: try container.decode(Bool.self, forKey: .allDay),
      start: try container.decode(LocalDateTime.self, forKey: .start),
      end: try container.decode(LocalDateTime.self, forKey: .end), firstDay: firstDay,
      lastDay: lastDay,
      startInstant: try container.decode(Int64.self, forKey: .startInstant),
      endInstant: try container.decode(Int64.self, forKey: .endInstant))
    // As written: a span decoded keeps the last day it was encoded with.
    self.lastDay = lastDay
  }

  /// Encodes every field by its name; the optional ones only when present.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uid, forKey: .uid)
    try container.encodeIfPresent(recurrenceId, forKey: .recurrenceId)
    try container.encode(title, forKey: .title)
    try container.encode(allDay, forKey: .allDay)
    try container.encode(start, forKey: .start)
    try container.encode(end, forKey: .end)
    try container.encode(firstDay, forKey: .firstDay)
    try container.encode(lastDay, forKey: .lastDay)
    try container.encode(startInstant, forKey: .startInstant)
    try container.encode(endInstant, forKey: .endInstant)
    try container.encodeIfPresent(calendar, forKey: .calendar)
    try container.encodeIfPresent(location, forKey: .location)
    try container.encodeIfPresent(categories, forKey: .categories)
    try container.encodeIfPresent(color, forKey: .color)
    // The details' fields sit beside these, as in a segment's JSON object.
    try details?.encode(to: encoder)
  }
}
