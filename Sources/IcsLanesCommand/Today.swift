import Foundation
import LaneLayout

/// Today's date in the display zone.
enum Today {
  /// The date it is now in the zone named `zoneName` (the system's zone when unknown).
  static func day(inZone zoneName: String, now: Date = Date()) -> Day? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zoneName) ?? TimeZone.current
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    return Day(year: year, month: month, day: day)
  }
}
