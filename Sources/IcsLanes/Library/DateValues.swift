import Foundation
import LaneLayout

extension LocalDateTime {
  /// The moment as a Foundation `Date`: exact for a date-time; for a date (all-day), its
  /// midnight in `zone` (pass the layout's ``MonthLayout/zone``).
  public func date(in zone: TimeZone) -> Date {
    if let seconds = secondsSince1970 { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let (year, month, dayOfMonth) = day.components
    let components = DateComponents(year: year, month: month, day: dayOfMonth)
    return calendar.date(from: components)
      ?? Date(timeIntervalSince1970: TimeInterval(Int64(day.ordinal) * 86_400))
  }
}

extension MonthLayout {
  /// The display zone as a Foundation `TimeZone` (nil only for a zone name Foundation does not
  /// know, which icslanes never writes).
  public var zone: TimeZone? {
    TimeZone(identifier: timeZone)
  }
}

extension Occurrence {
  /// The start: ``start`` itself, which is a value now.
  @available(*, deprecated, renamed: "start")
  public var startDateTime: LocalDateTime { start }

  /// The exclusive end: ``end`` itself, which is a value now.
  @available(*, deprecated, renamed: "end")
  public var endDateTime: LocalDateTime { end }
}
