import Foundation
import LaneLayout

extension CalendarNames {
  /// A week view's heading: its number and its days, `Week 32 · 5–11 August 2024`,
  /// `Week 35 · 26 August – 1 September 2024`, `Woche 32 · 5.–11. August 2024`, `第32週 ·
  /// 2024年8月5日～11日` (a locale's range from Foundation's interval formats).
  public func title(ofWeek number: Int, days: ClosedRange<Day>) -> String {
    "\(phrases.week(number)) · \(dayRange(days))"
  }

  /// The days from `days.lowerBound` to `days.upperBound`, the month and year written once
  /// where they are shared.
  func dayRange(_ days: ClosedRange<Day>) -> String {
    let first = days.lowerBound.components
    let last = days.upperBound.components
    guard usesLocaleFormat else {
      let lastText = "\(last.day) \(monthTitles[(last.month - 1) % 12]) \(last.year)"
      if first.year != last.year {
        return "\(first.day) \(monthTitles[(first.month - 1) % 12]) \(first.year) – \(lastText)"
      }
      if first.month != last.month {
        return "\(first.day) \(monthTitles[(first.month - 1) % 12]) – \(lastText)"
      }
      return "\(first.day)–\(lastText)"
    }
    let formatter = DateIntervalFormatter()
    formatter.locale = Locale(identifier: localeIdentifier)
    formatter.calendar = CalendarNames.utcGregorian
    formatter.timeZone = CalendarNames.utcGregorian.timeZone
    formatter.dateTemplate = "dMMMMy"
    guard let from = CalendarNames.noon(year: first.year, month: first.month, day: first.day),
      let to = CalendarNames.noon(year: last.year, month: last.month, day: last.day)
    else { return "\(days.lowerBound) – \(days.upperBound)" }
    return formatter.string(from: from, to: to)
  }
}
