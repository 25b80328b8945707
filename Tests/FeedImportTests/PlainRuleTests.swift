import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// DAILY and WEEKLY rules without BY parts (their COUNT turned into an UNTIL) and WEEKLY rules,
/// or DAILY ones without INTERVAL, with plain BYDAY weekdays (any WKST) are counted out by day
/// arithmetic instead of by libical's
/// iterator. Each such rule is checked against the
/// same rule with a BY part that filters nothing (`BYMONTH` listing every month), which libical's
/// iterator expands: both must give the same occurrences in every window.
@Suite struct PlainRuleTests {
  static let everyMonth = "BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12"

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// A random plain rule's event, twice: as written (`plain-N`) and with the no-op BY part
  /// (`iterated-N`).
  static func events(_ index: Int, _ random: inout SeededRandom) -> [String] {
    let year = 2019 + random.next(6)
    let month = 1 + random.next(12)
    let day = 1 + random.next(28)
    let date = "\(year)\(two(month))\(two(day))"
    let hour = random.next(24)
    let time = "T\(two(hour))\(two(random.next(4) * 15))00"
    var start: String
    let allDay = random.next(4) == 0
    switch allDay ? 3 : random.next(3) {
    case 0: start = "DTSTART:\(date)\(time)Z"
    case 1: start = "DTSTART;TZID=Europe/Berlin:\(date)\(time)"
    case 2: start = "DTSTART:\(date)\(time)"
    default: start = "DTSTART;VALUE=DATE:\(date)"
    }
    let length = allDay ? "DURATION:P\(1 + random.next(3))D" : "DURATION:PT\(1 + random.next(30))H"
    var rule = random.next(2) == 0 ? "FREQ=DAILY" : "FREQ=WEEKLY"
    if random.next(2) == 0 {
      // Plain weekdays (the DTSTART's or not), and sometimes a week start other than Monday
      // (DAILY too: every day on those weekdays is every week on them).
      // Every week: with INTERVAL, libical 3.0.16 counts the weeks wrongly when DTSTART is on
      // none of the days (see `weeklyDaysEveryFewWeeksFollowRFC5545`).
      let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
      let days = Set((0...random.next(3)).map { _ in names[random.next(7)] })
      rule += ";BYDAY=" + days.sorted().joined(separator: ",")
      if random.next(3) == 0 { rule += ";WKST=" + names[random.next(7)] }
    } else if random.next(2) == 0 {
      rule += ";INTERVAL=\(1 + random.next(4))"
    }
    switch random.next(3) {
    case 0: rule += ";COUNT=\(1 + random.next(80))"
    case 1:
      let untilYear = year + random.next(3)
      let until = "\(untilYear)\(two(1 + random.next(12)))\(two(1 + random.next(28)))"
      rule += random.next(2) == 0 ? ";UNTIL=\(until)" : ";UNTIL=\(until)T\(two(hour))0000Z"
    default: break
    }
    var extra: [String] = []
    if random.next(3) == 0 {
      // The instance a week after DTSTART excluded (for a daily rule with INTERVAL 2, say, a
      // date that is no instance: nothing to exclude).
      let later = "\(year)\(two(month))\(two(day <= 21 ? day + 7 : day - 7))"
      extra.append(
        start.replacingOccurrences(of: "DTSTART", with: "EXDATE")
          .replacingOccurrences(of: date, with: later))
    }
    return [("plain", rule), ("iterated", rule + ";" + everyMonth)].map { name, value in
      (["UID:\(name)-\(index)", "SUMMARY:Rule \(index)", start, length, "RRULE:\(value)"] + extra)
        .joined(separator: "\r\n")
    }
  }

  @Test(arguments: ["UTC", "Europe/Berlin", "America/Los_Angeles"])
  func plainRulesMatchLibicalsIterator(zoneName: String) throws {
    var random = SeededRandom(state: 2_024)
    var events: [String] = []
    for index in 0..<400 { events += PlainRuleTests.events(index, &random) }
    let feed = try Feed(text: TestSupport.feed(events), name: "plain")
    #expect(feed.skipped.isEmpty)
    let zone = try TestSupport.requireZone(zoneName)
    var compared = 0
    var mismatched: Set<Int> = []
    // Every month of the rules' years, one window at a time and all of them together.
    let first = try TestSupport.requireMonth("2018-12")
    let windows = (0..<(12 * 9 + 2)).compactMap { offset -> ClosedRange<Day>? in
      guard let month = first.adding(months: offset) else { return nil }
      let grid = MonthGrid(month: month, weekStart: .monday, showsOutsideDays: offset % 2 == 0)
      return grid.firstVisibleDay...grid.lastVisibleDay
    }
    for batch in feed.spans(for: windows, in: zone) {
      var plain: [String: [DaySpan]] = [:]
      var iterated: [String: [DaySpan]] = [:]
      for span in batch.spans {
        let parts = span.uid.split(separator: "-")
        var anonymous = span
        anonymous.uid = ""
        if parts[0] == "plain" {
          plain[String(parts[1]), default: []].append(anonymous)
        } else {
          iterated[String(parts[1]), default: []].append(anonymous)
        }
      }
      for key in Set(plain.keys).union(iterated.keys) where plain[key] != iterated[key] {
        mismatched.insert(Int(key) ?? -1)
      }
      compared += plain.values.reduce(0) { $0 + $1.count }
    }
    let described = mismatched.sorted().prefix(5).map { events[2 * $0] }
    #expect(mismatched.isEmpty, "\(mismatched.count) rules differ, e.g. \(described)")
    #expect(compared > 5_000)
  }

  /// WEEKLY with INTERVAL and plain BYDAY, against RFC 5545's own examples (3.3.10: "every
  /// other week … WKST=MO" gives August 5, 10, 19, 24; with WKST=SU August 5, 17, 19, 31) and
  /// against a day-by-day reading of the rule: weeks start on WKST, every INTERVAL-th week from
  /// DTSTART's counts, DTSTART is the first instance. libical 3.0.16 gets such rules wrong when
  /// DTSTART is on none of the days (FREQ=WEEKLY;INTERVAL=4;BYDAY=SU from Tuesday 2021-09-14
  /// gives 2021-10-10 instead of 2021-09-19, 2021-10-17; python-dateutil agrees with RFC 5545).
  @Test func weeklyDaysEveryFewWeeksFollowRFC5545() throws {
    let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    var random = SeededRandom(state: 77)
    var events: [String] = [
      "UID:rfc-mo\r\nDTSTART;TZID=America/New_York:19970805T090000\r\n"
        + "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
      "UID:rfc-su\r\nDTSTART;TZID=America/New_York:19970805T090000\r\n"
        + "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
    ]
    struct Rule {
      let start: Day
      let days: Set<Int>
      let weekStart: Int
      let interval: Int
      let count: Int?
      let until: Day?
    }
    var rules: [Rule] = []
    for index in 0..<150 {
      let start = Day(ordinal: Day(year: 2020, month: 1, day: 1)!.ordinal + random.next(700))
      let days = Set((0...random.next(3)).map { _ in 1 + random.next(7) })
      let weekStart = 1 + random.next(7)
      let interval = 2 + random.next(3)
      let count = random.next(2) == 0 ? 1 + random.next(40) : nil
      let until =
        count == nil && random.next(2) == 0 ? start.adding(days: 30 + random.next(400)) : nil
      var rule =
        "FREQ=WEEKLY;INTERVAL=\(interval);BYDAY="
        + days.sorted().map { names[$0 - 1] }.joined(separator: ",")
        + ";WKST=\(names[weekStart - 1])"
      if let count { rule += ";COUNT=\(count)" }
      if let until {
        let (y, m, d) = until.components
        rule += ";UNTIL=\(y)\(PlainRuleTests.two(m))\(PlainRuleTests.two(d))"
      }
      let (y, m, d) = start.components
      events.append(
        "UID:rule-\(index)\r\nDTSTART;VALUE=DATE:\(y)\(PlainRuleTests.two(m))\(PlainRuleTests.two(d))"
          + "\r\nRRULE:\(rule)")
      rules.append(
        Rule(
          start: start, days: days, weekStart: weekStart, interval: interval, count: count,
          until: until))
    }
    let feed = try Feed(text: TestSupport.feed(events), name: "weekly")
    let zone = try TestSupport.requireZone("UTC")
    // 1997-08 for the RFC's examples, then 2020-01 to 2022-12.
    let months =
      [try TestSupport.requireMonth("1997-08")]
      + (0..<36).compactMap { YearMonth(year: 2020, month: 1)?.adding(months: $0) }
    let windows = months.map {
      MonthGrid(month: $0, weekStart: .monday, showsOutsideDays: false)
    }.map { $0.firstVisibleDay...$0.lastVisibleDay }
    var found: [String: Set<String>] = [:]
    for batch in feed.spans(for: windows, in: zone) {
      for span in batch.spans {
        found[span.uid, default: []].insert(String(span.start.description.prefix(10)))
      }
    }
    #expect(found["rfc-mo"] == ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
    #expect(found["rfc-su"] == ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
    let last = try #require(windows.last).upperBound
    var checked = 0
    for (index, rule) in rules.enumerated() {
      // libical's weekday numbers: 1 = Sunday; 1970-01-01 (ordinal 0) was a Thursday.
      func weekday(_ ordinal: Int) -> Int { ((ordinal % 7 + 7) % 7 + 4) % 7 + 1 }
      let firstWeek = rule.start.ordinal - (weekday(rule.start.ordinal) - rule.weekStart + 7) % 7
      var expected: Set<String> = [rule.start.description]
      var instances = 1
      var ordinal = rule.start.ordinal + 1
      while ordinal <= last.ordinal {
        if let until = rule.until, ordinal > until.ordinal { break }
        if let count = rule.count, instances >= count { break }
        if rule.days.contains(weekday(ordinal)), (ordinal - firstWeek) / 7 % rule.interval == 0 {
          expected.insert(Day(ordinal: ordinal).description)
          instances += 1
        }
        ordinal += 1
      }
      #expect(found["rule-\(index)"] ?? [] == expected, "rule \(index): \(events[index + 2])")
      checked += expected.count
    }
    #expect(checked > 2_000)
  }
}
