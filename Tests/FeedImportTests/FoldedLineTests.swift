import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// RFC 5545 lets a line be folded anywhere, inside a property's name or a BEGIN line too: a
/// feed reads the same whatever its folding, with or without the month pre-filter (which reads
/// the lines before libical unfolds them).
@Suite struct FoldedLineTests {
  /// August 2024 in UTC.
  static func august() throws -> MonthRequest {
    MonthRequest(
      first: try #require(YearMonth(year: 2024, month: 8)),
      zone: try #require(DisplayZone(named: "UTC")))
  }

  /// The text with every line folded into pieces of at most `width` bytes (a continuation's
  /// space counted; never inside a UTF-8 sequence, so a wider character may stand alone).
  static func folded(_ text: String, width: Int) -> String {
    text.split(separator: "\r\n", omittingEmptySubsequences: false).map { line -> String in
      var pieces: [String] = []
      var piece = ""
      for scalar in line.unicodeScalars {
        let room = pieces.isEmpty ? width : max(1, width - 1)
        if !piece.isEmpty, piece.utf8.count + String(scalar).utf8.count > room {
          pieces.append(piece)
          piece = ""
        }
        piece.unicodeScalars.append(scalar)
      }
      pieces.append(piece)
      return pieces.joined(separator: "\r\n ")
    }.joined(separator: "\r\n")
  }

  func json(_ text: String, filtered: Bool, request: MonthRequest? = nil) throws -> String {
    let request = try request ?? FoldedLineTests.august()
    let options = filtered ? ImportOptions(window: request.window) : ImportOptions()
    let feed = try Feed(text: text, name: "folded", options: options)
    return try JSONLayoutRenderer.render(MonthLayouter.layOut([feed], request: request).layouts)
  }

  @Test func foldingTheHelperKeepsTheText() {
    let text = "BEGIN:VCALENDAR\r\nSUMMARY:Cafe\u{301} \u{1F331} x\r\nEND:VCALENDAR\r\n"
    for width in 1...8 {
      let folded = Array(FoldedLineTests.folded(text, width: width).utf8)
      // Unfolded byte by byte (Foundation's search would see a space and an accent as one).
      var unfolded: [UInt8] = []
      var index = 0
      var breaks = 0
      while index < folded.count {
        if folded[index] == 0x0D, index + 2 < folded.count, folded[index + 1] == 0x0A,
          folded[index + 2] == 0x20
        {
          index += 3
          breaks += 1
        } else {
          unfolded.append(folded[index])
          index += 1
        }
      }
      #expect(unfolded == Array(text.utf8), "width \(width)")
      #expect(breaks >= (width < 4 ? 10 : 3))
    }
  }

  /// Events far from August by DTSTART that reach it by a property whose name is folded: the
  /// pre-filter, which read the name from the first line, passed them over.
  @Test(arguments: [
    ("RRU\r\n LE:FREQ=WEEKLY;COUNT=60", "DTSTART:20240101T100000Z\r\nDURATION:PT1H"),
    ("RD\r\n ATE:20240815T100000Z", "DTSTART:20240105T100000Z\r\nDURATION:PT1H"),
    ("DTE\r\n ND;VALUE=DATE:20240910", "DTSTART;VALUE=DATE:20240701"),
    ("DUR\r\n ATION:P30D", "DTSTART:20240720T100000Z"),
    ("R\r\n RULE:FREQ=MONTHLY", "DTSTART:20240110T100000Z\r\nDURATION:PT1H"),
  ])
  func propertyFoldedInsideItsNameKeepsTheEvent(folded: String, start: String) throws {
    let text = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:reaches-august\r
      \(start)\r
      \(folded)\r
      SUMMARY:Reaches August\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let whole = try json(text, filtered: false)
    #expect(whole.contains("Reaches August"))
    #expect(try json(text, filtered: true) == whole)
  }

  @Test func calendarPropertiesFoldedInsideTheirNamesAreRead() throws {
    let text = """
      BEGIN:VCALENDAR\r
      X-WR-\r
       CALNAME:Spain Holidays\r
      X-WR-TIMEZONE\r
       ;VALUE=TEXT:Europe/\r
       Madrid\r
      CO\r
       LOR:tomato\r
      BEGIN:VEVENT\r
      UID:floating\r
      DTSTART:20240805T100000\r
      DURATION:PT1H\r
      SUMMARY:Floating\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let feed = try Feed(text: text, name: "file-name")
    #expect(feed.name == "Spain Holidays")
    #expect(feed.color == "#ff6347")
    let layout = try #require(
      MonthLayouter.layOut([feed], request: FoldedLineTests.august()).layouts.first)
    let segment = try #require(layout.weeks.flatMap(\.lanes).flatMap { $0 }.first)
    // 10:00 in Madrid (summer time) is 08:00 UTC.
    #expect(segment.start.description == "2024-08-05T08:00:00+00:00")
  }

  @Test(arguments: [
    ("BEGIN:VEV\r\n ENT", "END:VEVENT"),
    ("BEG\r\n IN:VEVENT", "END:VEVENT"),
    ("BEGIN\r\n :VEVENT", "E\r\n ND:VEV\r\n ENT"),
    ("BEGIN:VEVENT", "END:V\r\n EVENT"),
  ])
  func beginAndEndFoldedAnywhereStillFrameTheEvent(begin: String, end: String) throws {
    let text = """
      BEGIN:VCALENDAR\r
      \(begin)\r
      UID:folded-frame\r
      DTSTART:20240805T100000Z\r
      DURATION:PT1H\r
      SUMMARY:Folded frame\r
      \(end)\r
      BEGIN:VEVENT\r
      UID:plain\r
      DTSTART:20240806T100000Z\r
      DURATION:PT1H\r
      SUMMARY:Plain\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let whole = try json(text, filtered: false)
    #expect(whole.contains("Folded frame"))
    #expect(whole.contains("Plain"))
    #expect(try json(text, filtered: true) == whole)
  }

  /// Writers that fold at 75 octets without looking at characters split UTF-8 sequences: the
  /// line is valid UTF-8 once unfolded, and is not read as Windows-1252.
  @Test func utf8SequenceSplitByFoldingIsReadAsUTF8() throws {
    var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:split\r\n".utf8)
    bytes += Array("DTSTART:20240805T100000Z\r\nDURATION:PT1H\r\nSUMMARY:Caf".utf8)
    bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA9]  // "é" cut after its first byte
    bytes += Array(" cr\u{E8}me\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let feed = try Feed(bytes: bytes, name: "split")
    let layout = try #require(
      MonthLayouter.layOut([feed], request: FoldedLineTests.august()).layouts.first)
    let titles = layout.weeks.flatMap(\.lanes).flatMap { $0 }.map(\.title)
    #expect(titles == ["Caf\u{E9} cr\u{E8}me"])
    #expect(!feed.warnings.contains { $0.message.contains("Windows-1252") })
  }

  /// A rule repaired before libical reads it (COUNT beside UNTIL, COUNT=0) is repaired however
  /// it is folded, the word COUNT cut included.
  @Test(arguments: [
    "RRULE:FREQ=WEEKLY;UNTIL=20240809;CO\r\n UNT=5",
    "RRU\r\n LE:FREQ=WEEKLY;UNTIL=20240809;COUNT=-1",
    "RRULE:FREQ=WEEKLY;UNTIL=2024\r\n 0809;COUNT=5",
  ])
  func ruleRepairSeesTheUnfoldedRule(rule: String) throws {
    let text = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:weekly\r
      DTSTART;VALUE=DATE:20240805\r
      \(rule)\r
      SUMMARY:Weekly till the 9th\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let feed = try Feed(text: text, name: "rule")
    #expect(feed.warnings.contains { $0.message.contains("read with UNTIL and without COUNT") })
    let layout = try #require(
      MonthLayouter.layOut([feed], request: FoldedLineTests.august()).layouts.first)
    #expect(layout.stats?.occurrences == 1)
    #expect(layout.weeks.flatMap(\.lanes).flatMap { $0 }.count == 1)
  }

  /// A UID whose name or parameters are folded is still the scan's UID: an event libical never
  /// reads (nested too deep) is named by it.
  @Test func uidFoldedBeforeItsValueNamesTheEvent() throws {
    var lines = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UI", " D;X-A=1", " :deep@folded"]
    lines += ["DTSTART:20240805T100000Z"]
    lines += (0..<40).map { "BEGIN:X-LEVEL\($0)" } + (0..<40).reversed().map { "END:X-LEVEL\($0)" }
    lines += ["END:VEVENT", "END:VCALENDAR"]
    let feed = try Feed(text: lines.joined(separator: "\r\n") + "\r\n", name: "deep")
    #expect(feed.skipped.map(\.uid) == ["deep@folded"])
  }

  /// The class, not the instances: a feed of series, overrides, zones and odd cases, folded at
  /// every width from 1 byte, lays out as it does unfolded, with and without the pre-filter.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 9, 13, 20])
  func everyFoldingLaysOutAsTheUnfoldedFeed(width: Int) throws {
    var writer = MixedFeedWriter(seed: 11, firstYear: 2024, years: 1)
    let text = writer.text(events: 120)
    let request = MonthRequest(
      first: try #require(YearMonth(year: 2024, month: 5)), count: 3,
      zone: try #require(DisplayZone(named: "Europe/Berlin")))
    let expected = try json(text, filtered: false, request: request)
    #expect(expected.contains("\"segments\" : "))
    let folded = FoldedLineTests.folded(text, width: width)
    #expect(try json(folded, filtered: false, request: request) == expected)
    // Filtered, but for the duplicates of UID groups passed over whole (``WindowedAnswer``).
    let filtered = try Feed(
      text: folded, name: "folded", options: ImportOptions(window: request.window))
    let whole = try Feed(text: text, name: "folded")
    #expect(WindowedAnswer(filtered, request).json == WindowedAnswer(whole, request).json)
  }
}
