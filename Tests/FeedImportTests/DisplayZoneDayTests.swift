import FeedImport
import Foundation
import LaneLayout
import Testing

/// `DisplayZone.day(atUnixTime:)` (what the command takes as today) gives the day Foundation's
/// calendar gives for the same instant and zone, a reading of the zone's rules that shares no
/// code with libical's, from 2023 on. Before, libical 3.0.16's reading of some zones' past
/// rules departs from the zone data (Santiago in the 1990s, Tehran before 2020, São Paulo in
/// 2014): the layouts use that reading too, and today is never in the past.
@Suite struct DisplayZoneDayTests {
  static let zones = [
    "UTC", "Europe/Berlin", "Europe/London", "America/New_York", "America/Los_Angeles",
    "America/St_Johns", "America/Sao_Paulo", "Asia/Tokyo", "Asia/Kolkata", "Asia/Kathmandu",
    "Australia/Adelaide", "Australia/Lord_Howe", "Pacific/Auckland", "Pacific/Chatham",
    "Pacific/Kiritimati", "Pacific/Pago_Pago", "Pacific/Apia", "Africa/Casablanca",
    "Asia/Tehran", "America/Santiago",
  ]

  @Test(arguments: zones)
  func theDayIsFoundationsDay(zoneName: String) throws {
    let zone = try #require(DisplayZone(named: zoneName))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zoneName))
    var random = SeededRandom(state: 4_242)
    // 2023 to 2035, the minutes around local midnights and DST changes among them by chance.
    for _ in 0..<2_000 {
      let unixTime = Int64(1_672_531_200 + random.next(410_000_000))
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(unixTime)))
      let expected = Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
      #expect(zone.day(atUnixTime: unixTime) == expected, "\(unixTime) in \(zoneName)")
    }
  }
}
