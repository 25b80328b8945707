import LaneLayout

/// One occurrence as a month layout shows it: its segments joined back across the week rows.
public struct Occurrence: Sendable, Hashable, Codable {
  /// The event's UID; empty when it has none.
  public var uid: String
  /// The occurrence's RECURRENCE-ID, as in `Segment.recurrenceId`, or nil for a single event.
  public var recurrenceId: LocalDateTime?
  /// The title.
  public var title: String
  /// Whether the occurrence is all-day.
  public var allDay: Bool
  /// The occurrence's start, as in `Segment.start`.
  public var start: LocalDateTime
  /// The occurrence's exclusive end, as in `Segment.end`.
  public var end: LocalDateTime
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
  /// The event's DESCRIPTION, URL, STATUS, ORGANIZER and attendee count, when it has any.
  public var details: EventDetails?

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
    details = segment.details
  }

  /// What a segment continuing this occurrence in the next row has in common with it: it
  /// continues the occurrence when ``continuesAfter`` and its `continuesBefore` are set and
  /// their keys are equal.
  var continuationKey: ContinuationKey {
    ContinuationKey(
      day: lastDay.adding(days: 1), uid: uid, recurrenceId: recurrenceId, title: title,
      start: start, end: end, calendar: calendar)
  }

  /// The day a piece starts on and what names its occurrence.
  struct ContinuationKey: Hashable {
    var day: Day
    var uid: String
    var recurrenceId: LocalDateTime?
    var title: String
    var start: LocalDateTime
    var end: LocalDateTime
    var calendar: String?

    /// The key of the occurrence `segment` continues, or starts.
    init(segment: Segment) {
      self.init(
        day: segment.firstDay, uid: segment.uid, recurrenceId: segment.recurrenceId,
        title: segment.title, start: segment.start, end: segment.end, calendar: segment.calendar)
    }

    init(
      day: Day, uid: String, recurrenceId: LocalDateTime?, title: String, start: LocalDateTime,
      end: LocalDateTime,
      calendar: String?
    ) {
      self.day = day
      self.uid = uid
      self.recurrenceId = recurrenceId
      self.title = title
      self.start = start
      self.end = end
      self.calendar = calendar
    }
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
    // Occurrences whose last segment was in the previous row, by the key of the piece that
    // would continue them, each key's in row order: a piece continues the first of its key.
    // (Found by key, not by a search of every open one: a row may have thousands.)
    var open: [Occurrence.ContinuationKey: (waiting: [Int], next: Int)] = [:]
    for week in weeks {
      let pieces = week.lanes.enumerated()
        .flatMap { lane, segments in segments.map { (lane: lane, segment: $0) } }
        .sorted { ($0.segment.firstDay, $0.lane) < ($1.segment.firstDay, $1.lane) }
      var nextOpen: [Occurrence.ContinuationKey: (waiting: [Int], next: Int)] = [:]
      for piece in pieces {
        let segment = piece.segment
        let index: Int
        let key = segment.continuesBefore ? Occurrence.ContinuationKey(segment: segment) : nil
        if let key, let queue = open[key], queue.next < queue.waiting.count {
          index = queue.waiting[queue.next]
          open[key]?.next += 1
          result[index].lastDay = segment.lastDay
          result[index].continuesAfter = segment.continuesAfter
          result[index].segmentCount += 1
        } else {
          index = result.count
          result.append(Occurrence(segment: segment))
        }
        if segment.continuesAfter {
          nextOpen[result[index].continuationKey, default: ([], 0)].waiting.append(index)
        }
      }
      open = nextOpen
    }
    return result
  }
}
