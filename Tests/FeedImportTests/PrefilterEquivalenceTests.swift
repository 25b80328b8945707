import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// The month pre-filter may keep too much but never too little: laying months out from a feed
/// loaded with the filter gives exactly the JSON of the same months from the feed loaded whole.
@Suite struct PrefilterEquivalenceTests {
  static let feedText: String = {
    var writer = MixedFeedWriter(seed: 7)
    return writer.text(events: 1_500)
  }()

  static let wholeFeed: Feed? = try? Feed(text: feedText, name: "mixed")

  static let zones = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"]

  /// Every month of the feed's three years, and one either side.
  static let months: [YearMonth] = (0..<38).compactMap {
    YearMonth(year: 2018, month: 12)?.adding(months: $0)
  }

  func json(_ feed: Feed, _ request: MonthRequest) throws -> String {
    try JSONLayoutRenderer.render(MonthLayouter.layOut([feed], request: request).layouts)
  }

  @Test(arguments: zones)
  func filteredMonthsMatchTheWholeFeed(zoneName: String) throws {
    let whole = try #require(PrefilterEquivalenceTests.wholeFeed)
    let zone = try #require(DisplayZone(named: zoneName))
    var passedOver = 0
    var shown = 0
    for (index, month) in PrefilterEquivalenceTests.months.enumerated() {
      let weekStart: Weekday = index % 2 == 0 ? .sunday : .monday
      let request = MonthRequest(
        first: month, zone: zone,
        options: LayoutOptions(weekStart: weekStart, showsOutsideDays: index % 3 == 0))
      let filtered = try Feed(
        text: PrefilterEquivalenceTests.feedText, name: "mixed",
        options: ImportOptions(window: request.window))
      passedOver += filtered.eventsPassedOver
      let expected = try json(whole, request)
      #expect(try json(filtered, request) == expected, "\(month) in \(zoneName)")
      shown += MonthLayouter.layOut([filtered], request: request).layouts[0].weeks
        .reduce(0) { $0 + $1.lanes.count }
    }
    // The comparison means something only if the filter passed events over and months had
    // events to show.
    #expect(passedOver > 1_000)
    #expect(shown > 100)
  }

  @Test func manyMonthsFromOneFilteredLoadMatchTheWholeFeed() throws {
    let whole = try #require(PrefilterEquivalenceTests.wholeFeed)
    let zone = try #require(DisplayZone(named: "America/New_York"))
    let request = MonthRequest(
      first: try #require(YearMonth(year: 2020, month: 1)), count: 14, zone: zone)
    let filtered = try Feed(
      text: PrefilterEquivalenceTests.feedText, name: "mixed",
      options: ImportOptions(window: request.window))
    #expect(filtered.eventsPassedOver > 0)
    #expect(try json(filtered, request) == json(whole, request))
  }

  @Test func passedOverDuplicateUIDsAreResolvedAsWithoutTheFilter() throws {
    // Two copies of one UID: the later SEQUENCE, far from the window, wins over the copy inside
    // it. A filter that only looked at each event alone would show the losing copy.
    let text = """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      UID:twice
      SEQUENCE:1
      SUMMARY:Loser
      DTSTART;VALUE=DATE:20240805
      END:VEVENT
      BEGIN:VEVENT
      UID:twice
      SEQUENCE:2
      SUMMARY:Winner
      DTSTART;VALUE=DATE:20250105
      END:VEVENT
      END:VCALENDAR
      """
    let zone = try #require(DisplayZone(named: "UTC"))
    let request = MonthRequest(first: try #require(YearMonth(year: 2024, month: 8)), zone: zone)
    let filtered = try Feed(text: text, options: ImportOptions(window: request.window))
    let whole = try Feed(text: text)
    #expect(try json(filtered, request) == json(whole, request))
    #expect(!(try json(filtered, request)).contains("Loser"))
  }
}
