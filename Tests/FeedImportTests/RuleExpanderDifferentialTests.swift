import CLibical
import Foundation
import LaneLayout
import Testing

@testable import FeedImport
@testable import Recurrence
@testable import ICalBridge

/// ``RuleExpander`` against libical 3.0.16's iterator on random rules of every FREQ and BY part
/// (seeded, so every run sees the same rules). Differences are allowed only on the shapes
/// `Docs/reference-verdicts.md` lists as libical's miscounts (``RuleOracle/knownMiscount``).
///
/// `RULE_DIFF_COUNT` sets the number of rules (a few thousand by default; the 100k run is
/// `RULE_DIFF_COUNT=100000 swift test --filter RuleExpanderDifferentialTests`).
@Suite(.serialized) struct RuleExpanderDifferentialTests {
  static let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  /// A few random values of `pick`, joined with commas.
  static func list(
    _ random: inout SeededRandom, _ most: Int, _ pick: (inout SeededRandom) -> String
  )
    -> String
  {
    (0...random.next(most)).map { _ in pick(&random) }.joined(separator: ",")
  }

  /// A random value in ±1…`most`.
  static func signed(_ random: inout SeededRandom, _ most: Int, negative: Bool = true) -> String {
    let value = 1 + random.next(most)
    return String(negative && random.next(3) == 0 ? -value : value)
  }

  /// A random rule of FREQ `frequency` (BY parts, WKST, INTERVAL, BYSETPOS; not COUNT or UNTIL).
  static func rule(_ random: inout SeededRandom, _ frequency: RecurrenceFrequency) -> String {
    let freq = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
    var text = "FREQ=\(freq[Int(frequency.rawValue)])"
    if random.next(3) == 0 { text += ";INTERVAL=\(2 + random.next(3))" }
    if random.next(4) == 0 { text += ";WKST=\(names[random.next(7)])" }
    if random.next(4) == 0 { text += ";BYMONTH=" + list(&random, 2) { "\(1 + $0.next(12))" } }
    if frequency == .yearly, random.next(12) == 0 {
      text += ";BYWEEKNO=" + list(&random, 2) { signed(&$0, 53) }
    }
    if frequency == .yearly || frequency.rawValue < 3, random.next(8) == 0 {
      text += ";BYYEARDAY=" + list(&random, 2) { signed(&$0, 366, negative: frequency == .yearly) }
    }
    if frequency != .weekly, random.next(4) == 0 {
      // Below MONTHLY, libical ignores a negative day and may then search for years: such rules
      // are checked in `negativeDaysBelowMonthly`.
      let negative = frequency.rawValue >= RecurrenceFrequency.monthly.rawValue
      text += ";BYMONTHDAY=" + list(&random, 2) { signed(&$0, 31, negative: negative) }
    }
    if random.next(5) < 2 {
      let positioned = frequency == .monthly || frequency == .yearly
      text +=
        ";BYDAY="
        + list(&random, 2) { random in
          let name = names[random.next(7)]
          guard positioned, random.next(2) == 0 else { return name }
          return signed(&random, frequency == .yearly && random.next(2) == 0 ? 53 : 5) + name
        }
    }
    if random.next(5) == 0 { text += ";BYHOUR=" + list(&random, 2) { "\($0.next(24))" } }
    if random.next(7) == 0 { text += ";BYMINUTE=" + list(&random, 2) { "\($0.next(60))" } }
    if random.next(10) == 0 { text += ";BYSECOND=" + list(&random, 1) { "\($0.next(60))" } }
    if random.next(7) == 0 { text += ";BYSETPOS=" + list(&random, 1) { signed(&$0, 5) } }
    return text
  }

  /// The span (seconds) a window of `frequency` looks at, and how far from DTSTART it may lie.
  static func reach(_ frequency: RecurrenceFrequency) -> (length: Int64, distance: Int64) {
    switch frequency {
    case .secondly: (3_600, 7_200)
    case .minutely: (86_400, 3 * 86_400)
    case .hourly: (7 * 86_400, 60 * 86_400)
    case .daily, .weekly: (180 * 86_400, 6 * 366 * 86_400)
    default: (2 * 366 * 86_400, 10 * 366 * 86_400)
    }
  }

  /// One random case: DTSTART, rule text (COUNT or UNTIL sometimes), window.
  static func randomCase(_ random: inout SeededRandom) -> (WallTime, String, Int64, Int64) {
    let start = RuleOracle.randomStart(&random)
    let weights: [RecurrenceFrequency] = [
      .yearly, .yearly, .yearly, .monthly, .monthly, .monthly, .weekly, .weekly, .daily, .daily,
      .hourly, .minutely, .secondly,
    ]
    let frequency = weights[random.next(weights.count)]
    var text = rule(&random, frequency)
    let (length, distance) = reach(frequency)
    switch random.next(3) {
    case 0:
      text += ";COUNT=\(1 + random.next(random.next(4) == 0 ? 400 : 40))"
    case 1:
      let until = start.fieldSeconds + Int64(random.next(Int(distance + length)))
      let wall = WallTime(wallSeconds: until, isDate: start.isDate)
      text += ";UNTIL=" + RuleOracle.text(of: wall)
    default:
      break
    }
    var low = start.fieldSeconds - 86_400 + Int64(random.next(Int(distance)))
    if start.isDate { low = PeriodClock.floorDivide(low, 86_400) * 86_400 }
    return (start, text, low, low + length)
  }

  /// Compares `count` random rules from seed `seed`; the differences not known as libical's.
  static func compare(count: Int, seed: UInt64) -> (compared: Int, known: Int, unknown: [String]) {
    var random = SeededRandom(state: seed)
    var compared = 0
    var known = 0
    var unknown: [String] = []
    for _ in 0..<count {
      let (start, text, low, high) = randomCase(&random)
      if ProcessInfo.processInfo.environment["RULE_DIFF_TRACE"] != nil {
        FileHandle.standardError.write(Data("\(text) from \(RuleOracle.text(of: start))\n".utf8))
      }
      let clock = ContinuousClock.now
      guard let rule = RuleOracle.kept(text, start: start),
        let expected = RuleOracle.libical(rule, from: start, low, high)
      else { continue }
      let took = ContinuousClock.now - clock
      if took > .milliseconds(100) {
        print("slow \(took) \(text) from \(RuleOracle.text(of: start))")
      }
      compared += 1
      let found = RuleOracle.expander(rule, from: start, low, high)
      guard found != expected else { continue }
      if RuleOracle.knownMiscount(rule, from: start) != nil {
        known += 1
      } else {
        let show = { (values: [Int64]?) in
          (values ?? []).prefix(4).map {
            RuleOracle.text(of: WallTime(wallSeconds: $0, isDate: false))
          }
        }
        unknown.append(
          "\(text) from \(RuleOracle.text(of: start)) in \(RuleOracle.text(of: WallTime(wallSeconds: low, isDate: false))): expander \(found?.count ?? -1) \(show(found)), libical \(expected.count) \(show(expected))"
        )
      }
    }
    return (compared, known, unknown)
  }

  @Test func agreesWithLibicalOnRandomRules() {
    let count = ProcessInfo.processInfo.environment["RULE_DIFF_COUNT"].flatMap(Int.init) ?? 3_000
    let result = Self.compare(count: count, seed: 5_545)
    print(
      "rule expander vs libical: \(count) rules, \(result.compared) compared, \(result.known) known libical miscounts, \(result.unknown.count) other differences"
    )
    #expect(result.compared > count / 2)
    #expect(result.unknown.isEmpty, "\(result.unknown.prefix(40).joined(separator: "\n"))")
  }
}

extension RuleExpanderDifferentialTests {
  /// The windows the feed comparison looks at: the months `Scripts/same-output.py` lays out,
  /// with a month either side.
  static let feedWindows: [(Int64, Int64)] = [(2024, 8), (2019, 3), (2010, 1)].map { year, month in
    let first = Int64(Day.daysSinceEpoch(year: year, month: month - 1 < 1 ? 1 : month - 1, day: 1))
    return (first * 86_400, (first + 100) * 86_400)
  }

  /// The differences on the rules of the feeds under `folder` not known as libical's.
  static func compareFeeds(under folder: URL) -> (compared: Int, known: Int, unknown: [String]) {
    var compared = 0
    var known = 0
    var unknown: [String] = []
    for (start, text, file) in FeedRules.rules(under: folder) {
      if ProcessInfo.processInfo.environment["RULE_DIFF_TRACE"] != nil {
        FileHandle.standardError.write(Data("\(file) \(text)\n".utf8))
      }
      guard var rule = RuleOracle.kept(text, start: start) else { continue }
      rule.until.zone = nil
      for (low, high) in feedWindows {
        let clock = ContinuousClock.now
        guard let expected = RuleOracle.libical(rule, from: start, low, high) else { continue }
        if ContinuousClock.now - clock > .milliseconds(300) {
          print("slow \(ContinuousClock.now - clock) \(file) \(text)")
        }
        compared += 1
        guard RuleOracle.expander(rule, from: start, low, high) != expected else { continue }
        if RuleOracle.knownMiscount(rule, from: start) != nil {
          known += 1
        } else {
          unknown.append("\(file): \(text) from \(RuleOracle.text(of: start)) near \(low / 86_400)")
        }
      }
    }
    return (compared, known, unknown)
  }

  /// Every RRULE of Samples/ (its cases included), in three windows.
  /// (libical searches some of the hostile samples' rules for minutes: run by
  /// `Scripts/rule-differential.sh`, which sets `RULE_DIFF_SAMPLES`.)
  @Test func agreesWithLibicalOnSampleRules() {
    guard ProcessInfo.processInfo.environment["RULE_DIFF_SAMPLES"] != nil else { return }
    let result = Self.compareFeeds(under: TestSupport.root.appendingPathComponent("Samples"))
    print("Samples: \(result.compared) rule windows, \(result.known) known libical miscounts")
    #expect(result.compared > 100)
    #expect(result.unknown.isEmpty, "\(result.unknown.joined(separator: "\n"))")
  }

  /// Every RRULE of the feeds under `RULE_DIFF_FEEDS` (`Scripts/rule-differential.sh` points it
  /// at the shared corpus); skipped when unset.
  @Test func agreesWithLibicalOnFolderRules() throws {
    guard let folder = ProcessInfo.processInfo.environment["RULE_DIFF_FEEDS"] else { return }
    let result = Self.compareFeeds(under: URL(fileURLWithPath: folder))
    print(
      "\(folder): \(result.compared) rule windows, \(result.known) known libical miscounts, \(result.unknown.count) other differences"
    )
    #expect(result.unknown.isEmpty, "\(result.unknown.joined(separator: "\n"))")
  }

  /// Below MONTHLY, libical 3.0.16 ignores a negative BYMONTHDAY (the RFC's "-1" is the last
  /// day of the month, 3.3.10): the expander keeps it.
  @Test func negativeDaysBelowMonthly() throws {
    var start = WallTime(year: 2024, month: 1, day: 1, hour: 9)
    start.isDate = false
    let rule = try #require(RuleOracle.kept("FREQ=DAILY;BYMONTHDAY=-1;COUNT=3", start: start))
    let low = start.fieldSeconds
    let high = low + 120 * 86_400
    let days = RuleOracle.expander(rule, from: start, low, high)?.map { $0 / 86_400 - low / 86_400 }
    #expect(days == [0, 30, 59])
    #expect(RuleOracle.knownMiscount(rule, from: start) != nil)
    #expect(
      RuleOracle.libical(rule, from: start, low, high)
        != RuleOracle.expander(rule, from: start, low, high))
  }
}
