import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

/// Broken and hostile feeds: each either loads with every usable event and a warning for the
/// rest, or fails with one clear error. Nothing crashes, hangs or drops an event silently.
@Suite("Hostile feeds")
struct HostileFeedTests {
  // MARK: Truncation and structure

  @Test("a truncated feed keeps every complete event and reads the cut one, with a warning")
  func truncated() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/truncated.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(
      Hostile.uids(layout) == [
        "first@truncated", "second@truncated", "third@truncated", "cut@truncated",
      ])
    #expect(layout.segments.count == 6)
    #expect(feed.skipped.isEmpty)
    #expect(
      warnings.contains {
        $0.line == 26 && $0.message.contains("no END:VEVENT") && $0.message.contains("closed")
      })
  }

  @Test("deep, unbalanced and interrupted nesting skips only the broken events")
  func nesting() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/nesting.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(
      Set(Hostile.uids(layout)) == [
        "before@nesting", "unbalanced@nesting", "after@nesting", "inside-other@nesting",
        "interrupted@nesting",
      ])
    let skipped = Dictionary(uniqueKeysWithValues: feed.skipped.map { ($0.uid ?? "", $0) })
    #expect(Set(skipped.keys) == ["deep@nesting"])
    #expect(warnings.contains { $0.message.contains("END:VEVENT closes 1 unclosed component") })
    #expect(warnings.contains { $0.message.contains("X-OTHER is not closed before BEGIN:VEVENT") })
    #expect(skipped["deep@nesting"]?.reason.contains("nested deeper") == true)
    #expect(
      warnings.contains {
        $0.line == 105 && $0.message.contains("before END:VEVENT")
          && $0.message.contains("closed there and read")
      })
    #expect(
      warnings.contains { $0.message.contains("END:X-NEVER-OPENED without a matching BEGIN") })
  }

  @Test("100,000 nested BEGIN lines neither overflow the stack nor keep the event")
  func veryDeepNesting() throws {
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:deep\r\nDTSTART;VALUE=DATE:20240801\r\n"
    text += String(repeating: "BEGIN:X-N\r\n", count: 100_000)
    text += "END:VEVENT\r\n" + Hostile.event("after", "DTSTART;VALUE=DATE:20240802")
    let (feed, layout, _) = try Hostile.layOut(text: text)
    #expect(Hostile.uids(layout) == ["after"])
    #expect(feed.skipped.map(\.uid) == ["deep"])
  }

  @Test("100,000 unmatched BEGIN and END lines stay cheap", .timeLimit(.minutes(1)))
  func unmatchedNesting() throws {
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:deep\r\nDTSTART;VALUE=DATE:20240801\r\n"
    text += String(repeating: "BEGIN:X-A\r\n", count: 100_000)
    text += String(repeating: "END:X-B\r\n", count: 100_000)
    text += "END:VEVENT\r\n" + String(repeating: "END:X-C\r\n", count: 100_000)
    text += Hostile.event("after", "DTSTART;VALUE=DATE:20240802")
    let (feed, layout, warnings) = try Hostile.layOut(text: text)
    #expect(Hostile.uids(layout) == ["after"])
    #expect(feed.skipped.map(\.uid) == ["deep"])
    #expect(warnings.count <= 1_001)
    #expect(warnings.last?.message.contains("more warning(s)") == true)
  }

  @Test("100,000 properties on one event", .timeLimit(.minutes(1)))
  func manyProperties() throws {
    var lines = ["DTSTART;VALUE=DATE:20240805", "SUMMARY:Crowded"]
    lines += (0..<100_000).map { "X-PROP-\($0):value \($0)" }
    let text = Hostile.calendar(
      "BEGIN:VEVENT\r\nUID:crowded\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\n")
    let (feed, layout, _) = try Hostile.layOut(text: text)
    #expect(Hostile.uids(layout) == ["crowded"])
    #expect(layout.segments.first?.title == "Crowded")
    #expect(feed.skipped.isEmpty)
  }

  // MARK: Encodings and line endings

  /// family.ics as CRLF text, for comparison with its variants.
  private func familyLayout() throws -> MonthLayout {
    try Hostile.layOut([Feed(contentsOf: Hostile.sample("family.ics"))]).layout
  }

  private func variant(_ transform: ([UInt8]) -> [UInt8]) throws -> (Feed, MonthLayout) {
    let original = try Hostile.bytes("family.ics")
    let feed = try Feed(bytes: transform(original), name: "Family")
    return (feed, try Hostile.layOut([feed]).layout)
  }

  /// The sample's lines with CRLF, or LF, or CR, between them.
  private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    var text = bytes
    text.removeAll { $0 == 0x0D }
    return text.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }

  @Test("a UTF-8 byte-order mark is ignored")
  func byteOrderMark() throws {
    let (feed, layout) = try variant { [0xEF, 0xBB, 0xBF] + $0 }
    #expect(layout == (try familyLayout()))
    #expect(feed.warnings.isEmpty)
  }

  @Test("LF-only and CR-only line endings read like CRLF, with the same line numbers")
  func lineEndings() throws {
    let expected = try familyLayout()
    let crlf = try Feed(contentsOf: Hostile.sample("family.ics"))
    for separator: UInt8 in [0x0A, 0x0D] {
      let (feed, layout) = try variant {
        Array(Self.lines($0).joined(separator: [separator]))
      }
      #expect(layout == expected)
      #expect(feed.eventsRead == crlf.eventsRead)
      #expect(feed.warnings.map(\.line) == crlf.warnings.map(\.line))
    }
  }

  @Test("NUL bytes are removed with a warning")
  func nulBytes() throws {
    let (feed, layout) = try variant { bytes in
      var result: [UInt8] = []
      for byte in bytes {
        result.append(byte)
        if byte == UInt8(ascii: ":") { result.append(0) }
      }
      return result
    }
    #expect(layout == (try familyLayout()))
    #expect(feed.warnings.contains { $0.message.contains("NUL byte") })
  }

  @Test("a title that is not UTF-8 is read as Windows-1252, one warning per feed")
  func invalidUTF8() throws {
    let head = Array(
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:bad-utf8\r\nDTSTART;VALUE=DATE:20240806\r\nSUMMARY:caf"
        .utf8)
    let tail = Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let second = Array(
      "BEGIN:VEVENT\r\nUID:bad-utf8-2\r\nDTSTART;VALUE=DATE:20240807\r\nSUMMARY:M".utf8)
    let feed = try Feed(
      bytes: head + [0xE9, 0xFF, 0xC3, 0x28, 0x80] + Array("\r\nEND:VEVENT\r\n".utf8) + second
        + [0xFC, 0x6E] + tail, name: "utf8")
    let (layout, warnings) = try Hostile.layOut([feed])
    let title = try Hostile.unwrap(layout.segments.first { $0.uid == "bad-utf8" }?.title)
    #expect(title == "caf\u{E9}\u{FF}\u{C3}(\u{20AC}")
    #expect(layout.segments.first { $0.uid == "bad-utf8-2" }?.title == "M\u{FC}n")
    #expect(warnings.filter { $0.message.contains("Windows-1252") }.count == 1)
    #expect(String(data: try JSONEncoder().encode(layout), encoding: .utf8) != nil)
  }

  // MARK: Size

  @Test("a 10 MB title on one line loads; the text grid cuts it", .timeLimit(.minutes(1)))
  func tenMegabyteLine() throws {
    let title = String(repeating: "long ", count: 2_000_000)
    let text = Hostile.calendar(
      Hostile.event("huge", "DTSTART;VALUE=DATE:20240807", "SUMMARY:" + title))
    let (_, layout, _) = try Hostile.layOut(text: text)
    #expect(layout.segments.first?.title.utf8.count == title.utf8.count - 1)
    let grid = TextGridRenderer(width: 100).render(layout)
    #expect(grid.utf8.count < 20_000)
  }

  @Test("a 10 MB file that is one line without a newline is not iCalendar")
  func tenMegabyteNoNewline() {
    let bytes =
      Array("BEGIN:VCALENDAR".utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 10 << 20)
    #expect {
      try Feed(bytes: bytes, name: "oneline.ics")
    } throws: { error in
      guard case .notICalendar(let source, _)? = error as? ImportError else { return false }
      return source == "oneline.ics"
    }
  }

  @Test("a line longer than the limit stops the import with its line number")
  func lineTooLong() {
    var bytes = Array("BEGIN:VCALENDAR\r\nX-HUGE:".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 65 << 20)
    #expect(
      throws: ImportError.notICalendar(source: "huge.ics", detail: "line 2 is longer than 64 MiB")
    ) {
      try Feed(bytes: bytes, name: "huge.ics")
    }
  }

  // MARK: Not iCalendar

  @Test("an empty file is not iCalendar")
  func emptyFile() throws {
    let path = try Scratch.file(named: "empty.ics").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: ImportError.notICalendar(source: path, detail: "the input is empty")) {
      try Feed(contentsOf: path)
    }
    #expect(throws: ImportError.notICalendar(source: "blank", detail: "the input is empty")) {
      try Feed(text: "\r\n  \r\n\n", name: "blank")
    }
  }

  @Test("a binary file is not iCalendar, and the message shows no raw bytes")
  func binaryFile() throws {
    var generator = SplitMix(seed: 42)
    let bytes =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + (0..<65_536).map { _ in
        UInt8(truncatingIfNeeded: generator.next())
      }
    do {
      _ = try Feed(bytes: bytes, name: "picture.ics")
      Issue.record("a binary file loaded")
    } catch {
      guard case .notICalendar = error else {
        Issue.record("unexpected \(error)")
        return
      }
      let message = error.description
      #expect(message.hasPrefix("picture.ics: not iCalendar"))
      #expect(
        !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
  }

  @Test("an HTML login page saved as .ics is named as HTML")
  func htmlPage() {
    let page = """
      <!DOCTYPE html>
      <html><head><title>Sign in</title></head>
      <body><form action="/login"><input name="user"></form></body></html>
      """
    #expect {
      try Feed(text: page, name: "calendar.ics")
    } throws: { error in
      let message = (error as? ImportError)?.description ?? ""
      return message.hasPrefix("calendar.ics: not iCalendar: line 1 starts like HTML")
    }
  }

  @Test("a bare VTODO is iCalendar without events; a text file names its first line")
  func bareComponents() throws {
    let todo = "BEGIN:VTODO\r\nUID:t\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\n"
    let (feed, layout, _) = try Hostile.layOut(text: todo)
    #expect(layout.segments.isEmpty)
    #expect(feed.eventsRead == 0)
    #expect(
      throws: ImportError.notICalendar(
        source: "notes.ics", detail: "line 3 starts with \"Dear diary\", not with BEGIN:VCALENDAR")
    ) {
      try Feed(text: "\n  \nDear diary\nBEGIN:VCALENDAR\n", name: "notes.ics")
    }
  }

  @Test("a missing file and a directory are unreadable, naming the path")
  func unreadable() throws {
    let missing = "/nonexistent/icslanes/feed.ics"
    #expect(throws: ImportError.unreadable(path: missing, reason: "no such file")) {
      try Feed(contentsOf: missing)
    }
    let directory = try Scratch.folder().path
    #expect(throws: ImportError.unreadable(path: directory, reason: "is a directory")) {
      try Feed(contentsOf: directory)
    }
    #expect(
      ImportError.unreadable(path: missing, reason: "no such file").description
        == "/nonexistent/icslanes/feed.ics: cannot read: no such file")
  }

  // MARK: Times

  @Test("DTEND before DTSTART: laid out on the start day, with a warning")
  func endBeforeStart() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/dtend-before-dtstart.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    let days = Dictionary(
      uniqueKeysWithValues: layout.segments.map { ($0.uid, ($0.firstDay, $0.lastDay)) })
    let expected: [String: Day?] = [
      "backwards-timed@dtend": Day(year: 2024, month: 8, day: 14),
      "backwards-date@dtend": Day(year: 2024, month: 8, day: 20),
      "negative-duration@dtend": Day(year: 2024, month: 8, day: 22),
    ]
    for (uid, day) in expected {
      let day = try Hostile.unwrap(day)
      #expect(days[uid]?.0 == day && days[uid]?.1 == day, "\(uid)")
      #expect(warnings.contains { $0.uid == uid && $0.message.contains("ends before it starts") })
    }
  }

  /// `;` right before a value's `:` makes libical read the `:` as part of the value and remove
  /// the property: the event without DTSTART is skipped, the override without RECURRENCE-ID
  /// repeats its series. The pre-filter keeps such events, so every month says so. Found by the
  /// import fuzzer comparing pre-filtered months with the whole feed's.
  @Test func anEmptyParameterBeforeTheValueIsLeftToLibical() throws {
    let text = Hostile.calendar(
      Hostile.event("no-start", "DTSTART;TZID=US/Central;:20031019T120000", "SUMMARY:Gone")
        + Hostile.event(
          "series", "DTSTART:20031006T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=4",
          "SUMMARY:Series")
        + Hostile.event(
          "series", "RECURRENCE-ID;X-A=1;:20031013T090000Z", "DTSTART:20031014T090000Z",
          "DURATION:PT1H", "SUMMARY:Not an override")
        + Hostile.event(
          "dated", "DTSTART;VALUE=DATE;:20031020", "SUMMARY:Gone too")
        // The class: any parameter without `=` before another one (found again by the fuzzer
        // with bytes that are not UTF-8 in a parameter's name); one last before the value is
        // read by libical.
        + Hostile.event(
          "bare-param", "DTSTART;X;TZID=Europe/Berlin:20031019T120000", "SUMMARY:Gone three")
        + Hostile.event("bare-last", "DTSTART;X-B:20031021T120000Z", "SUMMARY:Kept")
        + Hostile.event("inside", "DTSTART;VALUE=DATE:20240805", "SUMMARY:Inside"))
    let whole = try Feed(text: text, name: "params")
    #expect(Set(whole.skipped.compactMap(\.uid)) == ["no-start", "dated", "bare-param"])
    for (year, month) in [(2024, 8), (2003, 10), (2003, 9)] {
      let first = try Hostile.unwrap(YearMonth(year: year, month: month))
      _ = try FilteredMonths.compare(text, name: "params", from: first, count: 1, zoneName: "UTC")
    }
  }

  @Test("years 0001 and 9999: year one lays out, beyond libical's year 3000 is skipped")
  func extremeYears() throws {
    let path = Hostile.sample("hostile/extreme-years.ics")
    let all = try Feed(contentsOf: path)
    let january1 = try Hostile.layOut([all], month: YearMonth(year: 1, month: 1)).layout
    #expect(Hostile.uids(january1) == ["year-one@years"])
    #expect(january1.segments.first?.start == "0001-01-01")
    let august = try Hostile.layOut([all]).layout
    #expect(Hostile.uids(august) == ["yearly-from-one@years"])
    let december9999 = try Hostile.layOut([all], month: YearMonth(year: 9999, month: 12)).layout
    #expect(december9999.segments.isEmpty)
    let reasons = Dictionary(uniqueKeysWithValues: all.skipped.map { ($0.uid ?? "", $0.reason) })
    #expect(reasons["year-9999@years"]?.contains("years 1 to 3000") == true)
    #expect(reasons["year-zero@years"] != nil)
    #expect(reasons["past-9999@years"] != nil)
    #expect(december9999.stats?.addsUp == true)
    // The pre-filter keeps what libical skips, so that each month lists it as skipped (the
    // event of 31 December 9999 was "outside" filtered and "skipped" whole).
    let text = String(decoding: try Hostile.bytes("hostile/extreme-years.ics"), as: UTF8.self)
    for (year, month, count) in [(2024, 7, 3), (1, 1, 2), (3000, 12, 2), (9999, 11, 2)] {
      let first = try Hostile.unwrap(YearMonth(year: year, month: month))
      _ = try FilteredMonths.compare(
        text, name: "years", from: first, count: count, zoneName: "UTC")
    }
  }

  // MARK: Recurrence bombs

  @Test(
    "COUNT of 2^31 is rejected by libical: the rule is dropped, DTSTART stays; 2^31-1 works",
    .timeLimit(.minutes(1)))
  func hugeCount() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/rrule-bombs.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(feed.skipped.isEmpty)
    #expect(layout.segments.filter { $0.uid == "count-2-31@bombs" }.count == 1)
    #expect(warnings.contains { $0.uid == "count-2-31@bombs" && $0.message.hasPrefix("RRULE") })
    #expect(layout.segments.filter { $0.uid == "count-max@bombs" }.count == 5)
  }

  @Test("FREQ=SECONDLY with no end and dense BY parts stay bounded", .timeLimit(.minutes(1)))
  func denseRules() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/rrule-bombs.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    let cap = ImportOptions().maximumOccurrencesPerEvent
    for uid in ["secondly@bombs"] {
      let segments = layout.segments.filter { $0.uid == uid }
      #expect(segments.count == cap, "\(uid)")
      #expect(segments.allSatisfy { $0.firstDay >= layout.firstDay }, "\(uid)")
      #expect(warnings.contains { $0.uid == uid && $0.message.contains("\(cap) occurrences") })
    }
    // The feed's budget (each event's first occurrence, and 20,000 more shared) is spent by the
    // first two dense series: the third keeps its first occurrence, "calm" its only one.
    #expect(layout.segments.filter { $0.uid == "minutely-bysecond@bombs" }.count == 9_998)
    #expect(layout.segments.filter { $0.uid == "weekly-every-second@bombs" }.count == 1)
    #expect(layout.segments.filter { $0.uid == "calm@bombs" }.count == 1)
    #expect(
      warnings.contains {
        $0.uid == nil && $0.message.contains("20000 more shared by all): 20006 are laid out")
          && $0.message.contains("of 2 event(s), are left out")
      })
    // Too dense to expand: the rule is dropped and DTSTART (in 2000) stays.
    #expect(
      warnings.contains {
        $0.uid == "by-everything@bombs" && $0.message.contains("instances per FREQ period")
      })
    #expect(layout.stats?.addsUp == true)
    #expect(layout.stats?.eventsShown == 6)
  }

  @Test("a COUNT beyond the window jumps to it; the step cap holds the walk there")
  func stepCap() throws {
    // COUNT 900,000,000 from 2000 runs past August 2024: dropped, so the iterator jumps to
    // August's first midnight (UTC) and meets the occurrence cap on 1 August.
    let text = Hostile.calendar(
      Hostile.event("walk", "DTSTART:20000101T000000Z", "RRULE:FREQ=SECONDLY;COUNT=900000000"))
    let feed = try Feed(
      text: text, name: "walk", options: ImportOptions(maximumRecurrenceSteps: 50_000))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(layout.segments.count == 10_000)
    #expect(layout.segments.allSatisfy { $0.firstDay == layout.firstDay })
    #expect(warnings.contains { $0.message.contains("only the first 10000") })
    // With room for more occurrences, the event's 50,000 steps stop it first.
    var options = ImportOptions(maximumOccurrencesPerEvent: 100_000, maximumRecurrenceSteps: 50_000)
    options.maximumOccurrencesPerFeed = 100_000
    let roomy = try Feed(text: text, name: "walk", options: options)
    let (held, more) = try Hostile.layOut([roomy])
    #expect(held.segments.count <= 50_000)
    #expect(held.segments.count > 40_000)
    #expect(more.contains { $0.message.contains("more than 50000 recurrence steps in the window") })
  }

  // MARK: Unusable events

  @Test(
    "only an unusable DTSTART skips an event; a broken RRULE or an X-LIC-ERROR costs the property")
  func unusableEvents() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/bad-events.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(
      Set(Hostile.uids(layout)) == [
        "good-before@bad", "harmless-error@bad", "good-after@bad", "bad-rrule@bad",
        "bad-byparts@bad", "lic-error@bad",
      ])
    // The events whose rule was dropped show DTSTART alone.
    for uid in ["bad-rrule@bad", "bad-byparts@bad"] {
      #expect(layout.segments.filter { $0.uid == uid }.count == 1, "\(uid)")
    }
    let skipped = Dictionary(uniqueKeysWithValues: feed.skipped.map { ($0.uid ?? "", $0) })
    let expected: [String: (line: Int, reason: String)] = [
      "no-dtstart@bad": (11, "no DTSTART"),
      "bad-dtstart@bad": (17, "DTSTART"),
      "impossible-dtstart@bad": (23, "DTSTART is not a usable date"),
    ]
    #expect(Set(skipped.keys) == Set(expected.keys))
    for (uid, want) in expected {
      #expect(skipped[uid]?.line == want.line, "\(uid)")
      #expect(
        skipped[uid]?.reason.contains(want.reason) == true, "\(uid): \(skipped[uid]?.reason ?? "-")"
      )
    }
    #expect(layout.skipped == feed.skipped)
    #expect(
      warnings.contains {
        $0.uid == "bad-rrule@bad" && $0.line == 29 && $0.message.hasPrefix("RRULE cannot be read")
          && $0.message.contains("dropped")
      })
    #expect(
      warnings.contains {
        $0.uid == "bad-byparts@bad" && $0.message.hasPrefix("RRULE")
          && $0.message.contains("dropped")
      })
    #expect(
      warnings.contains {
        $0.uid == "harmless-error@bad" && $0.line == 51 && $0.message.contains("ATTENDEE")
      })
  }

  @Test("--strict turns a skipped event into a failure naming the line")
  func strictSkipped() {
    #expect(throws: ImportError.self) {
      try Feed(
        contentsOf: Hostile.sample("hostile/bad-events.ics"), options: ImportOptions(strict: true))
    }
    do {
      _ = try Feed(
        contentsOf: Hostile.sample("hostile/truncated.ics"), options: ImportOptions(strict: true))
      Issue.record("strict load of a truncated feed succeeded")
    } catch {
      guard case .strictFailure(_, let line, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(line == 26)
      #expect(message.contains("no END:VEVENT"))
      #expect(error.description.hasSuffix("(--strict)"))
    }
  }

  @Test("--strict fails on a warning too, but a clean feed passes")
  func strictWarning() throws {
    #expect(throws: ImportError.self) {
      try Feed(
        contentsOf: Hostile.sample("hostile/dtend-before-dtstart.ics"),
        options: ImportOptions(strict: true))
    }
    let clean = try Feed(
      contentsOf: Hostile.sample("family.ics"), options: ImportOptions(strict: true))
    #expect(clean.skipped.isEmpty)
  }
}

/// A small deterministic generator for test bytes.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
