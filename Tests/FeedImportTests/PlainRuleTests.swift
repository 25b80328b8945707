import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// DAILY and WEEKLY rules without BY parts are counted out by day arithmetic (and their COUNT
/// turned into an UNTIL) instead of by libical's iterator. Each such rule is checked against the
/// same rule with a BY part that filters nothing (`BYMONTH` listing every month), which libical's
/// iterator expands: both must give the same occurrences in every window.
@Suite struct PlainRuleTests {
  /// A tiny seeded generator, so that the rules are the same on every run.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let everyMonth = "BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12"

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// A random plain rule's event, twice: as written (`plain-N`) and with the no-op BY part
  /// (`iterated-N`).
  static func events(_ index: Int, _ random: inout Random) -> [String] {
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
    if random.next(2) == 0 { rule += ";INTERVAL=\(1 + random.next(4))" }
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
    var random = Random(state: 2_024)
    var events: [String] = []
    for index in 0..<300 { events += PlainRuleTests.events(index, &random) }
    let feed = try Feed(text: TestSupport.feed(events), name: "plain")
    #expect(feed.skipped.isEmpty)
    let zone = try TestSupport.requireZone(zoneName)
    var compared = 0
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
      #expect(plain == iterated)
      compared += plain.values.reduce(0) { $0 + $1.count }
    }
    #expect(compared > 5_000)
  }
}
