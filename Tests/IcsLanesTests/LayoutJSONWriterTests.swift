import Foundation
import LaneLayout
import Testing

@testable import IcsLanes

/// The hand-written JSON writer against Foundation's `JSONEncoder` (`.sortedKeys,
/// .prettyPrinted, .withoutEscapingSlashes`) plus the DEL/C1 escaping: byte for byte, on
/// seeded random layouts full of hostile strings, odd shapes and absent optionals.
@Suite("JSON writer")
struct LayoutJSONWriterTests {
  /// SplitMix64: a small deterministic generator.
  struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// 0 ..< bound.
    mutating func next(_ bound: Int) -> Int {
      Int(next() % UInt64(bound))
    }

    /// True one time in `odds`.
    mutating func chance(_ odds: Int) -> Bool {
      next(odds) == 0
    }

    mutating func pick<T>(_ values: [T]) -> T {
      values[next(values.count)]
    }
  }

  /// The pieces hostile strings are made of: every C0 control, DEL, every C1 control, the
  /// neighbours of the C1 block in UTF-8 (U+00A0, U+00BF, U+00C0 share or follow its lead byte),
  /// JSON's special characters, slashes, emoji (with ZWJ and modifiers), combining marks, line
  /// separators, CJK, the last scalar, and plain text.
  static let pieces: [String] = {
    var pieces = (0x00...0x1F).map { String(UnicodeScalar(UInt8($0))) }
    pieces += (0x7F...0x9F).compactMap { UnicodeScalar($0).map(String.init) }
    pieces += [
      "\"", "\\", "/", "//", "\\/", "\u{A0}", "\u{BF}", "\u{C0}", "\u{FF}", "é",
      "e\u{301}", "\u{301}", "a\u{308}\u{323}", "👩‍👩‍👧", "👍🏽", "🇩🇪", "\u{2028}", "\u{2029}",
      "\u{FEFF}", "\u{FFFD}", "日本語", "\u{10FFFF}", " ", "a", "Team sync", "{", "}", "[", "]",
      ":", ",", "2024-08-01",
    ]
    return pieces
  }()

  static func hostileString(_ random: inout SplitMix) -> String {
    if random.chance(8) { return "" }
    return (0..<random.next(12)).map { _ in random.pick(pieces) }.joined()
  }

  static func optionalString(_ random: inout SplitMix) -> String? {
    random.chance(3) ? nil : hostileString(&random)
  }

  /// Ints for counts and lines, with the extremes.
  static func integer(_ random: inout SplitMix) -> Int {
    switch random.next(6) {
    case 0: return random.pick([0, -1, Int.max, Int.min, 9, 10, 99, 100, 1_000_000])
    case 1: return random.next(2_000_001) - 1_000_000
    case 2: return Int(bitPattern: UInt(random.next()))
    default: return random.next(100)
    }
  }

  /// Mostly days of the years 2000–2040, sometimes any day from year -30000 to 30000 (negative
  /// and five-digit years print differently and sort differently as text).
  static func day(_ random: inout SplitMix) -> Day {
    if random.chance(10) {
      return Day(ordinal: random.next(22_000_000) - 11_700_000)
    }
    return Day(ordinal: 10_957 + random.next(14_975))
  }

  /// Starts, ends and recurrence ids: dates and date-times on ``day(_:)``'s days, with every
  /// clock field up to 255 and offsets of any sign and size (the offset's seconds are dropped
  /// from the text, hours from 100 up take three digits).
  static func time(_ random: inout SplitMix) -> LocalDateTime {
    let date = day(&random)
    if random.chance(3) { return LocalDateTime(day: date) }
    let offset: Int =
      random.chance(5)
      ? random.pick([0, -1, 1, 3599, -3599, 359_999, 360_000, -360_000, Int.max, Int.min])
      : (random.next(57_601) - 28_800)
    return LocalDateTime(
      day: date, hour: random.chance(8) ? random.next(256) : random.next(24),
      minute: random.next(60), second: random.chance(8) ? random.next(256) : random.next(61),
      utcOffset: offset)
  }

  static func segment(_ random: inout SplitMix) -> Segment {
    let first = day(&random)
    let span = DaySpan(title: "", firstDay: first, lastDay: first)
    var segment = Segment(span: span, firstDay: first, lastDay: first)
    segment.uid = hostileString(&random)
    segment.recurrenceId = random.chance(3) ? nil : time(&random)
    segment.title = hostileString(&random)
    segment.allDay = random.chance(2)
    segment.start = time(&random)
    segment.end = time(&random)
    segment.firstDay = day(&random)
    segment.lastDay = day(&random)
    segment.continuesBefore = random.chance(2)
    segment.continuesAfter = random.chance(2)
    segment.calendar = optionalString(&random)
    segment.location = optionalString(&random)
    segment.color = optionalString(&random)
    if random.chance(3) {
      segment.categories = (0..<(1 + random.next(3))).map { _ in hostileString(&random) }
    }
    if random.chance(2) { segment.details = details(&random) }
    return segment
  }

  /// Details with every field present or not, a description now and then past the cap.
  static func details(_ random: inout SplitMix) -> EventDetails {
    var description = optionalString(&random)
    if random.chance(6) { description = String(repeating: "é\n", count: 1_400) }
    return EventDetails(
      description: description, url: optionalString(&random),
      status: random.chance(2) ? nil : random.pick(EventDetails.Status.allCases),
      organizer: optionalString(&random),
      attendeeCount: random.chance(2) ? nil : 1 + random.next(500))
  }

  static func week(_ random: inout SplitMix) -> WeekRow {
    let lanes = (0..<random.next(5)).map { _ in
      (0..<random.next(5)).map { _ in segment(&random) }
    }
    var more: [Day: Int]?
    switch random.next(4) {
    case 0: more = [:]
    case 1:
      more = [:]
      for _ in 0..<(1 + random.next(9)) { more?[day(&random)] = integer(&random) }
    default: more = nil
    }
    return WeekRow(start: day(&random), lanes: lanes, more: more)
  }

  static func layout(_ random: inout SplitMix) throws -> MonthLayout {
    let month = try #require(YearMonth(year: 1 + random.next(9999), month: 1 + random.next(12)))
    let skipped = (0..<random.pick([0, 0, 1, 3])).map { _ in
      SkippedEvent(
        uid: optionalString(&random), line: random.chance(3) ? nil : integer(&random),
        reason: hostileString(&random))
    }
    var stats =
      random.chance(2)
      ? nil
      : LayoutStats(
        eventsRead: integer(&random), eventsShown: integer(&random),
        eventsOutside: integer(&random), eventsCancelled: integer(&random),
        eventsSkipped: integer(&random), eventsDuplicate: integer(&random),
        occurrences: integer(&random), segments: integer(&random))
    if random.chance(2) { stats?.eventsFiltered = integer(&random) }
    var calendars: [CalendarInfo]?
    switch random.next(3) {
    case 0: calendars = nil
    case 1: calendars = []
    default:
      calendars = (0..<(1 + random.next(3))).map { _ in
        CalendarInfo(name: hostileString(&random), color: hostileString(&random))
      }
    }
    var layout = MonthLayout(
      month: month, timeZone: hostileString(&random),
      weekStart: random.pick(Weekday.allCases), firstDay: day(&random), lastDay: day(&random),
      laneRule: random.pick([LaneRule.firstFit, .sticky]),
      weeks: (0..<random.pick([0, 1, 4, 5, 6])).map { _ in week(&random) }, skipped: skipped,
      stats: stats, calendars: calendars)
    if random.chance(4) { layout.schema = hostileString(&random) }
    return layout
  }

  /// The array document as the CLI streams it: `[`, each month written one level deep after
  /// its separator, `]`.
  static func streamed(_ layouts: [MonthLayout]) -> String {
    var bytes = Array("[\n".utf8)
    for (index, layout) in layouts.enumerated() {
      bytes.append(contentsOf: (index == 0 ? "  " : ",\n  ").utf8)
      JSONLayoutRenderer.write(layout, indent: 1, into: &bytes)
    }
    bytes.append(contentsOf: "\n]\n".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `actual == expected` byte for byte; on a difference, says where, with some context.
  static func expectSame(
    _ actual: String, _ expected: String, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let a = Array(actual.utf8)
    let b = Array(expected.utf8)
    guard a != b else { return }
    let offset =
      zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(a.count, b.count)
    let context = { (bytes: [UInt8]) in
      String(decoding: bytes[max(0, offset - 80)..<min(bytes.count, offset + 80)], as: UTF8.self)
        .debugDescription
    }
    Issue.record(
      "\(what): byte \(offset) differs (\(a.count) vs \(b.count) bytes)\nwriter:     \(context(a))\nfoundation: \(context(b))",
      sourceLocation: sourceLocation)
  }

  @Test(
    "Random layouts: one object, arrays, the CLI stream and data() match JSONEncoder",
    arguments: 0..<40)
  func matchesFoundation(seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 7919 &+ 17)
    let layouts = try (0..<(2 + random.next(3))).map { _ in
      try LayoutJSONWriterTests.layout(&random)
    }
    for layout in layouts {
      let expected = try JSONLayoutRenderer.foundationText(of: layout)
      Self.expectSame(try JSONLayoutRenderer.render(layout), expected, "render(layout)")
      Self.expectSame(try JSONLayoutRenderer.render([layout]), expected, "render([layout])")
      let data = try JSONLayoutRenderer.data([layout])
      Self.expectSame(String(decoding: data, as: UTF8.self) + "\n", expected, "data([layout])")
    }
    let expected = try JSONLayoutRenderer.foundationText(of: layouts)
    Self.expectSame(try JSONLayoutRenderer.render(layouts), expected, "render(layouts)")
    Self.expectSame(Self.streamed(layouts), expected, "streamed(layouts)")
    let data = try JSONLayoutRenderer.data(layouts)
    Self.expectSame(String(decoding: data, as: UTF8.self) + "\n", expected, "data(layouts)")
  }

  @Test("Arrays of no layout and of one layout, streamed, match JSONEncoder")
  func smallArrays() throws {
    var random = SplitMix(state: 99)
    let one = [try LayoutJSONWriterTests.layout(&random)]
    Self.expectSame(
      try JSONLayoutRenderer.render([MonthLayout]()),
      try JSONLayoutRenderer.foundationText(of: [MonthLayout]()), "render([])")
    Self.expectSame(
      Self.streamed(one), try JSONLayoutRenderer.foundationText(of: one), "streamed([one])")
  }

  /// The random layouts do reach every case the writer must get right, so the comparison above
  /// cannot pass by missing them.
  @Test("The random layouts cover every escape, optional and empty container")
  func coverage() throws {
    var text = ""
    for seed in 0..<40 {
      var random = SplitMix(state: UInt64(seed) &* 7919 &+ 17)
      let layouts = try (0..<(2 + random.next(3))).map { _ in
        try LayoutJSONWriterTests.layout(&random)
      }
      text += try JSONLayoutRenderer.foundationText(of: layouts)
    }
    var escapes = ["\\\"", "\\\\", "\\b", "\\f", "\\n", "\\r", "\\t"]
    escapes += (0x00...0x1F).filter { ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }
      .map { "\\u00" + String(format: "%02x", $0) }
    escapes += (0x7F...0x9F).map { "\\u00" + String(format: "%02x", $0) }
    var shapes = [
      "\"calendars\" : [\n\n", "\"calendars\" : [\n      {", "\"more\" : {\n\n",
      "\"more\" : {\n          \"", "\"stats\" : {", "\"recurrenceId\" : null",
      "\"recurrenceId\" : \"", "\"location\" : ", "\"calendar\" : ", "\"uid\" : null",
      "\"line\" : null", "\"line\" : -", "\"skipped\" : [\n\n", "\"weeks\" : [\n\n",
      "\"lanes\" : [\n\n", "[\n\n          ]", "\" : \"\"", "/", "\u{A0}", "\u{BF}", "👩‍👩‍👧",
      "e\u{301}",
      "\u{2028}", "\(Int.min)", "\(Int.max)", "\"-", "\"schema\" : \"icslanes.layout/1\"",
    ]
    shapes += ["\"laneRule\" : \"sticky\"", "\"laneRule\" : \"first-fit\""]
    shapes += ["\"categories\" : [\n", "\"color\" : \"", "\"eventsFiltered\" : "]
    shapes += [
      "\"attendees\" : ", "\"description\" : ", "\"descriptionTruncated\" : true",
      "\"organizer\" : ", "\"status\" : \"TENTATIVE\"", "\"url\" : ",
    ]
    for needle in escapes + shapes {
      #expect(text.contains(needle), "no random layout produced \(needle.debugDescription)")
    }
    #expect(!text.contains("\"stats\" : {\n\n"))
  }

  /// The format spelled out, independent of Foundation: pinned so that a change in either
  /// shows up here.
  @Test("A small layout gives exactly the contract's pretty-printed text")
  func knownText() throws {
    let day = try #require(Day(year: 2024, month: 8, day: 4))
    var segment = Segment(
      span: DaySpan(title: "", firstDay: day, lastDay: day), firstDay: day, lastDay: day)
    segment.uid = "a/b"
    segment.title = "Q\"\\\n\u{1}\u{7F}\u{9B}\u{A0}é"
    segment.start = LocalDateTime(day: day)
    segment.end = LocalDateTime(day: day.adding(days: 1))
    let layout = MonthLayout(
      month: try #require(YearMonth(year: 2024, month: 8)), timeZone: "UTC", weekStart: .sunday,
      firstDay: day, lastDay: day, laneRule: .firstFit,
      weeks: [WeekRow(start: day, lanes: [[segment], []], more: [day: 2])],
      skipped: [SkippedEvent(uid: nil, line: 7, reason: "no DTSTART")])
    let expected = """
      {
        "firstDay" : "2024-08-04",
        "laneRule" : "first-fit",
        "lastDay" : "2024-08-04",
        "month" : "2024-08",
        "schema" : "icslanes.layout/1",
        "skipped" : [
          {
            "line" : 7,
            "reason" : "no DTSTART",
            "uid" : null
          }
        ],
        "timeZone" : "UTC",
        "weekStart" : "sunday",
        "weeks" : [
          {
            "lanes" : [
              [
                {
                  "allDay" : true,
                  "continuesAfter" : false,
                  "continuesBefore" : false,
                  "end" : "2024-08-05",
                  "firstDay" : "2024-08-04",
                  "lastDay" : "2024-08-04",
                  "recurrenceId" : null,
                  "start" : "2024-08-04",
                  "title" : "Q\\"\\\\\\n\\u0001\\u007f\\u009b\u{A0}é",
                  "uid" : "a/b"
                }
              ],
              [

              ]
            ],
            "more" : {
              "2024-08-04" : 2
            },
            "start" : "2024-08-04"
          }
        ]
      }

      """
    Self.expectSame(try JSONLayoutRenderer.render(layout), expected, "render(layout)")
    Self.expectSame(try JSONLayoutRenderer.foundationText(of: layout), expected, "foundation")
  }
}
