import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

/// The month pre-filter may keep too much but never too little: laying months out from a feed
/// loaded with the filter gives the JSON of the same months from the feed loaded whole, but for
/// the duplicates of UID groups passed over whole (``WindowedAnswer``).
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
      #expect(
        WindowedAnswer(filtered, request).agrees(withWhole: WindowedAnswer(whole, request)),
        "\(month) in \(zoneName)")
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
    #expect(WindowedAnswer(filtered, request).agrees(withWhole: WindowedAnswer(whole, request)))
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

  /// A loaded series bounds a COUNT rule with BY parts as the pre-filter does (every period
  /// holds an instance): sixty finished yearly holidays are not expanded for August 2024, so
  /// they do not spend the window's step budget, and the whole feed shows what the filtered one
  /// shows. Rules that may leave a period empty stay unbounded and are expanded.
  @Test func finishedSeriesWithByPartsAreNotExpandedWithoutTheFilter() throws {
    var lines = ["BEGIN:VCALENDAR"]
    for index in 0..<60 {
      lines += [
        "BEGIN:VEVENT", "UID:holiday-\(index)", "DTSTART;VALUE=DATE:20090101",
        "RRULE:FREQ=YEARLY;COUNT=5;BYMONTH=1;BYMONTHDAY=1", "SUMMARY:Finished \(index)",
        "END:VEVENT",
      ]
    }
    lines += [
      "BEGIN:VEVENT", "UID:every-tenth-of-august", "DTSTART;VALUE=DATE:20090810",
      "RRULE:FREQ=DAILY;BYMONTHDAY=10;BYMONTH=8", "SUMMARY:Tenth of August", "END:VEVENT",
      "BEGIN:VEVENT", "UID:sixteenth-year", "DTSTART;VALUE=DATE:20090812",
      "RRULE:FREQ=YEARLY;COUNT=20;BYMONTH=8;BYMONTHDAY=12", "SUMMARY:Twelfth", "END:VEVENT",
      "BEGIN:VEVENT", "UID:thirty-first", "DTSTART;VALUE=DATE:20240131",
      "RRULE:FREQ=MONTHLY;COUNT=10;BYMONTHDAY=31", "SUMMARY:Thirty-first", "END:VEVENT",
      // Months without a 31st hold no instance: the fifth is on 31 August.
      "BEGIN:VEVENT", "UID:thirty-first-at-ten", "DTSTART:20240131T100000Z", "DURATION:PT1H",
      "RRULE:FREQ=MONTHLY;COUNT=5;BYHOUR=10", "SUMMARY:Thirty-first at ten", "END:VEVENT",
      "END:VCALENDAR",
    ]
    let text = lines.joined(separator: "\r\n") + "\r\n"
    let zone = try #require(DisplayZone(named: "UTC"))
    let request = MonthRequest(first: try #require(YearMonth(year: 2024, month: 8)), zone: zone)
    let whole = try Feed(text: text)
    let filtered = try Feed(text: text, options: ImportOptions(window: request.window))
    let (layouts, warnings) = MonthLayouter.layOut([whole], request: request)
    #expect(warnings.isEmpty)
    let titles = try #require(layouts.first).weeks.flatMap(\.lanes).flatMap { $0 }.map(\.title)
    #expect(Set(titles) == ["Tenth of August", "Twelfth", "Thirty-first", "Thirty-first at ten"])
    #expect(try json(whole, request) == json(filtered, request))
  }

  /// UIDs are compared by their code points, as libical and recurring-ical-events compare them:
  /// `café` precomposed and decomposed are two UIDs, whether or not the filter passed one over.
  /// (Swift's `String ==` calls them equal: the override joined the other spelling's series and
  /// the far copy counted as a duplicate only when libical read both.)
  @Test func uidsThatDifferOnlyInNormalizationAreTwoEvents() throws {
    let composed = "caf\u{E9}@example"
    let decomposed = "cafe\u{301}@example"
    #expect(composed == decomposed)  // Swift's equality, which the grouping must not use
    let text = """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      UID:\(composed)
      DTSTART:20240805T100000Z
      DURATION:PT1H
      RRULE:FREQ=WEEKLY;COUNT=10
      SUMMARY:Series
      END:VEVENT
      BEGIN:VEVENT
      UID:\(decomposed)
      RECURRENCE-ID:20240812T100000Z
      DTSTART:20240813T100000Z
      DURATION:PT1H
      SUMMARY:Other UID
      END:VEVENT
      BEGIN:VEVENT
      UID:copy-\(composed)
      DTSTART:20240820T100000Z
      DURATION:PT1H
      SUMMARY:Inside
      END:VEVENT
      BEGIN:VEVENT
      UID:copy-\(decomposed)
      DTSTART:20250105T100000Z
      DURATION:PT1H
      SUMMARY:Far
      END:VEVENT
      BEGIN:VEVENT
      UID:copy-\(composed)
      DTSTART:20250106T100000Z
      DURATION:PT1H
      SEQUENCE:3
      SUMMARY:Far repeat
      END:VEVENT
      END:VCALENDAR
      """
    let zone = try #require(DisplayZone(named: "UTC"))
    let request = MonthRequest(first: try #require(YearMonth(year: 2024, month: 8)), zone: zone)
    let whole = try Feed(text: text)
    let filtered = try Feed(text: text, options: ImportOptions(window: request.window))
    let expected = try json(whole, request)
    #expect(try json(filtered, request) == expected)
    let layout = try #require(MonthLayouter.layOut([whole], request: request).layouts.first)
    let segments = layout.weeks.flatMap(\.lanes).flatMap { $0 }
    // The series keeps its instance of 12 August; the other UID's override stands alone.
    #expect(segments.contains { $0.title == "Series" && $0.firstDay.description == "2024-08-12" })
    #expect(segments.contains { $0.title == "Other UID" })
    // Only the two copies written alike are one event: the later SEQUENCE, far away, wins.
    #expect(!segments.contains { $0.title == "Inside" })
    #expect(layout.stats?.eventsDuplicate == 1)
  }

  /// Over 1 MiB (lines cut by the reading's chunk edges), CRLF, LF and lone-CR line ends, and
  /// overrides far from the window that repeat one another's UID and RECURRENCE-ID: the filtered
  /// load reads those again at their recorded lines and ends as the whole load does, from bytes
  /// and from a file.
  @Test func repeatedOverridesReadAgainAtTheirLinesMatchTheWholeFeed() throws {
    let endings = ["\r\n", "\n", "\r"]
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
    var random = SeededRandom(state: 14)
    var event = 0
    while text.utf8.count < (5 << 19) {
      let end = endings[event % 3]
      // Every fourth event stands alone, far from the window: it stays passed over.
      let alone = event >= 40 && event % 4 == 0
      let uid = alone ? "alone-\(event)" : "series-\(event % 40)"
      var lines = ["BEGIN:VEVENT", "UID:\(uid)"]
      let week = Int(random.next() % 50) + 1
      let day = 1 + (week * 7) % 28
      let month = 1 + (week * 7 / 28) % 12
      let stamp = "2025\(month < 10 ? "0" : "")\(month)\(day < 10 ? "0" : "")\(day)"
      if alone {
        lines += ["DTSTART:\(stamp)T080000Z", "DURATION:PT30M"]
      } else if event < 40 {
        lines += ["DTSTART:20240801T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=80"]
      } else {
        lines += [
          "RECURRENCE-ID:\(stamp)T090000Z", "DTSTART:\(stamp)T110000Z", "DURATION:PT1H",
          "SEQUENCE:\(random.next() % 3)",
        ]
      }
      let description = String(repeating: "word \(event) ", count: Int(random.next() % 60))
      lines += ["SUMMARY:Event \(event)", "DESCRIPTION:\(description)", "END:VEVENT"]
      for line in lines {
        var rest = Substring(line)
        text += String(rest.prefix(75)) + end
        rest = rest.dropFirst(75)
        while !rest.isEmpty {
          text += " " + String(rest.prefix(74)) + end
          rest = rest.dropFirst(74)
        }
      }
      event += 1
    }
    text += "END:VCALENDAR\r\n"
    let zone = try #require(DisplayZone(named: "Europe/Berlin"))
    let request = MonthRequest(first: try #require(YearMonth(year: 2024, month: 8)), zone: zone)
    let path = try Scratch.file(named: "read-again.ics").path
    try Array(text.utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    for (whole, filtered) in [
      (try Feed(text: text), try Feed(text: text, options: ImportOptions(window: request.window))),
      (
        try Feed(contentsOf: path),
        try Feed(contentsOf: path, options: ImportOptions(window: request.window))
      ),
    ] {
      let expected = try json(whole, request)
      #expect(filtered.eventsPassedOver > 1_000)
      #expect(filtered.eventsDuplicate == whole.eventsDuplicate)
      #expect(filtered.eventsDuplicate > 100)
      #expect(filtered.warnings.map(\.message) == whole.warnings.map(\.message))
      #expect(filtered.warnings.map(\.line) == whole.warnings.map(\.line))
      #expect(try json(filtered, request) == expected)
    }
  }
}
