import CLibical
import Foundation
import Testing

@testable import FeedImport

/// Offsets past the year 2500 are looked up 400·k years earlier (``PeriodicZones``): they must
/// be the offsets the zone's rules give, which Foundation's time-zone database (ICU over the
/// system's tzdata, not libical) works out on its own.
@Suite struct FarYearOffsetTests {
  @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago"])
  func offsetsPast2500MatchFoundation(name: String) throws {
    let zone = try #require(LibicalGate.run { TimeZoneResolver.systemZone(named: name) })
    let reference = try #require(TimeZone(identifier: name))
    #expect(LibicalGate.run { PeriodicZones.isPeriodic(zone) })
    var random = SeededRandom(state: 11)
    var compared = 0
    for _ in 0..<2_000 {
      // 2500-01-01 to 9999-12-01, UTC.
      let instant = PeriodicZones.foldFrom + Int64(random.next() >> 24) % 236_600_000_000
      let local = LibicalGate.run { LibicalTime.local(instant, in: zone) }
      let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
      #expect(local.offset == expected, "\(name) \(instant)")
      #expect(LibicalTime.utcSeconds(of: local.time) == instant + Int64(local.offset))
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
    RRULE:FREQ=WEEKLY;INTERVAL=2
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
      BEGIN:VCALENDAR
      VERSION:2.0
      PRODID:-//icslanes//tests//EN
      BEGIN:VTIMEZONE
      TZID:Irregular
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0100
      END:STANDARD
      \(observance)
      END:VTIMEZONE
      END:VCALENDAR
      """
    let calendar = try #require(icalparser_parse_string(text))
    defer { icalcomponent_free(calendar) }
    let component = try #require(
      icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT))
    let zone = try #require(icaltimezone_new())
    defer { icaltimezone_free(zone, 1) }
    icaltimezone_set_component(zone, icalcomponent_new_clone(component))
    LibicalGate.run {
      #expect(!PeriodicZones.isPeriodic(zone))
      #expect(PeriodicZones.folded(PeriodicZones.foldFrom + 1_000, in: zone) == nil)
      PeriodicZones.forgetAll()
    }
  }
}
