import Foundation
import Testing

@testable import FeedImport
@testable import ICalBridge

/// Offsets past the year 2500 are looked up 400·k years earlier (``ZoneTable/isPeriodic``): they must
/// be the offsets the zone's rules give, which Foundation's time-zone database (ICU over the
/// system's tzdata, not libical) works out on its own.
@Suite struct FarYearOffsetTests {
  @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago"])
  func offsetsPast2500MatchFoundation(name: String) throws {
    let zone = try #require(LibicalZone.system(named: name))
    let reference = try #require(TimeZone(identifier: name))
    #expect(zone.table.isPeriodic)
    var random = SeededRandom(state: 11)
    var compared = 0
    for _ in 0..<2_000 {
      // 2500-01-01 to 9999-12-01, UTC.
      let instant = ZoneCoverageTests.foldFrom + Int64(random.next() >> 24) % 236_600_000_000
      let local = zone.local(instant)
      let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
      #expect(local.offset == expected, "\(name) \(instant)")
      #expect(local.time.fieldSeconds == instant + Int64(local.offset))
      compared += 1
    }
    #expect(compared == 2_000)
  }

  /// Observances that end or start after 2100, or repeat on another cycle than 400 years.
  static let irregular = [
    """
    BEGIN:STANDARD
    DTSTART:30000101T000000
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0300
    END:STANDARD
    """,
    """
    BEGIN:DAYLIGHT
    DTSTART:19700301T020000
    RRULE:FREQ=YEARLY;INTERVAL=3
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    """,
    """
    BEGIN:DAYLIGHT
    DTSTART:19700301T020000
    RRULE:FREQ=YEARLY;UNTIL=22000301T010000Z
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    """,
  ]

  @Test(arguments: irregular)
  func aZoneWithIrregularObservancesIsNotFolded(observance: String) throws {
    let text = """
      BEGIN:VTIMEZONE
      TZID:Irregular
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0100
      END:STANDARD
      \(observance)
      END:VTIMEZONE
      """
    let block = Array((text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n").utf8)
    let resolver = TimeZoneResolver()
    guard case .added(let found, _, _) = resolver.read(timeZoneBlock: block) else {
      Issue.record("the VTIMEZONE was not read")
      return
    }
    let zone = try #require(found)
    #expect(!zone.table.isPeriodic)
  }
}
