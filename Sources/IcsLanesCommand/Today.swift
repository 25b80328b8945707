import FeedImport
import Foundation
import LaneLayout

/// Today's date in the display zone.
enum Today {
  /// The date it is now in `zone`, by the zone rules the layout uses (no Foundation calendar:
  /// setting one up would load ICU's calendar data into every run).
  static func day(in zone: DisplayZone, now: Date = Date()) -> Day? {
    zone.day(atUnixTime: Int64(now.timeIntervalSince1970.rounded(.down)))
  }
}
