import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// A BY list that names a value twice is read as the set RFC 5545 makes it: the series lays out
/// as the same series written without the repeats, without a warning. libical 3.0.16 counted
/// BYSETPOS over the values written and refused `BYMONTHDAY=1,1;BYSETPOS=-1` (DTSTART alone
/// stayed); a repeated BYHOUR or BYDAY could take two places of a COUNT.
@Suite struct RuleValueSetsTests {
  /// Each rule with repeats, and the same rule without them.
  static let rules: [(repeated: String, once: String)] = [
    ("FREQ=MONTHLY;BYMONTHDAY=1,1;BYSETPOS=-1", "FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=-1"),
    (
      "FREQ=YEARLY;BYMONTH=9,9;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
      "FREQ=YEARLY;BYMONTH=9;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
    ),
    ("FREQ=MONTHLY;BYDAY=MO,WE,WE;BYSETPOS=1,1,-1", "FREQ=MONTHLY;BYDAY=MO,WE;BYSETPOS=1,-1"),
    (
      "FREQ=WEEKLY;BYDAY=TU,TU,FR;BYHOUR=7,20,7;COUNT=9",
      "FREQ=WEEKLY;BYDAY=TU,FR;BYHOUR=7,20;COUNT=9"
    ),
    ("FREQ=DAILY;BYHOUR=9,9,17;COUNT=7", "FREQ=DAILY;BYHOUR=9,17;COUNT=7"),
    ("FREQ=MONTHLY;BYMONTHDAY=-1,15,-1;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=-1,15;COUNT=5"),
  ]

  static func feed(_ rules: [String]) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icslanes//tests//EN\r\n"
    for (index, rule) in rules.enumerated() {
      text +=
        "BEGIN:VEVENT\r\nUID:set-\(index)\r\nDTSTAMP:20240101T000000Z\r\n"
        + "DTSTART;TZID=Europe/Berlin:20240801T090000\r\nDURATION:PT1H\r\nRRULE:\(rule)\r\n"
        + "SUMMARY:series \(index)\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }

  @Test func repeatedValuesLayOutAsTheSet() throws {
    let repeated = try Feed(text: Self.feed(Self.rules.map(\.repeated)), name: "sets")
    let once = try Feed(text: Self.feed(Self.rules.map(\.once)), name: "sets")
    #expect(repeated.warnings.isEmpty, "\(repeated.warnings)")
    let zone = try #require(DisplayZone(named: "Europe/Berlin"))
    let first = try #require(YearMonth(year: 2024, month: 8))
    var occurrences = 0
    for offset in 0..<14 {
      let request = MonthRequest(first: try #require(first.adding(months: offset)), zone: zone)
      let layouts = MonthLayouter.layOut([repeated], request: request).layouts
      #expect(
        try JSONLayoutRenderer.render(layouts)
          == JSONLayoutRenderer.render(MonthLayouter.layOut([once], request: request).layouts))
      occurrences += layouts[0].stats?.occurrences ?? 0
    }
    // Every series has instances past DTSTART (libical refused the first two outright).
    #expect(occurrences > 40)
  }
}
