import Foundation
import LaneLayout

extension DaySpan {
  /// A timed span from `start` to `end`, laid on the days of `zone` as an event's occurrence
  /// is: from the day holding its start to the day holding its last second (an end before the
  /// start is taken as the start). Nil when either moment lies outside years 1–9999.
  public init?(
    title: String, start: Date, end: Date, zone: DisplayZone, uid: String = "",
    calendar: String? = nil, location: String? = nil
  ) {
    guard let startInstant = DaySpan.instant(start), let endInstant = DaySpan.instant(end)
    else { return nil }
    let maker = SpanMaker(display: zone.zone, calendarName: calendar)
    guard
      let placement = maker.place(
        startInstant: startInstant, endInstant: max(startInstant, endInstant)),
      let localStart = placement.localStart, let localEnd = placement.localEnd
    else { return nil }
    self.init(
      uid: uid, recurrenceId: nil, title: title, allDay: false,
      start: SpanMaker.value(localStart.time, offset: localStart.offset),
      end: SpanMaker.value(localEnd.time, offset: localEnd.offset),
      firstDay: placement.firstDay, lastDay: placement.lastDay,
      startInstant: placement.startInstant, endInstant: placement.endInstant, calendar: calendar,
      location: location)
  }

  /// Whole seconds since 1970 of `date`, when it lies in years 1–9999.
  private static func instant(_ date: Date) -> Int64? {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    // 0001-01-01T00:00:00Z and 9999-12-30T00:00:00Z, the range every zone keeps in 1–9999.
    guard seconds >= -62_135_596_800, seconds <= Double(SpanMaker.latestEnd) else { return nil }
    return Int64(seconds)
  }
}
