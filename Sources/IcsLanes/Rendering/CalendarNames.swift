import Foundation
import LaneLayout

/// The words a view prints around the grid: the month's title and the weekday headers, in
/// English by default or in a locale's language from Foundation's locale data.
public struct CalendarNames: Sendable, Hashable {
  /// Short weekday names, Monday first (`Mon` … `Sun`, `月` … `日`).
  public var weekdays: [String]
  /// The locale identifier the names come from (`en` for the built-in English names).
  public var localeIdentifier: String
  private let monthTitles: [String]
  private let usesLocaleFormat: Bool

  /// The built-in English names: `August 2024`, `Mon` … `Sun`.
  public static let english = CalendarNames()

  private init() {
    weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    monthTitles = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    localeIdentifier = "en"
    usesLocaleFormat = false
  }

  /// The names of `identifier` (`ja_JP`, `ko_KR`, `de_DE`), or nil when Foundation has no data
  /// for its language.
  public init?(locale identifier: String) {
    let normalized = identifier.replacingOccurrences(of: "-", with: "_")
    let language = normalized.split(separator: "_").first.map(String.init) ?? ""
    let known = Locale.availableIdentifiers.contains {
      $0 == normalized || $0 == language || $0.hasPrefix(language + "_")
    }
    guard !language.isEmpty, known else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: normalized)
    let symbols: [String] = formatter.shortStandaloneWeekdaySymbols
    guard symbols.count == 7 else { return nil }
    // Foundation lists Sunday first; the grid wants Monday first.
    weekdays = Array(symbols[1...]) + [symbols[0]]
    monthTitles = []
    localeIdentifier = normalized
    usesLocaleFormat = true
  }

  /// The title of `month`: `August 2024`, `2024年8月`, `2024년 8월`.
  public func title(of month: YearMonth) -> String {
    guard usesLocaleFormat else {
      return "\(monthTitles[(month.month - 1) % 12]) \(month.year)"
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: localeIdentifier)
    var calendar = Calendar(identifier: .gregorian)
    let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
    calendar.timeZone = utc
    formatter.calendar = calendar
    formatter.timeZone = utc
    formatter.setLocalizedDateFormatFromTemplate("yMMMM")
    let components = DateComponents(year: month.year, month: month.month, day: 15)
    guard let date = calendar.date(from: components) else { return month.description }
    return formatter.string(from: date)
  }

  /// The weekday name in column `column` of a grid whose rows start on `weekStart`; columns
  /// past 6 or below 0 count on round the week (never out of range, whatever the `Int`).
  public func weekday(column: Int, weekStart: Weekday) -> String {
    weekdays[(column % 7 + weekStart.isoIndex + 7) % 7]
  }
}
