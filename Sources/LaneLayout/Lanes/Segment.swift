/// One occurrence's piece inside one week row: the days of the row it covers, clipped to the
/// row and to the visible days.
///
/// A segment from ``MonthLayoutEngine`` reads its strings (uid, title, start…) from the array of
/// spans the layout was made from, which it shares instead of copying: the layout keeps that
/// array alive. Setting one of those strings gives the segment a copy of its own span first.
public struct Segment: Sendable, Hashable, Codable {
  /// The spans the segment's span is in: its strings are read from there (see ``SpanList``).
  var source: SpanList
  /// The position of the segment's span in `source`.
  var index: Int
  /// The position of the segment's span in the spans the layout was made from: the segments of
  /// one occurrence share it.
  package var spanPosition: Int { index }
  /// The first day this segment covers.
  public var firstDay: Day
  /// The last day this segment covers, inclusive.
  public var lastDay: Day
  /// Whether the occurrence is all-day.
  public var allDay: Bool
  /// Whether the occurrence covers days before `firstDay`.
  public var continuesBefore: Bool
  /// Whether the occurrence covers days after `lastDay`.
  public var continuesAfter: Bool

  /// The event's UID; empty when it has none.
  public var uid: String {
    get { source.spans[index].uid }
    set { changeSpan { $0.uid = newValue } }
  }

  /// The occurrence's RECURRENCE-ID, or nil for a single event.
  public var recurrenceId: LocalDateTime? {
    get { source.spans[index].recurrenceId }
    set { changeSpan { $0.recurrenceId = newValue } }
  }

  /// The title (SUMMARY, unescaped).
  public var title: String {
    get { source.spans[index].title }
    set { changeSpan { $0.title = newValue } }
  }

  /// The occurrence's start, as in ``DaySpan/start``.
  public var start: LocalDateTime {
    get { source.spans[index].start }
    set { changeSpan { $0.start = newValue } }
  }

  /// The occurrence's exclusive end, as in ``DaySpan/end``.
  public var end: LocalDateTime {
    get { source.spans[index].end }
    set { changeSpan { $0.end = newValue } }
  }

  /// The calendar (feed) name, when known.
  public var calendar: String? {
    get { source.spans[index].calendar }
    set { changeSpan { $0.calendar = newValue } }
  }

  /// The event's location, when known.
  public var location: String? {
    get { source.spans[index].location }
    set { changeSpan { $0.location = newValue } }
  }

  /// The event's CATEGORIES, when it has any.
  public var categories: [String]? {
    get { source.spans[index].categories }
    set { changeSpan { $0.categories = newValue } }
  }

  /// The event's own colour (`#rrggbb`), when it has one.
  public var color: String? {
    get { source.spans[index].color }
    set { changeSpan { $0.color = newValue } }
  }

  /// What the event says about itself beyond its times, when it says any of it.
  public var details: EventDetails? {
    get { source.spans[index].details }
    set { changeSpan { $0.details = newValue } }
  }

  /// The span the segment's strings and times are read from: one copy for a writer that reads
  /// them all (each property above copies it again).
  package var span: DaySpan { source.spans[index] }

  /// Gives the segment a span of its own, changed by `change`; the shared list stays as it is.
  private mutating func changeSpan(_ change: (inout DaySpan) -> Void) {
    var span = source.spans[index]
    change(&span)
    source = SpanList([span])
    index = 0
  }

  /// Whether two segments have the same days, flags and strings.
  public static func == (lhs: Segment, rhs: Segment) -> Bool {
    guard
      lhs.allDay == rhs.allDay, lhs.firstDay == rhs.firstDay, lhs.lastDay == rhs.lastDay,
      lhs.continuesBefore == rhs.continuesBefore, lhs.continuesAfter == rhs.continuesAfter
    else { return false }
    if lhs.source === rhs.source && lhs.index == rhs.index { return true }
    let (left, right) = (lhs.source.spans[lhs.index], rhs.source.spans[rhs.index])
    return left.texts == right.texts && left.recurrenceId == right.recurrenceId
      && left.start == right.start && left.end == right.end
  }

  /// Hashes the days, flags and strings that `==` compares.
  public func hash(into hasher: inout Hasher) {
    let span = source.spans[index]
    hasher.combine(span.texts)
    hasher.combine(span.recurrenceId)
    hasher.combine(allDay)
    hasher.combine(span.start)
    hasher.combine(span.end)
    hasher.combine(firstDay)
    hasher.combine(lastDay)
    hasher.combine(continuesBefore)
    hasher.combine(continuesAfter)
  }

  enum CodingKeys: String, CodingKey {
    case uid, recurrenceId, title, allDay, start, end, firstDay, lastDay, continuesBefore,
      continuesAfter, calendar, location, color, categories
  }

  /// Encodes the segment as the contract writes it: `recurrenceId` always present (null for a
  /// single event); `calendar`, `location`, `color`, `categories` and the details only when
  /// known.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let span = source.spans[index]
    try container.encode(span.uid, forKey: .uid)
    // The contract wants the key present, null for a single event.
    try container.encode(span.recurrenceId, forKey: .recurrenceId)
    try container.encode(span.title, forKey: .title)
    try container.encode(allDay, forKey: .allDay)
    try container.encode(span.start, forKey: .start)
    try container.encode(span.end, forKey: .end)
    try container.encode(firstDay, forKey: .firstDay)
    try container.encode(lastDay, forKey: .lastDay)
    try container.encode(continuesBefore, forKey: .continuesBefore)
    try container.encode(continuesAfter, forKey: .continuesAfter)
    try container.encodeIfPresent(span.calendar, forKey: .calendar)
    try container.encodeIfPresent(span.location, forKey: .location)
    try container.encodeIfPresent(span.color, forKey: .color)
    try container.encodeIfPresent(span.categories, forKey: .categories)
    // The details' fields sit beside these (description, url, status, organizer, attendees).
    try span.details?.encode(to: encoder)
  }
}

// The initializers live in an extension so that the struct keeps its (internal) memberwise
// initializer, which the layout uses to build segments in place.
extension Segment {
  /// The piece of `span` that covers `firstDay…lastDay`.
  public init(span: DaySpan, firstDay: Day, lastDay: Day) {
    self.init(
      source: SpanList([span]), index: 0, firstDay: firstDay, lastDay: lastDay,
      allDay: span.allDay, continuesBefore: span.firstDay < firstDay,
      continuesAfter: span.lastDay > lastDay)
  }

  /// Decodes a segment as the contract writes it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let uid = try container.decode(String.self, forKey: .uid)
    // Up to 0.15.0 a RECURRENCE-ID on a day that does not exist was written as "": read as none.
    let recurrenceId =
      try container.decodeIfPresent(String.self, forKey: .recurrenceId) == ""
      ? nil : try container.decodeIfPresent(LocalDateTime.self, forKey: .recurrenceId)
    let title = try container.decode(String.self, forKey: .title)
    let allDay = try container.decode(Bool.self, forKey: .allDay)
    let start = try container.decode(LocalDateTime.self, forKey: .start)
    let end = try container.decode(LocalDateTime.self, forKey: .end)
    let firstDay = try container.decode(Day.self, forKey: .firstDay)
    let lastDay = try container.decode(Day.self, forKey: .lastDay)
    let continuesBefore = try container.decode(Bool.self, forKey: .continuesBefore)
    let continuesAfter = try container.decode(Bool.self, forKey: .continuesAfter)
    let calendar = try container.decodeIfPresent(String.self, forKey: .calendar)
    let location = try container.decodeIfPresent(String.self, forKey: .location)
    let color = try container.decodeIfPresent(String.self, forKey: .color)
    let categories = try container.decodeIfPresent([String].self, forKey: .categories)
    // The span only carries the strings; its days and instants are never read.
    let span = DaySpan(
      uid: uid, recurrenceId: recurrenceId, title: title, allDay: allDay, start: start, end: end,
      firstDay: firstDay, lastDay: lastDay, startInstant: 0, endInstant: 0, calendar: calendar,
      location: location, categories: categories, color: color,
      details: try EventDetails.decodeIfPresent(from: decoder))
    self.init(
      source: SpanList([span]), index: 0, firstDay: firstDay, lastDay: lastDay, allDay: allDay,
      continuesBefore: continuesBefore, continuesAfter: continuesAfter)
  }
}

extension Segment {
  /// The occurrence's start: ``start`` itself, which is a value now.
  @available(*, deprecated, renamed: "start")
  public var startDateTime: LocalDateTime { start }

  /// The occurrence's exclusive end: ``end`` itself, which is a value now.
  @available(*, deprecated, renamed: "end")
  public var endDateTime: LocalDateTime { end }
}
