import CLibical
import Foundation
import Testing

@testable import FeedImport

/// Zones whose observances are all plain are worked out in Swift (``PlainZoneRules``): every
/// answer must be libical's own, asked directly of a fresh copy of the zone. Random zones of
/// two to four observances (yearly rules on the nth or last weekday of a month, with or
/// without UNTIL in UTC or local time, onsets without a rule, DTSTARTs from 1601 to 2300) are
/// asked about instants from 1583 to 2700, most of them within a day of a change.
@Suite struct PlainZoneRulesTests {
  static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static func offset(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let value = abs(seconds)
    return sign + two(value / 3_600) + two(value % 3_600 / 60)
  }

  /// A random plain zone's observances.
  static func observances(_ random: inout SeededRandom) -> String {
    var text: [String] = []
    let count = 2 + Int(random.next() % 3)
    let base = (Int(random.next() % 48) - 24) * 1_800
    var previous: (start: String, rule: String?, from: Int)?
    for index in 0..<count {
      let kind = index % 2 == 0 ? "STANDARD" : "DAYLIGHT"
      // One in three repeats the previous observance's onset and rule with other offsets:
      // their changes fall on the same seconds, where libical's order decides.
      if let previous, random.next() % 3 == 0 {
        let from = previous.from
        let to = base + 1_800 * Int(random.next() % 3)
        text +=
          [
            "BEGIN:\(kind)", previous.start, "TZOFFSETFROM:\(offset(from))",
            "TZOFFSETTO:\(offset(to))",
          ] + (previous.rule.map { [$0] } ?? []) + ["END:\(kind)"]
        continue
      }
      let year = [1601, 1601, 1900, 1970, 1987, 2007, 2100, 2300][Int(random.next() % 8)]
      let month = 1 + Int(random.next() % 12)
      let day = 1 + Int(random.next() % 28)
      let hour = Int(random.next() % 4)
      let from = base + (index % 2 == 0 ? 3_600 : 0)
      let to = base + (index % 2 == 0 ? 0 : 3_600)
      let start = "DTSTART:\(year)\(two(month))\(two(day))T\(two(hour))0000"
      var lines = [
        "BEGIN:\(kind)", start, "TZOFFSETFROM:\(offset(from))", "TZOFFSETTO:\(offset(to))",
      ]
      var written: String?
      if random.next() % 5 != 0 {
        let position = [1, 2, 3, 4, -1, -1, -2][Int(random.next() % 7)]
        var rule =
          "RRULE:FREQ=YEARLY;BYMONTH=\(1 + Int(random.next() % 12));BYDAY=\(position)\(weekdays[Int(random.next() % 7)])"
        switch random.next() % 4 {
        case 0: rule += ";UNTIL=\(year + 1 + Int(random.next() % 300))0401T070000Z"
        case 1: rule += ";UNTIL=\(year + 1 + Int(random.next() % 300))1001T020000"
        default: break
        }
        lines.append(rule)
        written = rule
      }
      lines.append("END:\(kind)")
      text += lines
      previous = (start, written, from)
    }
    return text.joined(separator: "\n")
  }

  @Test("random plain zones answer as libical does", arguments: 1...8)
  func randomZones(seed: UInt64) throws {
    var random = SeededRandom(state: seed * 7_919)
    var compared = 0
    for _ in 0..<12 {
      let observances = Self.observances(&random)
      let zone = try ZoneCoverageTests.zone(observances)
      let reference = try ZoneCoverageTests.zone(observances)
      let rules = try #require(zone.plain, "\(observances)")
      // Instants near each observance's changes in some years, and anywhere.
      var instants: [Int64] = []
      for _ in 0..<40 {
        instants.append(-12_000_000_000 + Int64(random.next() >> 20) % 35_000_000_000)
      }
      for observance in rules.observances {
        instants.append(observance.startChange - 1)
        instants.append(observance.startChange)
        for year in [1700, 1990, 2024, 2037, 2300, 2582, 2583] {
          guard let local = PlainZoneRules.instance(of: observance, in: year) else { continue }
          let change = local.seconds - Int64(observance.offsetFrom)
          instants += [change - 1, change, change + 1, change + 86_400]
        }
      }
      // Descending, so that the reference works the zone out once (and past 2582 each time).
      for instant in instants.sorted(by: >) {
        let want = ZoneCoverageTests.libicals(instant, in: reference)
        if let (offset, isDaylight) = rules.answer(at: instant) {
          #expect(offset == Int(want.fieldSeconds - instant), "\(observances)\n\(instant)")
          #expect(isDaylight == want.isDaylight, "\(observances)\n\(instant)")
          compared += 1
        }
        let (time, _) = zone.local(instant)
        #expect(time.fieldSeconds == want.fieldSeconds, "\(observances)\n\(instant)")
        #expect(time.isDaylight == want.isDaylight, "\(observances)\n\(instant)")
      }
    }
    #expect(compared > 500)
  }

  /// The zones of the system's zoneinfo (its `zone1970.tab`, else a few of every continent).
  static let systemZoneNames: [String] = {
    let listed =
      (try? String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8))?
      .split(separator: "\n").filter { !$0.hasPrefix("#") }
      .compactMap { $0.split(separator: "\t").dropFirst(2).first.map(String.init) } ?? []
    return listed.isEmpty
      ? [
        "Europe/Berlin", "Europe/London", "America/New_York", "America/Sao_Paulo",
        "Asia/Tokyo", "Australia/Lord_Howe", "Africa/Casablanca", "Pacific/Apia",
      ] : listed.sorted()
  }()

  /// libical builds the system's zones from zoneinfo with RDATEs for past changes: those whose
  /// rules are plain answer as libical answers them at every change (and a second either side)
  /// from 1850 to 2100, and every 90 days in between.
  @Test("the system's zones answer as libical does")
  func systemZones() throws {
    var compared = 0
    var plainZones = 0
    for name in Self.systemZoneNames {
      let zone = try #require(LibicalZone.system(named: name), "\(name)")
      guard let rules = zone.plain else { continue }
      plainZones += 1
      var instants: [Int64] = stride(from: -3_786_825_600, to: 4_102_444_800, by: 7_776_000)
        .map { Int64($0) }
      for observance in rules.observances {
        for change in [observance.startChange] + observance.rdateChanges {
          instants += [change - 1, change, change + 1]
        }
        for year in 1850...2100 {
          guard let local = PlainZoneRules.instance(of: observance, in: year) else { continue }
          let change = local.seconds - Int64(observance.offsetFrom)
          instants += [change - 1, change, change + 1]
        }
      }
      for instant in instants.sorted(by: >)
      where (-3_786_825_600...4_102_444_800).contains(instant) {
        let want = ZoneCoverageTests.libicals(instant, in: zone)
        let got = try #require(rules.answer(at: instant))
        #expect(got.offset == Int(want.fieldSeconds - instant), "\(name) \(instant)")
        #expect(got.isDaylight == want.isDaylight, "\(name) \(instant)")
        // The table of changes answers as the observances looked at one by one.
        let slow = try #require(rules.answerObservanceByObservance(at: instant))
        #expect(slow.offset == got.offset && slow.isDaylight == got.isDaylight, "\(name)")
        compared += 1
      }
    }
    // The zones whose rules all have the plain shapes: the usual ones among them (else this
    // proves little). Zones with other shapes (London's and Paris's wartime rules, Santiago's
    // "Sunday on or after the 2nd") stay with libical.
    for name in ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "America/Los_Angeles"] {
      #expect(LibicalZone.system(named: name)?.plain != nil, "\(name)")
    }
    #expect(plainZones >= min(100, Self.systemZoneNames.count / 2))
    #expect(compared > 10_000)
  }

  @Test("zones that are not plain are left to libical")
  func notPlain() throws {
    let shapes = [
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=5SU",
      "RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=-1SU",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;COUNT=10",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=SU",
      "RRULE:FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU",
      "RDATE;VALUE=PERIOD:20300301T020000/PT1H",
      "RDATE;VALUE=DATE:20300301",
      "RDATE:20300301T020000Z",
    ]
    for shape in shapes {
      let zone = try ZoneCoverageTests.zone(
        """
        BEGIN:STANDARD
        DTSTART:19701025T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        \(shape)
        END:STANDARD
        """)
      #expect(zone.plain == nil, "\(shape)")
    }
  }
}
