/// A week of ISO 8601: Monday to Sunday, numbered in its week-based year, whose week 1 holds
/// the year's first Thursday. Written `2024-W32`.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The week-based year (the year of the week's Thursday, which may differ from its Monday's).
  public let year: Int
  /// The week's number, 1 to 52 or 53.
  public let week: Int

  /// Week `week` of `year`, or nil when the year has no such week (week 53 of a year of 52)
  /// or is not 1 to 9999.
  public init?(year: Int, week: Int) {
    guard (1...9999).contains(year), week >= 1, week <= ISOWeek.weeks(in: year) else {
      return nil
    }
    self.year = year
    self.week = week
  }

  /// The week holding `day`.
  public init(containing day: Day) {
    let thursday = day.adding(days: 3 - day.weekday.isoIndex)
    let year = thursday.components.year
    self.year = year
    week = ISOWeek.firstMonday(of: year).distance(to: thursday) / 7 + 1
  }

  /// Parses `YYYY-Www` (`2024-W32`; also `2024W32` and a lower-case `w`).
  public init?(iso text: some StringProtocol) {
    let parts = String(text).uppercased().split(separator: "W", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].utf8.count == 2 else { return nil }
    let yearText = parts[0].hasSuffix("-") ? parts[0].dropLast() : parts[0]
    guard yearText.utf8.count == 4, yearText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      parts[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let year = Int(yearText), let week = Int(parts[1])
    else { return nil }
    self.init(year: year, week: week)
  }

  /// The week's Monday.
  public var monday: Day {
    ISOWeek.firstMonday(of: year).adding(days: (week - 1) * 7)
  }

  /// The week's days, Monday through Sunday.
  public var days: ClosedRange<Day> {
    monday...monday.adding(days: 6)
  }

  /// `YYYY-Www`, e.g. `2024-W32`.
  public var description: String {
    let yearText = String(year)
    let padded = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return padded + (week < 10 ? "-W0" : "-W") + String(week)
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
    (lhs.year, lhs.week) < (rhs.year, rhs.week)
  }

  /// The Monday of week 1 of `year`: the Monday on or before January 4th.
  static func firstMonday(of year: Int) -> Day {
    let fourth = Day(ordinal: Day.daysSinceEpoch(year: year, month: 1, day: 4))
    return fourth.adding(days: -fourth.weekday.isoIndex)
  }

  /// How many weeks `year` has: 53 when it starts on a Thursday, or is a leap year starting on
  /// a Wednesday; else 52.
  static func weeks(in year: Int) -> Int {
    firstMonday(of: year).distance(to: firstMonday(of: year + 1)) / 7
  }
}
