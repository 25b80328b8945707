/// One occurrence as the layout sees it: the days it covers in the display time zone, plus what
/// a view shows of it.
///
/// Spans from iCalendar come from the `FeedImport` stage, but any tool can build its own and lay
/// them out with ``MonthLayoutEngine``.
public struct DaySpan: Sendable, Hashable, Codable {
  /// The event's UID; empty when it has none.
  public var uid: String
  /// The occurrence's RECURRENCE-ID, in the display zone like `start` (a date when the event is
  /// all-day), or nil for a single event.
  public var recurrenceId: LocalDateTime?
  /// The title (SUMMARY, unescaped); empty when absent.
  public var title: String
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
  /// The calendar (feed) the occurrence comes from, when known.
  public var calendar: String?
  /// The event's LOCATION, when present.
  public var location: String?
  /// The event's CATEGORIES, when it has any (what `--category` filters on).
  public var categories: [String]?
  /// The event's own colour as `#rrggbb` (COLOR, RFC 7986), when it has one; views draw the
  /// occurrence in it instead of its calendar's colour.
  public var color: String?

  /// A span with every field given.
  public init(
    uid: String, recurrenceId: LocalDateTime?, title: String, allDay: Bool, start: LocalDateTime,
    end: LocalDateTime,
    firstDay: Day, lastDay: Day, startInstant: Int64, endInstant: Int64, calendar: String? = nil,
    location: String? = nil, categories: [String]? = nil, color: String? = nil
  ) {
    self.uid = uid
    self.recurrenceId = recurrenceId
    self.title = title
    self.allDay = allDay
    self.start = start
    self.end = end
    self.firstDay = firstDay
    self.lastDay = max(firstDay, lastDay)
    self.startInstant = startInstant
    self.endInstant = endInstant
    self.calendar = calendar
    self.location = location
    self.categories = categories
    self.color = color
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
}
