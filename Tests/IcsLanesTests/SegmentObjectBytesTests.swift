import Foundation
import LaneLayout
import Testing

@testable import IcsLanes

/// A segment written in one append (``SegmentObjectBytes``) against Foundation's `JSONEncoder`:
/// segments it takes (texts without escapes, times and days of the usual width, texts up to
/// its buffer's size) and segments it leaves to the member-by-member writer, which must give
/// the same bytes either way.
@Suite("Segment JSON in one append")
struct SegmentObjectBytesTests {
  typealias SplitMix = LayoutJSONWriterTests.SplitMix

  /// Texts that need no escape: ASCII, the characters whose UTF-8 starts with C2 as a C1
  /// control's does (U+00A0, U+00BF), other non-ASCII, and slashes.
  static let plainPieces = [
    "a", "Team sync", "/", "é", "\u{A0}", "\u{BF}", "\u{C0}", "日本語", "👩‍👩‍👧", "2024-08-01", " ",
    "Room 4.12", "{", "]", ":", ",",
  ]

  /// A text of plain pieces, empty to a few hundred bytes long.
  static func plainString(_ random: inout SplitMix) -> String {
    let count = random.pick([0, 1, 3, 8, 20, 40])
    return (0..<count).map { _ in random.pick(plainPieces) }.joined()
  }

  /// A segment of plain texts and usual-width times (years 2000–2040), its optionals each
  /// present or not.
  static func plainSegment(_ random: inout SplitMix) -> Segment {
    func day() -> Day { Day(ordinal: 10_957 + random.next(14_975)) }
    func time() -> LocalDateTime {
      if random.chance(3) { return LocalDateTime(day: day()) }
      return LocalDateTime(
        day: day(), hour: random.next(24), minute: random.next(60), second: random.next(60),
        utcOffset: random.next(100_801) - 50_400)
    }
    let first = day()
    var segment = Segment(
      span: DaySpan(title: plainString(&random), firstDay: first, lastDay: first),
      firstDay: first, lastDay: first)
    segment.uid = plainString(&random)
    segment.recurrenceId = random.chance(3) ? nil : time()
    segment.allDay = random.chance(2)
    segment.start = time()
    segment.end = time()
    segment.firstDay = day()
    segment.lastDay = day()
    segment.continuesBefore = random.chance(2)
    segment.continuesAfter = random.chance(2)
    segment.calendar = random.chance(3) ? nil : plainString(&random)
    segment.location = random.chance(3) ? nil : plainString(&random)
    segment.color = random.chance(3) ? nil : "#1f77b4"
    if random.chance(3) {
      segment.categories = (0..<random.next(4)).map { _ in plainString(&random) }
    }
    return segment
  }

  /// A month whose one week row holds `segments`, one lane each.
  static func layout(_ segments: [Segment]) throws -> MonthLayout {
    let month = try #require(YearMonth(year: 2024, month: 8))
    let start = try #require(Day(year: 2024, month: 7, day: 28))
    return MonthLayout(
      month: month, timeZone: "UTC", weekStart: .sunday, firstDay: start, lastDay: start,
      laneRule: .firstFit, weeks: [WeekRow(start: start, lanes: segments.map { [$0] }, more: nil)],
      skipped: [], stats: nil, calendars: nil)
  }

  /// Whether `segment` at `indent` goes in one append.
  static func takesOneAppend(_ segment: Segment, indent: Int = 4) -> Bool {
    var bytes: [UInt8] = []
    return SegmentObjectBytes.write(segment, span: segment.span, indent: indent, into: &bytes)
  }

  @Test("Plain segments go in one append and match JSONEncoder", arguments: 0..<20)
  func plainSegmentsMatchFoundation(seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 104_729 &+ 3)
    let segments = (0..<30).map { _ in Self.plainSegment(&random) }
    let taken = segments.filter { Self.takesOneAppend($0) }.count
    // Most: only segments whose texts together could outgrow the buffer are left out.
    #expect(taken >= 15, "\(taken) of 30")
    let layout = try Self.layout(segments)
    LayoutJSONWriterTests.expectSame(
      try JSONLayoutRenderer.render(layout), try JSONLayoutRenderer.foundationText(of: layout),
      "render(layout)")
    // One level deeper, as in the array of several months.
    LayoutJSONWriterTests.expectSame(
      try JSONLayoutRenderer.render([layout, layout]),
      try JSONLayoutRenderer.foundationText(of: [layout, layout]), "render(layouts)")
  }

  @Test("Segments it leaves out are written member by member, as JSONEncoder writes them")
  func leftOutSegmentsMatchFoundation() throws {
    var random = SplitMix(state: 7)
    let plain = Self.plainSegment(&random)
    #expect(Self.takesOneAppend(plain))
    var cases: [(String, Segment)] = []
    for text in ["a\"b", "a\\b", "tab\there", "\u{7F}", "\u{85}", "x\u{9F}", "\u{1}"] {
      var title = plain
      title.title = text
      cases.append(("title \(text.debugDescription)", title))
      var category = plain
      category.categories = ["ok", text]
      cases.append(("category \(text.debugDescription)", category))
    }
    var far = plain
    far.firstDay = Day(ordinal: 3_000_000)
    cases.append(("a day in year 10000", far))
    var wide = plain
    wide.start = LocalDateTime(
      day: Day(ordinal: 19_000), hour: 10, minute: 0, second: 0, utcOffset: 400_000)
    cases.append(("an offset of 111 hours", wide))
    var long = plain
    long.location = String(repeating: "Room ", count: 400)
    cases.append(("a 2,000-byte location", long))
    for (what, segment) in cases {
      #expect(!Self.takesOneAppend(segment), "\(what)")
      let layout = try Self.layout([segment])
      LayoutJSONWriterTests.expectSame(
        try JSONLayoutRenderer.render(layout), try JSONLayoutRenderer.foundationText(of: layout),
        what)
    }
  }

  /// Whatever the nesting and however many categories, a segment written in one append is
  /// the member-by-member one, and fits the room counted for it (an assertion in debug builds).
  @Test("Any indentation and number of categories: the same bytes as member by member")
  func indentsAndCategories() {
    var random = SplitMix(state: 5)
    var taken = 0
    for indent in 0...9 {
      for count in [0, 1, 2, 5, 10, 20, 40, 70] {
        var segment = Self.plainSegment(&random)
        segment.categories = (0..<count).map { _ in random.chance(2) ? "" : "Lecture" }
        var fast: [UInt8] = []
        guard
          SegmentObjectBytes.write(segment, span: segment.span, indent: indent, into: &fast)
        else { continue }
        taken += 1
        var members: [UInt8] = []
        LayoutJSONWriter.writeMembers(segment, span: segment.span, indent: indent, into: &members)
        #expect(fast == members, "indent \(indent), \(count) categories")
      }
    }
    #expect(taken >= 30)
  }

  /// The escape check reads eight bytes at a time: every position of every byte that needs an
  /// escape, and of C2 before the byte after it (the pair may straddle two words), against a
  /// byte-by-byte reading.
  @Test("The escape check agrees with reading byte by byte, at every place in a word")
  func escapeCheckAgreesByteByByte() {
    let special: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x7F]
    let neutral: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E, 0xC3, 0xA9, 0xC1, 0xC2]
    func byteByByte(_ bytes: [UInt8]) -> Bool {
      for (index, byte) in bytes.enumerated() {
        if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
        if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
          return true
        }
      }
      return false
    }
    func check(_ bytes: [UInt8]) {
      let found = bytes.withUnsafeBufferPointer { SegmentObjectBytes.needsEscape($0) }
      #expect(found == byteByByte(bytes), "\(bytes)")
    }
    for length in 0...20 {
      check([UInt8](repeating: 0x61, count: length))
      for place in 0..<length {
        for byte in special {
          var bytes = [UInt8](repeating: 0x61, count: length)
          bytes[place] = byte
          check(bytes)
        }
        for next: UInt8 in [0x80, 0x9F, 0xA0, 0x7F, 0x61] where place + 1 < length {
          var bytes = [UInt8](repeating: 0x61, count: length)
          bytes[place] = 0xC2
          bytes[place + 1] = next
          check(bytes)
        }
      }
    }
    var random = SplitMix(state: 11)
    for _ in 0..<2_000 {
      let bytes = (0..<random.next(40)).map { _ in
        random.chance(6) ? random.pick(special + [0x80, 0x9F]) : random.pick(neutral)
      }
      check(bytes)
    }
  }
}
