import CLibical
import Foundation
import LaneLayout
import Synchronization
import Testing

@testable import FeedImport
@testable import ICalBridge

/// Offsets from 2032 on: libical works a zone's changes out up to its last year (2582); past
/// the table (2101), a ``ZoneTable`` continues each observance on its own, and past 2582 gives
/// the zone's last change unless its offsets repeat every 400 years. Answers are checked
/// against a fresh copy of the zone asked directly.
/// (`Samples/hostile/zone-years.ics` is the input that took 6 s; `hostile-limits.sh` times it.)
@Suite struct ZoneCoverageTests {
  /// The observances of the zones checked; the first repeats yearly from 1601 (US rules).
  static let zones: [(name: String, observances: String, isPeriodic: Bool)] = [
    (
      "yearly from 1601",
      """
      BEGIN:STANDARD
      DTSTART:16011104T020000
      RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
      TZOFFSETFROM:-0400
      TZOFFSETTO:-0500
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:16010311T020000
      RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
      TZOFFSETFROM:-0500
      TZOFFSETTO:-0400
      END:DAYLIGHT
      """, true
    ),
    (
      "every third year",
      """
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0100
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:19700301T020000
      RRULE:FREQ=YEARLY;INTERVAL=3;BYMONTH=3;BYDAY=-1SU
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      END:DAYLIGHT
      """, false
    ),
    (
      "summer time until 2300",
      """
      BEGIN:STANDARD
      DTSTART:19701025T030000
      RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:19700329T020000
      RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=23000301T010000Z
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      END:DAYLIGHT
      """, false
    ),
    (
      "an onset in 3000",
      """
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0100
      END:STANDARD
      BEGIN:STANDARD
      DTSTART:30000101T000000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0300
      END:STANDARD
      """, false
    ),
    (
      "an RDATE in 2600",
      """
      BEGIN:STANDARD
      DTSTART:19701025T030000
      RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:19700329T020000
      RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
      RDATE:26000601T020000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      END:DAYLIGHT
      """, false
    ),
  ]

  /// A zone read from `observances`, a new libical zone each time.
  static func zone(_ observances: String) throws -> LibicalZone {
    let text = "BEGIN:VTIMEZONE\nTZID:Checked\n\(observances)\nEND:VTIMEZONE\n"
    let block = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    guard case .added(let found, _, _) = TimeZoneResolver().read(timeZoneBlock: block) else {
      throw ZoneNotRead()
    }
    return try #require(found)
  }

  struct ZoneNotRead: Error {}

  /// 2032-01-01T00:00Z, 2583-01-03T00:00Z (past libical's last change) and 2500-01-01T00:00Z.
  static let from2032: Int64 = 1_956_528_000
  static let from2583: Int64 = 19_344_614_400
  static let foldFrom: Int64 = ZoneTable.periodicBase + ZoneTable.cycle

  /// libical's own local time of `instant` in `zone`, asked directly.
  static func libicals(_ instant: Int64, in zone: LibicalZone) -> WallTime {
    LibicalGate.run {
      WallTime(icaltime_from_timet_with_zone(time_t(instant), 0, zone.pointer), zone: nil)
    }
  }

  @Test(arguments: zones.indices)
  func answersFrom2032OnAreLibicals(index: Int) throws {
    let (name, observances, isPeriodic) = Self.zones[index]
    let zone = try Self.zone(observances)
    let reference = try Self.zone(observances)
    #expect(zone.table.isPeriodic == isPeriodic, "\(name)")
    // Periodic zones answer past 2500 from 400·k years earlier (FarYearOffsetTests).
    let end: Int64 = isPeriodic ? Self.foldFrom : 253_402_300_799
    var random = SeededRandom(state: UInt64(31 + index))
    var instants: [Int64] = []
    for _ in 0..<60 {
      // 2032 to the end, some just either side of the tail's start.
      instants.append(
        Self.from2032 + Int64(random.next() >> 24) % (end - Self.from2032))
    }
    for offset: Int64 in [-200_000, -1, 0, 1, 200_000] where Self.from2583 + offset < end {
      instants.append(Self.from2583 + offset)
    }
    // Asked in rising years, as a walk asks: the case libical works out again and again.
    instants.sort()
    var compared = 0
    // The reference is asked from the latest down, so that it works the zone out once up to
    // 2582 (and each time past it).
    let expected = Dictionary(
      uniqueKeysWithValues: instants.reversed().map { ($0, Self.libicals($0, in: reference)) })
    for instant in instants {
      let (time, offset) = zone.local(instant)
      let want = try #require(expected[instant])
      #expect(time.fieldSeconds == want.fieldSeconds, "\(name) \(instant)")
      #expect(offset == Int(want.fieldSeconds - instant), "\(name) \(instant)")
      #expect(time.isDaylight == want.isDaylight, "\(name) \(instant)")
      compared += 1
    }
    #expect(compared == instants.count)
  }

  @Test("threads asking one zone about far years at once get the answers one thread gets")
  func concurrentQuestions() throws {
    // Not periodic: the questions past 2582 take its last change.
    let observances = Self.zones[2].observances
    let alone = try Self.zone(observances)
    let shared = try Self.zone(observances)
    let instants: [Int64] = (0..<400).map {
      Self.from2032 + Int64($0) * 48_611_111 + Int64($0 % 7) * 3_600
    }
    let expected = instants.map { alone.local($0).offset }
    let answers = Mutex<[[Int]]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      // Each thread starts elsewhere, so that the first question (which compiles the zone)
      // comes from several threads at once.
      let order = instants.indices.map { (($0 + thread * 97) % instants.count) }
      var found = [Int](repeating: 0, count: instants.count)
      for index in order { found[index] = shared.local(instants[index]).offset }
      answers.withLock { $0.append(found) }
    }
    let all = answers.withLock { $0 }
    #expect(all.count == 4)
    for found in all { #expect(found == expected) }
  }

  @Test("the yearly series whose long instances end from 2071 to 2494 keep libical's offsets")
  func longInstancesEndInLocalTime() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/zone-years.ics"))
    let march = try Hostile.unwrap(YearMonth(year: 2024, month: 3))
    let (layout, warnings) = try Hostile.layOut([feed], month: march)
    #expect(warnings.isEmpty)
    // Six series, each with an instance a year from 1601 to 2023, 470 years long.
    #expect(layout.occurrences.count == 6 * 423)
    let reference = try #require(TimeZone(identifier: "America/New_York"))
    for occurrence in layout.occurrences {
      // 9:00 on 1 June, P24524W (171,668 days) later: summer time (UTC−4) under the zone's
      // rules, which are New York's now and in the tz database's future.
      let end = occurrence.end
      #expect(end.day.ordinal - occurrence.start.day.ordinal == 171_668)
      #expect(end.hour == 13 && end.minute == 0, "\(end)")
      let instant = Double(end.day.ordinal) * 86_400 + 13 * 3_600
      #expect(reference.secondsFromGMT(for: Date(timeIntervalSince1970: instant)) == -4 * 3_600)
    }
  }

  /// A feed of `count` VTIMEZONEs as Outlook writes them, with a COUNT on the STANDARD rule
  /// (so not plain), each with one event at 09:00 on 1 August 2024.
  static func zonesWithCount(_ count: Int) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    for index in 0..<count {
      lines += [
        "BEGIN:VTIMEZONE", "TZID:Zone \(index)", "BEGIN:STANDARD", "DTSTART:16011104T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU;COUNT=900", "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010311T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
        "END:DAYLIGHT", "END:VTIMEZONE",
      ]
    }
    for index in 0..<count {
      lines += [
        "BEGIN:VEVENT", "UID:e\(index)", "DTSTAMP:20240101T000000Z",
        "DTSTART;TZID=Zone \(index):20240801T090000", "DURATION:PT1H", "SUMMARY:E\(index)",
        "END:VEVENT",
      ]
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  @Test("zones libical works out share a budget per feed; past it a VTIMEZONE is not used")
  func zonesShareABudget() throws {
    let feed = try Feed(text: Self.zonesWithCount(30), name: "zones")
    let (layout, warnings) = try Hostile.layOut([feed])
    // Each zone costs 2 × 982 changes (two yearly rules from 1601 to 2582): 25 fit in 50,000.
    let refused = warnings.filter { $0.message.contains("past the feed's budget") }
    #expect(refused.count == 5)
    #expect(
      refused.first?.message
        == "a VTIMEZONE past the feed's budget of 50000 zone changes for libical to work out; not used, its TZID is read like an unknown one"
    )
    let hours = Dictionary(uniqueKeysWithValues: layout.occurrences.map { ($0.uid, $0.start.hour) })
    #expect(hours.count == 30)
    for index in 0..<30 {
      // 09:00 in the zone (UTC−4 in August), or floating 09:00 once its zone is not used.
      #expect(hours["e\(index)"] == (index < 25 ? 13 : 9), "e\(index)")
    }
  }

  @Test("observance rules that are not yearly are removed; the onsets stay")
  func dailyObservanceRules() throws {
    let text = Hostile.calendar(
      """
      BEGIN:VTIMEZONE\r
      TZID:Daily\r
      BEGIN:STANDARD\r
      DTSTART:16010101T000000\r
      RRULE:FREQ=DAILY\r
      TZOFFSETFROM:+0100\r
      TZOFFSETTO:+0100\r
      END:STANDARD\r
      BEGIN:DAYLIGHT\r
      DTSTART:16010101T120000\r
      RRULE:FREQ=WEEKLY\r
      TZOFFSETFROM:+0100\r
      TZOFFSETTO:+0200\r
      END:DAYLIGHT\r
      END:VTIMEZONE\r

      """ + Hostile.event("d", "DTSTART;TZID=Daily:20240801T090000", "DURATION:PT1H"))
    let feed = try Feed(text: text, name: "daily")
    let (layout, warnings) = try Hostile.layOut([feed])
    // One warning for the VTIMEZONE (both rules removed).
    #expect(warnings.filter { $0.message.contains("repeats other than yearly") }.count == 1)
    // The later onset (12:00 in 1601, UTC+2) is in force: 09:00 there is 07:00 UTC.
    #expect(layout.occurrences.map(\.start.hour) == [7])
  }
}

/// A feed's own zones keep their offsets whatever order their VTIMEZONEs come in. libical keeps
/// a calendar's zones in an array it sorts by TZID after each VTIMEZONE added, moving them: a
/// zone taken by its address in that array read another zone's offsets once a VTIMEZONE whose
/// TZID sorts before came later (all four events read at Zone C's +03:00).
@Suite("Own zones in any order")
struct OwnZoneOrderTests {
  static let zones = [("Zone C", 3), ("Zone B", 2), ("Zone A", 1), ("Zone 0", 5)]

  /// The VTIMEZONEs in reverse TZID order, each event right after its zone or all at the end.
  static func feed(eventsAfterEachZone: Bool) -> String {
    var zones = ""
    var events = ""
    for (index, (name, hours)) in OwnZoneOrderTests.zones.enumerated() {
      zones +=
        "BEGIN:VTIMEZONE\r\nTZID:\(name)\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
        + "TZOFFSETFROM:+0\(hours)00\r\nTZOFFSETTO:+0\(hours)00\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
      let event =
        "BEGIN:VEVENT\r\nUID:z\(index)\r\nDTSTAMP:20240101T000000Z\r\n"
        + "DTSTART;TZID=\(name):20240805T090000\r\nDTEND;TZID=\(name):20240805T100000\r\n"
        + "SUMMARY:\(name)\r\nEND:VEVENT\r\n"
      if eventsAfterEachZone { zones += event } else { events += event }
    }
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\n" + zones + events + "END:VCALENDAR\r\n"
  }

  @Test("each event starts at 09:00 in its own zone", arguments: [false, true])
  func offsetsFollowTheirZone(eventsAfterEachZone: Bool) throws {
    let text = OwnZoneOrderTests.feed(eventsAfterEachZone: eventsAfterEachZone)
    let feed = try Feed(text: text, name: "zones", options: ImportOptions())
    let zone = try Hostile.unwrap(Hostile.utc)
    let day = try #require(Day(iso: "2024-08-05"))
    let batch = feed.spans(from: day, through: day, in: zone)
    #expect(batch.spans.count == 4)
    // 2024-08-05T09:00 local is 1722848400 − offset in seconds since 1970.
    for (name, hours) in OwnZoneOrderTests.zones {
      let span = try #require(batch.spans.first { $0.title == name })
      #expect(span.startInstant == 1_722_848_400 - Int64(hours) * 3_600, "\(name)")
    }
  }
}
