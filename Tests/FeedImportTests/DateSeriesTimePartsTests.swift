import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// BYHOUR, BYMINUTE and BYSECOND of a series whose DTSTART is a DATE are ignored, as RFC 5545
/// (3.3.10) says they MUST be: the series lays out as the same series written without them. Kept,
/// their times took places of a COUNT, and the times of UNTIL's day fell after it.
@Suite struct DateSeriesTimePartsTests {
  /// Each rule with time parts, and the same rule without them.
  static let rules: [(withTimes: String, without: String)] = [
    ("FREQ=DAILY;BYHOUR=8,19;COUNT=6", "FREQ=DAILY;COUNT=6"),
    ("FREQ=WEEKLY;BYMINUTE=30;UNTIL=20240826", "FREQ=WEEKLY;UNTIL=20240826"),
    ("FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=9;BYSECOND=5;COUNT=7", "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=7"),
    ("FREQ=MONTHLY;BYMONTHDAY=5,20;BYHOUR=6,18;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=5,20;COUNT=5"),
    ("FREQ=YEARLY;BYMINUTE=57;UNTIL=20250805", "FREQ=YEARLY;UNTIL=20250805"),
  ]

  static func feed(_ rules: [String]) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icslanes//tests//EN\r\n"
    for (index, rule) in rules.enumerated() {
      text +=
        "BEGIN:VEVENT\r\nUID:date-\(index)\r\nDTSTAMP:20240101T000000Z\r\n"
        + "DTSTART;VALUE=DATE:20240805\r\nRRULE:\(rule)\r\nSUMMARY:series \(index)\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }

  /// Thirteen months from August 2024, each read with and without the pre-filter.
  @Test(arguments: [false, true]) func timePartsOfADateSeriesAreIgnored(prefilter: Bool) throws {
    let withTimes = Self.feed(Self.rules.map(\.withTimes))
    let without = Self.feed(Self.rules.map(\.without))
    let zone = try #require(DisplayZone(named: "Europe/Berlin"))
    var occurrences = 0
    for offset in 0..<13 {
      let month = try #require(YearMonth(year: 2024, month: 8)?.adding(months: offset))
      func layOut(_ text: String) throws -> [MonthLayout] {
        var request = try LayoutRequest(
          feeds: [FeedInput(text: text, source: "test")], first: month,
          options: TestSupport.view(zone))
        request.prefilter = prefilter
        return try CalendarSource.layOut(request).layouts
      }
      let layouts = try layOut(withTimes)
      #expect(try JSONLayoutRenderer.render(layouts) == JSONLayoutRenderer.render(layOut(without)))
      occurrences += layouts[0].stats?.occurrences ?? 0
    }
    // 6 + 4 + 7 + 5 + 2: each series whole, its UNTIL day and its COUNT's last place included.
    #expect(occurrences == 24)
  }
}
