import Foundation
import LaneLayout

/// The words a view prints around the grid: the month's title and the weekday headers, in
/// English by default or in a locale's language from Foundation's locale data.
public struct CalendarNames: Sendable, Hashable {
  /// Short weekday names, Monday first (`Mon` … `Sun`, `月` … `日`).
  public var weekdays: [String]
  /// The locale identifier the names come from (`en` for the built-in English names).
  public var localeIdentifier: String
  /// The words besides names: `more`, `all day`, the detail card's labels.
  public var phrases: CalendarPhrases
  /// How times of day are written; by default the locale's clock (12-hour for `en_US`).
  public var clock: ClockStyle
  let monthTitles: [String]
  let usesLocaleFormat: Bool
  /// The locale's AM and PM markers, and whether they come before the hour (`오후 3:30`).
  private var dayPeriods = DayPeriods(am: "am", pm: "pm", leads: false)

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
    phrases = .english
    clock = .twentyFourHour
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
    phrases = .of(language: language)
    let locale = Locale(identifier: normalized)
    let hours = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "H"
    clock = hours.contains("h") || hours.contains("K") ? .twelveHour : .twentyFourHour
    if language != "en" {
      let pattern = DateFormatter.dateFormat(fromTemplate: "hmma", options: 0, locale: locale) ?? ""
      let leads =
        (pattern.firstIndex(of: "a") ?? pattern.endIndex)
        < (pattern.firstIndex(of: "h") ?? pattern.endIndex)
      dayPeriods = DayPeriods(am: formatter.amSymbol, pm: formatter.pmSymbol, leads: leads)
    }
  }

  /// A time of day as this page writes it: `15:30`, or on a 12-hour clock `3:30pm` and `3pm`
  /// (English, as Google Calendar writes them) or the locale's markers (`오후 3:30`); nil for a
  /// date.
  public func clock(_ time: LocalDateTime) -> String? {
    guard !time.isDate else { return nil }
    guard clock == .twelveHour else { return time.clockText }
    let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
    let minutes = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
    let marker = time.hour < 12 ? dayPeriods.am : dayPeriods.pm
    if !usesLocaleFormat || localeIdentifier.hasPrefix("en") {
      let text = time.minute == 0 ? "\(hour)" : "\(hour):\(minutes)"
      return text + marker.lowercased().replacingOccurrences(of: ".", with: "")
    }
    return dayPeriods.leads ? "\(marker) \(hour):\(minutes)" : "\(hour):\(minutes) \(marker)"
  }

  /// The title of `month`: `August 2024`, `2024年8月`, `2024년 8월`.
  public func title(of month: YearMonth) -> String {
    guard usesLocaleFormat else {
      return "\(monthTitles[(month.month - 1) % 12]) \(month.year)"
    }
    guard let date = CalendarNames.noon(year: month.year, month: month.month, day: 15) else {
      return month.description
    }
    return dateFormatter("yMMMM").string(from: date)
  }

  /// A day written out as the locale writes a long date: `Monday 5 August 2024`,
  /// `Montag, 5. August 2024`, `2024年8月5日月曜日`. Screen readers and headings use it.
  public func longDate(_ day: Day) -> String {
    let parts = day.components
    guard usesLocaleFormat else {
      let weekday = CalendarNames.englishWeekdays[day.weekday.isoIndex]
      return "\(weekday) \(parts.day) \(monthTitles[(parts.month - 1) % 12]) \(parts.year)"
    }
    guard let date = CalendarNames.noon(year: parts.year, month: parts.month, day: parts.day)
    else { return day.description }
    return dateFormatter("yMMMMEEEEd").string(from: date)
  }

  /// The Gregorian calendar in UTC on which the locale's formatters write days: a day has no
  /// zone, so its noon in UTC stands for it.
  static let utcGregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
    return calendar
  }()

  /// Noon UTC of a day, as the formatters read it.
  static func noon(year: Int, month: Int, day: Int) -> Date? {
    utcGregorian.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
  }

  /// A formatter of the locale's dates for `template`, on ``utcGregorian``.
  func dateFormatter(_ template: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: localeIdentifier)
    formatter.calendar = CalendarNames.utcGregorian
    formatter.timeZone = CalendarNames.utcGregorian.timeZone
    formatter.setLocalizedDateFormatFromTemplate(template)
    return formatter
  }

  /// English weekday names, Monday first.
  static let englishWeekdays = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  /// The weekday name in column `column` of a grid whose rows start on `weekStart`; columns
  /// past 6 or below 0 count on round the week (never out of range, whatever the `Int`).
  public func weekday(column: Int, weekStart: Weekday) -> String {
    weekdays[(column % 7 + weekStart.isoIndex + 7) % 7]
  }
}

/// How a view writes times of day.
public enum ClockStyle: String, Sendable, Hashable, CaseIterable {
  /// `15:30`.
  case twentyFourHour = "24"
  /// `3:30pm`.
  case twelveHour = "12"
}

/// A locale's AM and PM markers and where they go.
struct DayPeriods: Sendable, Hashable {
  var am: String
  var pm: String
  var leads: Bool
}
