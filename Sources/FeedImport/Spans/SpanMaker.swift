import ICalBridge
import LaneLayout
import Recurrence

/// Turns occurrences (wall times) into ``DaySpan``s in the display zone: the days they cover
/// by the contract's rule 1, and the start and end written as the contract writes them.
struct SpanMaker {
  let display: LibicalZone
  let calendarName: String?

  /// The texts the spans of `record` show: its UID and this feed's name, with `shown`'s title,
  /// location, categories, colour and details (the record's own, or a THISANDFUTURE override's). Made once
  /// and shared by every span of those occurrences.
  func texts(of record: EventRecord, shown: EventRecord) -> DaySpan.Texts {
    DaySpan.Texts(
      uid: record.uid, title: shown.title, calendar: calendarName, location: shown.location,
      categories: shown.categories.isEmpty ? nil : shown.categories, color: shown.color,
      details: shown.details)
  }

  /// The span of an occurrence of `record` already placed, showing `texts` (from
  /// ``texts(of:shown:)``). `recurrenceIdIsStart` says that `recurrenceId` is the very start the
  /// occurrence was placed from, so that its text is the start's.
  func span(
    of record: EventRecord, texts: DaySpan.Texts, placement: SpanPlacement,
    recurrenceId: WallTime?, recurrenceIdIsStart: Bool = false, floatingZone: LibicalZone?
  ) -> DaySpan {
    let start: LocalDateTime
    let end: LocalDateTime
    if let localStart = placement.localStart, let localEnd = placement.localEnd {
      start = SpanMaker.value(localStart.time, offset: localStart.offset)
      end = SpanMaker.value(localEnd.time, offset: localEnd.offset)
    } else {
      start = LocalDateTime(day: placement.firstDay)
      end = LocalDateTime(day: placement.endDay ?? placement.lastDay.adding(days: 1))
    }
    var recurrenceValue: LocalDateTime?
    if let recurrenceId {
      recurrenceValue =
        recurrenceIdIsStart && record.allDay == (placement.localStart == nil)
        ? start : value(of: recurrenceId, allDay: record.allDay, floatingZone: floatingZone)
    }
    return DaySpan(
      texts: texts, recurrenceId: recurrenceValue, allDay: placement.localStart == nil,
      start: start, end: end, firstDay: placement.firstDay, lastDay: placement.lastDay,
      startInstant: placement.startInstant, endInstant: placement.endInstant)
  }

  /// Where an occurrence starting at `start` falls in the display zone: the days it covers by
  /// the contract's rule 1, its instants, and the local times its texts are written from.
  /// `known` are its instants when already worked out.
  func place(
    start: WallTime, length: OccurrenceLength, explicitEnd: WallTime?,
    floatingZone: LibicalZone?, instants known: (start: Int64, end: Int64)? = nil
  ) -> SpanPlacement? {
    if start.isDate {
      guard let first = start.dayValue else { return nil }
      var endDay = first.adding(days: length.days)
      if let explicitEnd, let day = explicitEnd.dayValue { endDay = day }
      endDay = min(endDay, SpanMaker.lastEndDay)
      let last = endDay > first ? endDay.adding(days: -1) : first
      return SpanPlacement(
        firstDay: first, lastDay: last, startInstant: midnight(of: first),
        endInstant: midnight(of: last.adding(days: 1)), endDay: endDay)
    }
    let (startInstant, endInstant) =
      known
      ?? SpanMaker.instants(
        start: start, length: length, explicitEnd: explicitEnd, floatingZone: floatingZone)
    return place(startInstant: startInstant, endInstant: endInstant)
  }

  /// Where a timed occurrence from `startInstant` to `endInstant` falls in the display zone:
  /// the days from the one holding its start to the one holding its last second.
  func place(startInstant: Int64, endInstant: Int64) -> SpanPlacement? {
    let localStart = display.local(startInstant)
    let localEnd = display.local(endInstant)
    guard let first = localStart.time.dayValue else { return nil }
    var last = first
    if endInstant > startInstant {
      let (lastLocal, _) = display.local(endInstant - 1)
      last = lastLocal.dayValue ?? first
    }
    return SpanPlacement(
      firstDay: first, lastDay: max(first, last), startInstant: startInstant,
      endInstant: endInstant, localStart: localStart, localEnd: localEnd)
  }

  /// The start and end instants of a timed occurrence (the end never before the start);
  /// `startInstant`, when given, is the start's, already worked out.
  static func instants(
    start: WallTime, length: OccurrenceLength, explicitEnd: WallTime?,
    floatingZone: LibicalZone?, startInstant known: Int64? = nil
  ) -> (start: Int64, end: Int64) {
    let startInstant = known ?? start.instant(floatingZone: floatingZone)
    var endInstant: Int64
    if let explicitEnd {
      var end = explicitEnd
      if end.isDate {
        end.isDate = false
        end.zone = start.zone
      }
      endInstant = end.instant(floatingZone: floatingZone)
    } else if length.days != 0 {
      // Day arithmetic, not icaltime_adjust: libical walks a month at a time, which for a
      // length of thousands of years costs a hundred thousand steps per occurrence.
      var end = start
      var pastYear9999 = false
      if let day = start.dayValue {
        let (year, month, dayOfMonth) = day.adding(days: length.days).components
        pastYear9999 = year > 9999
        end.year = Int32(clamping: max(year, 1))
        end.month = Int32(month)
        end.day = Int32(dayOfMonth)
      }
      endInstant =
        pastYear9999
        ? SpanMaker.latestEnd
        : end.instant(floatingZone: floatingZone) + Int64(length.seconds)
    } else {
      endInstant = startInstant + Int64(length.seconds)
    }
    return (startInstant, max(startInstant, min(endInstant, SpanMaker.latestEnd)))
  }

  /// The latest end an all-day occurrence keeps: a longer one ends there (the layout, the
  /// contract and libical all stop at year 9999).
  static let lastEndDay = Day(ordinal: Day.daysSinceEpoch(year: 9999, month: 12, day: 31))

  /// The latest end instant a timed occurrence keeps: 9999-12-30T00:00:00Z, still in year 9999
  /// in every zone.
  static let latestEnd = Int64(lastEndDay.ordinal - 1) * 86_400

  /// A RECURRENCE-ID (or an instance's original start) in the same form as the start: a date
  /// when the event is all-day or the id is a date, else its moment in the display zone. A date
  /// the calendar does not have (`20240231`) is carried over into the next month, as libical
  /// carries a date-time's; nil when even that is not a date (a month of 0 or 13).
  func value(of time: WallTime, allDay: Bool, floatingZone: LibicalZone?) -> LocalDateTime? {
    if allDay || time.isDate {
      if let day = time.dayValue { return LocalDateTime(day: day) }
      guard (1...31).contains(time.day),
        let first = Day(year: Int(time.year), month: Int(time.month), day: 1)
      else { return nil }
      return LocalDateTime(day: first.adding(days: Int(time.day) - 1))
    }
    let instant = time.instant(floatingZone: floatingZone)
    let (local, offset) = display.local(instant)
    return SpanMaker.value(local, offset: offset)
  }

  /// Local midnight at the start of `day` in the display zone.
  func midnight(of day: Day) -> Int64 {
    let (year, month, dayOfMonth) = day.components
    let wall = Int64(Day.daysSinceEpoch(year: year, month: month, day: dayOfMonth)) * 86_400
    return display.instant(ofLocal: wall)
  }

  /// The value of a wall time in the display zone with its UTC offset. The wall time comes from
  /// an instant, so it is a real date; were it not, its day is counted from its fields.
  static func value(_ time: WallTime, offset: Int) -> LocalDateTime {
    let day =
      time.dayValue
      ?? Day(
        ordinal: Day.daysSinceEpoch(
          year: Int(time.year), month: min(max(Int(time.month), 1), 12), day: Int(time.day)))
    return LocalDateTime(
      day: day, hour: Int(time.hour), minute: Int(time.minute), second: Int(time.second),
      utcOffset: offset)
  }
}
