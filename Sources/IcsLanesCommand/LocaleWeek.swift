import Foundation
import LaneLayout

/// The first day of the week a locale uses, when neither `--week-start` nor the configuration
/// file gives one.
enum LocaleWeek {
  /// Foundation's `firstWeekday` for `identifier` (CLDR data, the same on Linux as on macOS):
  /// Monday for de_DE, en_GB, fr_FR; Sunday for en_US, ja_JP, ko_KR.
  static func firstWeekday(ofLocale identifier: String) -> Weekday {
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = Locale(identifier: identifier)
    // Foundation counts 1 = Sunday … 7 = Saturday.
    let sundayFirst: [Weekday] = [
      .sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday,
    ]
    let index = calendar.firstWeekday - 1
    return sundayFirst.indices.contains(index) ? sundayFirst[index] : .sunday
  }
}
