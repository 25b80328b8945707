import CLibical
import Foundation
import Testing

@testable import FeedImport
@testable import ICalBridge

/// Every zone is compiled into a ``ZoneTable``: its answers must be libical's own
/// (`icaltime_from_timet_with_zone`, asked of a fresh copy of the zone), on every system zone,
/// every VTIMEZONE of the samples, the tests and the shared corpus, and random zones; and its
/// local times must turn into instants by RFC 5545 3.3.5 (the first of a repeated time, the
/// offset from before a gap) as libical's own offsets give them.
@Suite struct ZoneTableTests {
  /// Compares the table of `zone` with libical's answers of `reference` (the same VTIMEZONE
  /// read again, or the same system zone) at every change before 2201 and a second either side,
  /// at `count` random instants from 1900 to 2200, and turns local times around each change
  /// into instants. The number of answers compared.
  static func compare(
    _ zone: LibicalZone, with reference: LibicalZone, name: String,
    random: inout SeededRandom, count: Int = 40, localTimes: Bool = true
  ) -> Int {
    let table = zone.table
    var instants: [Int64] = []
    for _ in 0..<count {
      instants.append(-2_208_988_800 + Int64(random.next() >> 20) % 9_466_848_000)
    }
    var changes = table.instants
    for observance in table.observances {
      changes += observance.changes.filter { $0 < 7_258_118_400 }
      if let rule = observance.rule, rule.startYear <= 2_200 {
        changes += (rule.startYear...2_200).compactMap { rule.change(in: $0) }
      }
    }
    for change in changes { instants += [change - 1, change, change + 1] }
    var compared = 0
    // Descending, so that libical works the reference out once.
    for instant in Set(instants).sorted(by: >) {
      let want = ZoneCoverageTests.libicals(instant, in: reference)
      let (time, offset) = zone.local(instant)
      #expect(time.fieldSeconds == want.fieldSeconds, "\(name) \(instant)")
      #expect(offset == Int(want.fieldSeconds - instant), "\(name) \(instant)")
      #expect(time.isDaylight == want.isDaylight, "\(name) \(instant)")
      compared += 1
    }
    guard localTimes else { return compared }
    // Around each change, unless another lies within three days: the table assumes at most
    // one change within three days of a local time (it then takes the offset at its first
    // guess, which this oracle does not).
    let sorted = Set(changes).sorted()
    for (index, change) in sorted.enumerated()
    where change > -2_208_988_800 && change < 7_258_118_400
      && (index == 0 || change - sorted[index - 1] > 259_200)
      && (index == sorted.count - 1 || sorted[index + 1] - change > 259_200)
    {
      let before = zone.offset(at: change - 1)
      let after = zone.offset(at: change)
      for shift: Int64 in [-1, 0, 1, 1_800] {
        for wall in [change + Int64(before) + shift, change + Int64(after) + shift] {
          #expect(
            zone.instant(ofLocal: wall) == rfcInstant(ofLocal: wall, in: reference),
            "\(name) local \(wall)")
        }
      }
    }
    return compared
  }

  /// The instant of a local time by RFC 5545 3.3.5 from libical's offsets: of the instants
  /// whose local time it is, the first; none (a gap): read with the offset from before.
  static func rfcInstant(ofLocal wall: Int64, in zone: LibicalZone) -> Int64 {
    func offset(_ instant: Int64) -> Int64 {
      ZoneCoverageTests.libicals(instant, in: zone).fieldSeconds - instant
    }
    let before = offset(wall - 129_600)
    let candidates = Set([before, offset(wall + 129_600)]).map { wall - $0 }
      .filter { offset($0) == wall - $0 }
    return candidates.min() ?? wall - before
  }

  @Test("the system's zones answer as libical does")
  func systemZones() throws {
    var random = SeededRandom(state: 17)
    var compared = 0
    for name in PlainZoneNames.system {
      let zone = try #require(LibicalZone.system(named: name), "\(name)")
      compared += Self.compare(zone, with: zone, name: name, random: &random)
    }
    #expect(compared > 50_000)
  }

  /// The VTIMEZONE blocks in `text` (an .ics file or a test's source), CRLF lines.
  static func blocks(in text: String) -> [String] {
    var found: [String] = []
    var current: [String]?
    for raw in text.split(whereSeparator: \.isNewline) {
      var line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasSuffix("\\r") { line.removeLast(2) }
      if line.hasSuffix("\\r\\n") { line.removeLast(4) }
      if line == "BEGIN:VTIMEZONE" { current = [] }
      current?.append(line)
      if line == "END:VTIMEZONE", let lines = current {
        current = nil
        // Swift sources: only blocks written out whole.
        guard !lines.contains(where: { $0.contains("\\(") || $0.contains("\"") }) else { continue }
        found.append(lines.joined(separator: "\r\n") + "\r\n")
      }
    }
    return found
  }

  /// Every VTIMEZONE of the samples, the tests and (when present) the shared corpus.
  static func feedZones() -> [(name: String, block: String)] {
    var roots = [
      TestSupport.root.appendingPathComponent("Samples"),
      TestSupport.root.appendingPathComponent("Tests"),
    ]
    let corpus = URL(fileURLWithPath: "/work/shared/corpus/files")
    if FileManager.default.fileExists(atPath: corpus.path) { roots.append(corpus) }
    var found: [(String, String)] = []
    for root in roots {
      let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard ["ics", "swift"].contains(file.pathExtension),
          let data = try? Data(contentsOf: file)
        else { continue }
        let text = String(decoding: data, as: UTF8.self)
        for (index, block) in blocks(in: text).enumerated() {
          found.append(("\(file.lastPathComponent) #\(index)", block))
        }
      }
    }
    return found
  }

  @Test("every VTIMEZONE of the samples, tests and corpus answers as libical does")
  func feedZonesAnswerAsLibical() throws {
    var random = SeededRandom(state: 23)
    var compared = 0
    var zones = 0
    for (name, block) in Self.feedZones() {
      let bytes = Array(block.utf8)
      guard case .added(let found?, _, _) = TimeZoneResolver().read(timeZoneBlock: bytes),
        case .added(let reference?, _, _) = TimeZoneResolver().read(timeZoneBlock: bytes)
      else { continue }
      zones += 1
      compared += Self.compare(found, with: reference, name: name, random: &random)
    }
    #expect(zones >= 30)
    #expect(compared > 10_000)
  }

  @Test("random zones, plain or not, answer as libical does", arguments: 1...8)
  func randomZones(seed: UInt64) throws {
    var random = SeededRandom(state: seed * 7_919)
    var compared = 0
    for _ in 0..<12 {
      let observances = RandomZones.observances(&random)
      let zone = try ZoneCoverageTests.zone(observances)
      let reference = try ZoneCoverageTests.zone(observances)
      compared += Self.compare(
        zone, with: reference, name: observances, random: &random, localTimes: false)
      // And far from the table: 1583 to 2700.
      for _ in 0..<40 {
        let instant = -12_000_000_000 + Int64(random.next() >> 20) % 35_000_000_000
        let want = ZoneCoverageTests.libicals(instant, in: reference)
        let (time, _) = zone.local(instant)
        #expect(time.fieldSeconds == want.fieldSeconds, "\(observances)\n\(instant)")
        #expect(time.isDaylight == want.isDaylight, "\(observances)\n\(instant)")
      }
    }
    #expect(compared > 1_000)
  }

  @Test("which observances are plain")
  func plainShapes() throws {
    for name in ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "America/Los_Angeles"] {
      let zone = try #require(LibicalZone.system(named: name))
      #expect(Self.isPlain(zone), "\(name)")
    }
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
      let observance = """
        BEGIN:STANDARD
        DTSTART:19701025T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        \(shape)
        END:STANDARD
        """
      let zone = try ZoneCoverageTests.zone(observance)
      #expect(!Self.isPlain(zone), "\(shape)")
      let plain = try ZoneCoverageTests.zone(
        observance.replacingOccurrences(of: shape, with: "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
      #expect(Self.isPlain(plain), "\(shape)")
    }
  }

  /// Whether libical works out none of the zone's changes.
  static func isPlain(_ zone: LibicalZone) -> Bool {
    LibicalGate.run { icaltimezone_get_component(zone.pointer).map(ZoneTable.isPlain) ?? false }
  }
}

/// The system's zone names (its `zone1970.tab`, else a few of every continent).
enum PlainZoneNames {
  static let system: [String] = {
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
}

/// Random zones of two to four observances: yearly rules on the nth or last weekday of a month,
/// with or without UNTIL in UTC or local time, onsets without a rule, DTSTARTs from 1601 to
/// 2300, and one observance in four of a shape libical works out.
enum RandomZones {
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
      if random.next() % 4 == 0 {
        // Not plain: libical works it out.
        lines.append(
          RandomZones.otherShapes[Int(random.next() % UInt64(RandomZones.otherShapes.count))])
      } else if random.next() % 5 != 0 {
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

  /// Observance shapes that are not plain.
  static let otherShapes = [
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=SU",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=5SU",
    "RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=4;BYDAY=1SU",
    "RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=-1SA;COUNT=40",
    "RRULE:FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU;UNTIL=21000101T000000Z",
    "RDATE:20300301T020000Z",
    "RDATE;VALUE=DATE:19990301,20200301",
  ]
}
