import CLibical
import Foundation
import LaneLayout
import Testing

@testable import FeedImport

/// DAILY rules on times of the day (`DailyTimesRule`) are worked out by arithmetic, COUNT
/// included, instead of by libical's iterator walking from DTSTART. Each is checked against
/// libical's own iterator: its COUNT walk, or its values around a window.
@Suite struct DailyTimesRuleTests {
  typealias Fields = OnePerPeriodRuleTests.Fields

  /// A random DAILY rule on times: BYHOUR, BYMINUTE, BYSECOND (one to three of them), maybe
  /// INTERVAL; some just outside the shape (a BYDAY beside them).
  static func rule(_ random: inout SeededRandom) -> String {
    var text = "FREQ=DAILY"
    if random.next(3) == 0 { text += ";INTERVAL=\(2 + random.next(5))" }
    func list(_ bound: Int) -> String {
      (0...random.next(3)).map { _ in String(random.next(bound)) }.joined(separator: ",")
    }
    var parts = 0
    if random.next(4) != 0 {
      text += ";BYHOUR=\(list(24))"
      parts += 1
    }
    if random.next(2) == 0 {
      text += ";BYMINUTE=\(list(60))"
      parts += 1
    }
    if parts == 0 || random.next(6) == 0 { text += ";BYSECOND=\(list(60))" }
    if random.next(10) == 0 { text += ";BYDAY=MO,WE" }
    return text
  }

  /// COUNT counts DTSTART's day from DTSTART's time on, and DTSTART off the rule takes a place.
  @Test(arguments: [
    (
      9, 0,
      ["2024-1-1 9:0:0", "2024-1-1 17:0:0", "2024-1-2 9:0:0", "2024-1-2 17:0:0", "2024-1-3 9:0:0"]
    ),
    (10, 0, ["2024-1-1 17:0:0", "2024-1-2 9:0:0", "2024-1-2 17:0:0", "2024-1-3 9:0:0"]),
    (
      17, 0,
      ["2024-1-1 17:0:0", "2024-1-2 9:0:0", "2024-1-2 17:0:0", "2024-1-3 9:0:0", "2024-1-3 17:0:0"]
    ),
  ])
  func countStartsAtDTSTART(hour: Int32, minute: Int32, expected: [String]) throws {
    var start = WallTime()
    (start.year, start.month, start.day, start.hour, start.minute) = (2024, 1, 1, hour, minute)
    let rule = RecurrenceRule(
      icalrecurrencetype_from_string("FREQ=DAILY;BYHOUR=9,17;COUNT=5"), zone: { _ in nil })
    let shape = try #require(DailyTimesRule(rule, start: start))
    var counted: [String] = []
    SeriesExpander.dailyTimesInstances(
      from: start, shape: shape, rule: rule, earliest: start.fieldSeconds
    ) {
      counted.append(Fields($0).description)
      return true
    }
    #expect(counted == expected)
    #expect(OnePerPeriodRuleTests.countWalk(rule, from: start).map(\.description) == expected)
  }

  /// A time a minute at most: denser rules stay with libical's iterator and the feed's budget.
  @Test func denseRulesStayWithLibical() {
    let hours = (0..<24).map(String.init).joined(separator: ",")
    let minutes = (0..<60).map(String.init).joined(separator: ",")
    var start = WallTime()
    (start.year, start.month, start.day) = (2024, 8, 1)
    func shape(_ text: String) -> DailyTimesRule? {
      DailyTimesRule(
        RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil }), start: start)
    }
    #expect(shape("FREQ=DAILY;BYHOUR=\(hours);BYMINUTE=\(minutes)")?.times.count == 1_440)
    #expect(shape("FREQ=DAILY;BYHOUR=\(hours);BYMINUTE=\(minutes);BYSECOND=0,30") == nil)
  }

  @Test func worksOutWhatLibicalIterates() throws {
    var random = SeededRandom(state: 9_17)
    var compared = OnePerPeriodRuleTests.Compared()
    for _ in 0..<1_500 {
      var start = OnePerPeriodRuleTests.randomStart(&random)
      if start.isDate {
        start.isDate = false
        start.hour = Int32(random.next(24))
      }
      start.second = Int32(random.next(4) * 15)
      var text = Self.rule(&random)
      switch random.next(3) {
      case 0:
        text += ";COUNT=\(1 + random.next(3_000))"
      case 1:
        let until = start.adjusted(days: Int32(random.next(2_000)), seconds: 0)
        text +=
          ";UNTIL=\(until.year)\(OnePerPeriodRuleTests.two(Int(until.month)))\(OnePerPeriodRuleTests.two(Int(until.day)))T\(OnePerPeriodRuleTests.two(random.next(24)))3000"
      default:
        break
      }
      let rule = RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil })
      guard let shape = DailyTimesRule(rule, start: start) else {
        #expect(text.contains("BYDAY"), "\(text)")
        continue
      }
      // A window somewhere in the 6 years from DTSTART, looked at for 40 days.
      let window = start.adjusted(days: Int32(random.next(6 * 365)), seconds: 0)
      let low = window.fieldSeconds
      let high = low + 40 * 86_400
      var counted: [Fields] = []
      SeriesExpander.dailyTimesInstances(from: start, shape: shape, rule: rule, earliest: low) {
        next in
        guard next.fieldSeconds < high else { return false }
        if next.fieldSeconds >= low { counted.append(Fields(next)) }
        return true
      }
      var iterated: [Fields] = []
      if rule.count > 0 {
        iterated = OnePerPeriodRuleTests.countWalk(rule, from: start)
      } else {
        _ = LibicalRecurrence.iterate(rule, from: start, jumpingTo: nil) { next in
          // A day's times come in the lists' order: stop a day past the window.
          guard next.fieldSeconds < high + 86_400 else { return false }
          iterated.append(Fields(next))
          return true
        }
      }
      // libical yields a day's times in the order the lists are written (a value written
      // twice, twice), and counts COUNT in that order; RFC 5545 orders the set by time.
      // Compared as sets, and COUNT and UNTIL only for lists written in order (libical stops
      // at the first value past UNTIL, before the day's earlier times that come later).

      let inOrder = [rule.byHour, rule.byMinute, rule.bySecond].allSatisfy {
        $0 == Array(Set($0)).sorted()
      }
      if !inOrder, rule.count > 0 || !rule.until.isNull { continue }
      var seen: Set<String> = []
      let expected = iterated.filter { seen.insert($0.description).inserted }.filter {
        $0.seconds >= low && $0.seconds < high
      }.sorted {
        ($0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second) < (
          $1.year, $1.month, $1.day, $1.hour, $1.minute, $1.second
        )
      }
      #expect(counted == expected, "\(text) from \(Fields(start)), window \(Fields(window))")
      compared.add(rule, found: !expected.isEmpty)
    }
    #expect(
      compared.count > 80 && compared.until > 80 && compared.none > 300, "\(compared)")
  }
}
