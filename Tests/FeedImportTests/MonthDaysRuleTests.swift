import CLibical
import Foundation
import LaneLayout
import Testing

@testable import FeedImport

/// MONTHLY rules on a set of days every month fills (`MonthDaysRule`: the last workday, the
/// first and third Tuesday, the 1st and the 15th) are counted out in Swift instead of by
/// libical's iterator. Each is checked against libical's own iterator: its COUNT walk from
/// DTSTART, or its values around a window.
@Suite struct MonthDaysRuleTests {
  typealias Fields = OnePerPeriodRuleTests.Fields

  /// A random MONTHLY rule on several days: BYMONTHDAY or BYDAY (every week of the month or
  /// positioned), sometimes BYSETPOS and INTERVAL; some just outside the shape (the 29th–31st,
  /// a fifth weekday, a BYSETPOS past the shortest month's set).
  static func rule(_ random: inout SeededRandom) -> String {
    let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    var text = "FREQ=MONTHLY"
    if random.next(4) == 0 { text += ";INTERVAL=\(2 + random.next(3))" }
    if random.next(3) == 0 {
      let days = (0...random.next(3)).map { _ in
        let day = 1 + random.next(random.next(5) == 0 ? 31 : 28)
        return random.next(3) == 0 ? -day : day
      }
      text += ";BYMONTHDAY=\(days.map(String.init).joined(separator: ","))"
    } else {
      let days = (0...random.next(4)).map { _ -> String in
        let name = names[random.next(7)]
        switch random.next(3) {
        case 0: return name
        case 1: return "\(1 + random.next(random.next(6) == 0 ? 5 : 4))\(name)"
        default: return "-\(1 + random.next(4))\(name)"
        }
      }
      text += ";BYDAY=\(days.joined(separator: ","))"
    }
    if random.next(2) == 0 {
      let positions = (0...random.next(2)).map { _ in
        random.next(2) == 0 ? -(1 + random.next(5)) : 1 + random.next(5)
      }
      text += ";BYSETPOS=\(positions.map(String.init).joined(separator: ","))"
    }
    return text
  }

  @Test func countedOutAsLibicalIteratesThem() throws {
    var random = SeededRandom(state: 7_529)
    var compared = OnePerPeriodRuleTests.Compared()
    var outside = 0
    for _ in 0..<3_000 {
      let start = OnePerPeriodRuleTests.randomStart(&random)
      var text = Self.rule(&random)
      switch random.next(3) {
      case 0:
        text += ";COUNT=\(1 + random.next(80))"
      case 1:
        let year = Int(start.year) + random.next(8)
        let day =
          "\(year)\(OnePerPeriodRuleTests.two(1 + random.next(12)))\(OnePerPeriodRuleTests.two(1 + random.next(28)))"
        text +=
          start.isDate
          ? ";UNTIL=\(day)" : ";UNTIL=\(day)T\(OnePerPeriodRuleTests.two(random.next(24)))0000"
      default:
        break
      }
      let rule = RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil })
      guard OnePerPeriodRule(rule, start: start) == nil, let shape = MonthDaysRule(rule) else {
        outside += 1
        continue
      }
      // A window somewhere in the 10 years from DTSTART, looked at for two years.
      var window = start
      (window.year, window.month, window.day) = (
        start.year + Int32(random.next(10)), Int32(1 + random.next(12)), 1
      )
      let low = window.fieldSeconds
      let high = low + 2 * 366 * 86_400
      var counted: [Fields] = []
      SeriesExpander.monthDaysInstances(from: start, shape: shape, rule: rule, earliest: low) {
        next in
        guard next.fieldSeconds < high else { return false }
        if next.fieldSeconds >= low { counted.append(Fields(next)) }
        return true
      }
      let iterated: [Fields]
      if rule.count > 0 {
        iterated = OnePerPeriodRuleTests.countWalk(rule, from: start)
      } else {
        var values: [Fields] = []
        _ = LibicalRecurrence.iterate(rule, from: start, jumpingTo: nil) { next in
          guard next.fieldSeconds < high else { return false }
          values.append(Fields(next))
          return true
        }
        iterated = values
      }
      let expected = iterated.filter { $0.seconds >= low && $0.seconds < high }
      #expect(counted == expected, "\(text) from \(Fields(start)), window \(Fields(window))")
      compared.add(rule, found: !expected.isEmpty)
    }
    #expect(
      compared.count > 100 && compared.until > 150 && compared.none > 400,
      "\(compared), \(outside) outside")
    #expect(outside > 1_000)
  }

  /// A COUNT walked from DTSTART in Swift is charged a step of the feed's budget per period
  /// before the window, as libical's walks are: it stops when the room is spent.
  @Test func countWalksAreChargedToTheBudget() throws {
    var start = WallTime()
    (start.year, start.month, start.day, start.hour) = (2000, 1, 3, 9)
    var window = start
    (window.year, window.month, window.day) = (2024, 8, 1)
    let monthly = RecurrenceRule(
      icalrecurrencetype_from_string("FREQ=MONTHLY;BYDAY=1TU,3TU;COUNT=1000"), zone: { _ in nil })
    let shape = try #require(MonthDaysRule(monthly))
    var shown = 0
    let walk = SeriesExpander.monthDaysInstances(
      from: start, shape: shape, rule: monthly, earliest: window.fieldSeconds, walkRoom: 10
    ) { _ in
      shown += 1
      return true
    }
    #expect(walk.periods == 10 && walk.cut && shown == 0)
    let whole = SeriesExpander.monthDaysInstances(
      from: start, shape: shape, rule: monthly, earliest: window.fieldSeconds
    ) { $0.year < 2025 }
    // January 2000 to July 2024: the months that start before the window (less its lead).
    #expect(whole.periods == 24 * 12 + 7 && !whole.cut)
    let yearly = RecurrenceRule(
      icalrecurrencetype_from_string("FREQ=YEARLY;BYWEEKNO=1,20;BYDAY=MO;COUNT=100"),
      zone: { _ in nil })
    let weeks = try #require(WeekNumberRule(yearly, start: start))
    let yearWalk = SeriesExpander.weekNumberInstances(
      from: start, shape: weeks, rule: yearly, earliest: window.fieldSeconds, walkRoom: 5
    ) { _ in true }
    #expect(yearWalk.periods == 5 && yearWalk.cut)
  }

  @Test(arguments: [
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", true),
    ("FREQ=MONTHLY;BYDAY=1TU,3TU", true),
    ("FREQ=MONTHLY;BYMONTHDAY=1,15", true),
    ("FREQ=MONTHLY;BYDAY=1TU,-1TU;BYSETPOS=2", false),
    ("FREQ=MONTHLY;BYDAY=1TU,3TU;BYSETPOS=2", true),
    ("FREQ=MONTHLY;BYDAY=5FR,1MO", false),
    ("FREQ=MONTHLY;BYMONTHDAY=1,31", false),
    ("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=9", false),
    ("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=8", true),
    ("FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=13", false),
    ("FREQ=MONTHLY;BYDAY=MO;BYHOUR=9,17", false),
    ("FREQ=MONTHLY;BYMONTH=3;BYDAY=MO", false),
    ("FREQ=YEARLY;BYDAY=MO", false),
    ("FREQ=MONTHLY;BYMONTHDAY=4,18,18;BYSETPOS=-2", false),
    ("FREQ=MONTHLY;BYMONTHDAY=16,20,-10;BYSETPOS=-1", false),
    ("FREQ=MONTHLY;BYMONTHDAY=16,20,-10", true),
    ("FREQ=MONTHLY;BYDAY=TU,1TU;BYSETPOS=1", false),
  ])
  func onlySetsEveryMonthFillsAreCountedOut(text: String, countedOut: Bool) {
    let rule = RecurrenceRule(icalrecurrencetype_from_string(text), zone: { _ in nil })
    #expect((MonthDaysRule(rule) != nil) == countedOut)
  }
}
