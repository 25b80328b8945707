import FeedImport
import FeedIndex
import Foundation
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// A yearly series (a birthday, a holiday) whose instances start in some months only is passed
/// over for the windows away from them (``StartSeason``), by the pre-filter and by the index
/// alike: every month of random yearly series, moved instances and long events across the new
/// year included, lays out as the whole feed does.
@Suite struct YearlySeasonTests {
  /// Random yearly series: BYMONTH lists with days of the month (the 29th to 31st, and from
  /// the end), nth weekdays, BYSETPOS and times; DTSTART outside its BYMONTH months; all-day and
  /// timed, zoned and floating, some lasting weeks across a month's or the year's end; COUNT,
  /// UNTIL, INTERVAL, EXDATEs; overrides that move an instance to another month. Some are of
  /// the shapes the season does not cover (BYMONTHDAY without BYMONTH, BYYEARDAY, an RDATE,
  /// two RRULEs), kept as before.
  static func feedText(seed: UInt64, events: Int) -> String {
    var random = SeededRandom(state: seed)
    let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    let zones = ["", "Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]
    var body = ""
    for index in 0..<events {
      let year = 2016 + random.next(6)
      let month = 1 + random.next(12)
      let day = 1 + random.next(Day.daysIn(year: year, month: month))
      let date = String(format: "%04d%02d%02d", year, month, day)
      let allDay = random.next(3) == 0
      let zone = zones[random.next(zones.count)]
      var lines: [String] = []
      if allDay {
        lines.append("DTSTART;VALUE=DATE:\(date)")
        if random.next(3) == 0 { lines.append("DURATION:P\(1 + random.next(40))D") }
      } else {
        let time = String(format: "T%02d%02d00", random.next(24), 15 * random.next(4))
        let start =
          zone.isEmpty
          ? "DTSTART:\(date)\(time)"
          : zone == "UTC" ? "DTSTART:\(date)\(time)Z" : "DTSTART;TZID=\(zone):\(date)\(time)"
        lines.append(start)
        lines.append(random.next(4) == 0 ? "DURATION:P\(random.next(20))DT3H" : "DURATION:PT2H")
      }
      var rule = "FREQ=YEARLY"
      switch random.next(8) {
      case 0:
        break
      case 1:
        let months = (0...random.next(2)).map { _ in String(1 + random.next(12)) }
        rule += ";BYMONTH=\(months.joined(separator: ","))"
      case 2:
        let monthDay = random.next(2) == 0 ? 1 + random.next(31) : -(1 + random.next(3))
        rule += ";BYMONTH=\(1 + random.next(12));BYMONTHDAY=\(monthDay)"
      case 3:
        let position = [1, 2, 3, 4, -1, 5][random.next(6)]
        rule += ";BYMONTH=\(1 + random.next(12));BYDAY=\(position)\(weekdays[random.next(7)])"
      case 4:
        // Two months (libical refuses a month written twice with BYSETPOS, after a search of
        // about a second).
        let first = random.next(12)
        let second = (first + 1 + random.next(11)) % 12
        rule += ";BYMONTH=\(first + 1),\(second + 1);BYDAY=MO,TU,WE,TH,FR"
        rule += ";BYSETPOS=\([1, -1, 2][random.next(3)])"
      case 5:
        rule += ";BYMONTH=\(1 + random.next(12));BYHOUR=\(random.next(24))"
      case 6:
        // Not covered: days without BYMONTH, or days of the year.
        rule += random.next(2) == 0 ? ";BYMONTHDAY=\(1 + random.next(28))" : ";BYYEARDAY=100"
      default:
        rule += ";INTERVAL=\(2 + random.next(3))"
      }
      switch random.next(4) {
      case 0: rule += ";COUNT=\(1 + random.next(8))"
      case 1: rule += ";UNTIL=\(year + random.next(5))1231T235959Z"
      default: break
      }
      lines.append("RRULE:\(rule)")
      if random.next(8) == 0 { lines.append("RRULE:FREQ=MONTHLY;COUNT=3") }
      if random.next(8) == 0 {
        lines.append("RDATE;VALUE=DATE:\(year + 1)0\(1 + random.next(9))15")
      }
      if random.next(5) == 0 {
        lines.append(
          allDay
            ? "EXDATE;VALUE=DATE:\(year + 1)\(date.dropFirst(4))" : "EXDATE:\(year + 1)0101T000000Z"
        )
      }
      lines.append("SUMMARY:yearly \(index) \(rule)")
      let uid = "yearly-\(index)"
      body += Self.event(uid, lines)
      // An override that moves the second year's instance by one to five months.
      if random.next(5) == 0, !allDay, zone.isEmpty || zone == "UTC" {
        let moved = (month - 1 + 1 + random.next(5)) % 12 + 1
        let suffix = zone == "UTC" ? "Z" : ""
        let time = lines[0].suffix(zone == "UTC" ? 8 : 7)
        body += Self.event(
          uid,
          [
            "RECURRENCE-ID:\(year + 1)\(date.dropFirst(4))\(time)",
            String(format: "DTSTART:%04d%02d10T120000", year + 1, moved) + suffix,
            "DURATION:PT1H", "SUMMARY:moved \(index)",
          ])
      }
    }
    return Hostile.calendar(body)
  }

  static let text = feedText(seed: 20_261_127, events: 400)

  /// A VEVENT with `uid` and `lines`.
  static func event(_ uid: String, _ lines: [String]) -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240701T090000Z\r\n"
      + lines.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
  }

  @Test(arguments: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
  func filteredMonthsMatchTheWholeFeed(zoneName: String) throws {
    let first = try #require(YearMonth(year: 2017, month: 11))
    let totals = try FilteredMonths.compare(
      Self.text, name: "yearly", from: first, count: 30, zoneName: zoneName)
    // Most series are passed over in most months, and many are shown.
    #expect(totals.passedOver > 30 * 200)
    #expect(totals.shown > 300)
  }

  @Test func theIndexKeepsWhatTheScanKeeps() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/yearly.ics"
    try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
    for offset in stride(from: 0, to: 30, by: 2) {
      let month = try #require(YearMonth(year: 2017, month: 11)?.adding(months: offset))
      for zone in ["UTC", "Pacific/Kiritimati"] {
        let request = MonthRequest(first: month, zone: try #require(DisplayZone(named: zone)))
        #expect(
          try IndexSupport.indexed(path, request, folder: folder)
            == IndexSupport.plain(path, request), "\(month) in \(zone)")
      }
    }
  }

  @Test func keptWindowsAndSeasonsMatchThePrefilter() throws {
    let facts = try KeptWindowsTests.facts(of: Array(Self.text.utf8))
    #expect(facts.contains { $0.season != nil })
    #expect(KeptWindowsTests.check(facts) > 0)
  }

  /// A March birthday meets the windows whose days, with the zone margin, reach into March; one
  /// lasting two weeks from late December meets January too.
  @Test func aSeasonMeetsTheWindowsNearItsMonths() throws {
    func days(_ first: String, _ last: String) throws -> (Day, Day) {
      (try #require(Day(iso: first)), try #require(Day(iso: last)))
    }
    let march = try #require(StartSeason(months: 1 << 2, lengthDays: 0))
    for (first, last, meets) in [
      ("2024-03-10", "2024-03-10", true), ("2024-02-01", "2024-02-26", false),
      ("2024-02-01", "2024-02-28", true), ("2024-04-03", "2024-05-30", false),
      ("2024-04-02", "2024-04-30", true), ("2023-06-01", "2024-02-20", false),
      ("2023-06-01", "2024-06-20", true),
    ] {
      let (from, to) = try days(first, last)
      #expect(march.mayMeet(first: from, last: to) == meets, "\(first)…\(last)")
    }
    let december = try #require(StartSeason(months: 1 << 11, lengthDays: 14))
    let (from, to) = try days("2025-01-10", "2025-01-31")
    #expect(december.mayMeet(first: from, last: to))
    let (later, end) = try days("2025-01-20", "2025-11-27")
    #expect(!december.mayMeet(first: later, last: end))
    #expect(StartSeason(months: 0xFFF, lengthDays: 0) == nil)
    #expect(StartSeason(stored: march.stored) == march)
    #expect(StartSeason(stored: december.stored) == december)
  }
}
