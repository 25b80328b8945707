import CLibical
import Testing

@testable import FeedImport
@testable import ICalBridge

/// A record's RRULE is read from libical's 2.9 KB `icalrecurrencetype` where it lies (its BY
/// arrays through their addresses, not copied): each BY list must come out as libical parsed
/// it, from one value to the longest list each array holds, and a rule must go to libical and
/// back unchanged.
@Suite struct RecurrenceRuleReadingTests {
  /// Each BY part with the longest lists RFC 5545 allows and values from the edges of their
  /// ranges, so that a list read from the wrong field, cut short or read past its end marker
  /// shows.
  static let rules = [
    "FREQ=YEARLY;BYSECOND=0,1,30,59,60;BYMINUTE=0,59;BYHOUR=0,12,23",
    "FREQ=YEARLY;BYMONTHDAY=" + (1...31).map(String.init).joined(separator: ",")
      + ";BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12",
    "FREQ=YEARLY;BYYEARDAY=" + (1...366).map(String.init).joined(separator: ","),
    "FREQ=YEARLY;BYYEARDAY=-366,-1,1,366;BYSETPOS=-366,-1,1,366",
    "FREQ=YEARLY;BYWEEKNO=" + (1...53).map(String.init).joined(separator: ",") + ";BYDAY=MO",
    "FREQ=MONTHLY;BYDAY=1MO,-1FR,2TU,-5SU,SA;WKST=SU;INTERVAL=3;COUNT=7",
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;UNTIL=20301231T235959Z",
    "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-1,-29", "FREQ=HOURLY;INTERVAL=32767",
  ]

  /// The BY lists as libical's own parser left them, read value by value through its
  /// accessors' field names, the slow way (each array copied), up to the end marker.
  static func lists(_ rule: icalrecurrencetype) -> [[Int16]] {
    func read<T>(_ array: T) -> [Int16] {
      withUnsafeBytes(of: array) { raw in
        Array(
          raw.bindMemory(to: Int16.self).prefix { $0 != Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) })
      }
    }
    return [
      read(rule.by_second), read(rule.by_minute), read(rule.by_hour), read(rule.by_day),
      read(rule.by_month_day), read(rule.by_year_day), read(rule.by_week_no), read(rule.by_month),
      read(rule.by_set_pos),
    ]
  }

  static func lists(_ rule: RecurrenceRule) -> [[Int16]] {
    [
      rule.bySecond, rule.byMinute, rule.byHour, rule.byDay, rule.byMonthDay, rule.byYearDay,
      rule.byWeekNumber, rule.byMonth, rule.bySetPosition,
    ]
  }

  @Test(arguments: rules) func byListsAreReadWhereTheyLie(text: String) {
    var parsed = icalrecurrencetype_from_string(text)
    #expect(parsed.freq != ICAL_NO_RECURRENCE, "libical did not read \(text)")
    let expected = Self.lists(parsed)
    #expect(expected.contains { !$0.isEmpty } || text.hasPrefix("FREQ=HOURLY"))
    let inPlace = withUnsafePointer(to: &parsed) { RecurrenceRule($0, zone: { _ in nil }) }
    let copied = RecurrenceRule(parsed, zone: { _ in nil })
    #expect(Self.lists(inPlace) == expected)
    #expect(Self.lists(copied) == expected)
    #expect(inPlace.count == parsed.count && inPlace.interval == parsed.interval)
    #expect(inPlace.weekStart == Int(parsed.week_start.rawValue))
    #expect(inPlace.frequency?.rawValue == parsed.freq.rawValue)
    #expect(inPlace.until.libical.year == parsed.until.year)
    // To libical and back: the same lists again.
    let back = inPlace.withLibicalRule { rule in
      Self.lists(RecurrenceRule(rule, zone: { _ in nil }))
    }
    #expect(back == expected)
  }

  /// The BY lists live in one box the rule's copies share (copying a rule is then one reference
  /// count): a rule is still a value. Changing one list of a copy changes neither the rule it
  /// was copied from nor its other lists, each list alone, and a rule without lists reads nine
  /// empty ones.
  @Test(arguments: rules) func aRuleIsAValueThoughItsListsAreShared(text: String) {
    var parsed = icalrecurrencetype_from_string(text)
    let original = withUnsafePointer(to: &parsed) { RecurrenceRule($0, zone: { _ in nil }) }
    let expected = Self.lists(original)
    let setters: [(inout RecurrenceRule, [Int16]) -> Void] = [
      { $0.bySecond = $1 }, { $0.byMinute = $1 }, { $0.byHour = $1 }, { $0.byDay = $1 },
      { $0.byMonthDay = $1 }, { $0.byYearDay = $1 }, { $0.byWeekNumber = $1 },
      { $0.byMonth = $1 }, { $0.bySetPosition = $1 },
    ]
    for (index, set) in setters.enumerated() {
      var copy = original
      set(&copy, [7, -7])
      var changed = expected
      changed[index] = [7, -7]
      #expect(Self.lists(copy) == changed, "list \(index) of \(text)")
      #expect(Self.lists(original) == expected, "list \(index) of \(text)")
    }
    let bare = RecurrenceRule(
      frequency: .daily, until: WallTime(), count: 3, interval: 1, weekStart: 0)
    #expect(Self.lists(bare) == Array(repeating: [], count: 9))
    #expect(!bare.hasByParts)
  }
}
