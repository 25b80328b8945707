import LaneLayout

/// One occurrence as a month layout shows it: its segments joined back across the week rows.
public struct Occurrence: Sendable, Hashable, Codable {
  /// The event's UID; empty when it has none.
  public var uid: String
  /// The occurrence's RECURRENCE-ID, or nil for a single event.
  public var recurrenceId: String?
  /// The title.
  public var title: String
  /// Whether the occurrence is all-day.
  public var allDay: Bool
  /// The occurrence's start, as in `Segment.start`.
  public var start: String
  /// The occurrence's exclusive end, as in `Segment.end`.
  public var end: String
  /// The first visible day the occurrence covers.
  public var firstDay: Day
  /// The last visible day the occurrence covers.
  public var lastDay: Day
  /// Whether the occurrence covers days before ``firstDay`` (outside the visible days).
  public var continuesBefore: Bool
  /// Whether the occurrence covers days after ``lastDay`` (outside the visible days).
  public var continuesAfter: Bool
  /// How many segments (week rows) show it.
  public var segmentCount: Int
  /// The calendar (feed) name, when known.
  public var calendar: String?
  /// The event's location, when known.
  public var location: String?

  /// The occurrence as far as its first segment shows it.
  init(segment: Segment) {
    uid = segment.uid
    recurrenceId = segment.recurrenceId
    title = segment.title
    allDay = segment.allDay
    start = segment.start
    end = segment.end
    firstDay = segment.firstDay
    lastDay = segment.lastDay
    continuesBefore = segment.continuesBefore
    continuesAfter = segment.continuesAfter
    segmentCount = 1
    calendar = segment.calendar
    location = segment.location
  }

  /// Whether `segment` is this occurrence's piece in the row after its last one.
  func isContinued(by segment: Segment) -> Bool {
    continuesAfter && segment.continuesBefore && segment.firstDay == lastDay.adding(days: 1)
      && segment.uid == uid && segment.recurrenceId == recurrenceId && segment.title == title
      && segment.start == start && segment.end == end && segment.calendar == calendar
  }
}

extension MonthLayout {
  /// The shown occurrences, each once, in the order their first segments appear (row by row,
  /// then by day, then by lane).
  ///
  /// Segments hidden by a lane cap are not counted, so an occurrence whose middle piece is hidden
  /// appears as two.
  public var occurrences: [Occurrence] {
    var result: [Occurrence] = []
    var open: [Int] = []  // Occurrences whose last segment was in the previous row.
    for week in weeks {
      let pieces = week.lanes.enumerated()
        .flatMap { lane, segments in segments.map { (lane: lane, segment: $0) } }
        .sorted { ($0.segment.firstDay, $0.lane) < ($1.segment.firstDay, $1.lane) }
      var nextOpen: [Int] = []
      for piece in pieces {
        let segment = piece.segment
        let index: Int
        if let position = open.firstIndex(where: { result[$0].isContinued(by: segment) }) {
          index = open.remove(at: position)
          result[index].lastDay = segment.lastDay
          result[index].continuesAfter = segment.continuesAfter
          result[index].segmentCount += 1
        } else {
          index = result.count
          result.append(Occurrence(segment: segment))
        }
        if segment.continuesAfter { nextOpen.append(index) }
      }
      open = nextOpen
    }
    return result
  }
}
