import LaneLayout
import Testing

@testable import FeedImport
@testable import ICalBridge

/// ``RecordList`` keeps records in fixed blocks; it must behave as the array it replaced.
struct RecordListTests {
  static func record(line: Int, uid: String = "") -> EventRecord {
    EventRecord(
      uid: uid.isEmpty ? "event-\(line)" : uid, title: "T\(line)", location: nil, line: line,
      calendar: 0, start: WallTime(), length: .zero, rule: nil, rdates: [], exdates: [],
      recurrenceId: nil, thisAndFuture: false, cancelled: false, sequence: 0)
  }

  @Test func appendsReadsWritesAndTruncatesLikeAnArray() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      var list = RecordList()
      var model: [EventRecord] = []
      let size = Int.random(in: 0...(3 * RecordList.blockSize + 5), using: &generator)
      for line in 0..<size {
        list.append(Self.record(line: line))
        model.append(Self.record(line: line))
      }
      #expect(list.count == model.count)
      for _ in 0..<10 where !model.isEmpty {
        let position = Int.random(in: 0..<model.count, using: &generator)
        list[position].title = "changed \(position)"
        model[position].title = "changed \(position)"
        let other = Int.random(in: 0..<model.count, using: &generator)
        list.swapAt(position, other)
        model.swapAt(position, other)
      }
      let kept = Int.random(in: 0...model.count, using: &generator)
      list.truncate(to: kept)
      model.removeSubrange(kept...)
      #expect(list.map(\.title) == model.map(\.title))
      #expect(list.map(\.line) == model.map(\.line))
      // Appending after a cut continues in the right block.
      list.append(Self.record(line: 99_999))
      model.append(Self.record(line: 99_999))
      #expect(list.map(\.line) == model.map(\.line))
      #expect(list.count == model.count)
    }
  }

  @Test func truncatesAtBlockEdges() {
    for size in [RecordList.blockSize, 2 * RecordList.blockSize, 2 * RecordList.blockSize + 1] {
      for kept in [0, 1, RecordList.blockSize - 1, RecordList.blockSize, RecordList.blockSize + 1]
      where kept <= size {
        var list = RecordList((0..<size).map { Self.record(line: $0) })
        list.truncate(to: kept)
        #expect(list.map(\.line) == Array(0..<kept))
        list.append(Self.record(line: -1))
        #expect(list.last?.line == -1)
        #expect(list.count == kept + 1)
      }
    }
  }

  @Test func sortsByLineStablyAsTheArraySortDid() {
    var generator = SystemRandomNumberGenerator()
    let lines = (0..<(2 * RecordList.blockSize + 17)).map { _ in
      Int.random(in: 0..<300, using: &generator)
    }
    var list = RecordList(lines.enumerated().map { Self.record(line: $1, uid: "u\($0)") })
    var model = lines.enumerated().map { Self.record(line: $1, uid: "u\($0)") }
    list.sortByLine()
    model.sort { $0.line < $1.line }
    #expect(list.map(\.uid) == model.map(\.uid))
    // Already in order: nothing moves.
    let before = list.map(\.uid)
    list.sortByLine()
    #expect(list.map(\.uid) == before)
  }
}

/// Records with equal RRULEs share one box and equal EXDATE lists one buffer
/// (``RecurrenceShelf``); different ones never do.
struct SharedRuleTests {
  static func event(
    _ uid: String, _ rule: String, start: String = "20240805T090000Z",
    exdate: String = "20241209T090000Z"
  ) -> String {
    """
    BEGIN:VEVENT
    UID:\(uid)
    DTSTART:\(start)
    DURATION:PT1H
    RRULE:\(rule)
    EXDATE:\(exdate)
    SUMMARY:\(uid)
    END:VEVENT

    """
  }

  /// Where an array's elements are (equal for arrays that share one buffer).
  static func buffer(_ list: [WallTime]) -> UnsafeRawPointer? {
    list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  @Test func equalRulesShareABoxAndTheLayoutIsUnchanged() throws {
    let weekly = "FREQ=WEEKLY;UNTIL=20241231T235959Z;BYDAY=MO"
    let text =
      "BEGIN:VCALENDAR\nVERSION:2.0\n"
      + Self.event("a", weekly) + Self.event("b", weekly)
      + Self.event("c", "FREQ=WEEKLY;UNTIL=20241130T235959Z;BYDAY=MO")
      + Self.event("d", "FREQ=WEEKLY;UNTIL=20241231;BYDAY=MO", start: "20240805")
      + Self.event("e", "FREQ=WEEKLY;UNTIL=20241231T235959Z;BYDAY=MO,TU")
      + Self.event("f", weekly) + Self.event("g", weekly, exdate: "20241216T090000Z")
      + "END:VCALENDAR\n"
    let feed = try Feed(bytes: Array(text.utf8), name: "rules.ics")
    let boxes = Dictionary(uniqueKeysWithValues: feed.records.map { ($0.uid, $0.ruleBoxIdentity) })
    #expect(boxes.count == 7)
    #expect(boxes.values.allSatisfy { $0 != nil })
    // Equal rules written one after the other share a box. Across others they share it too
    // unless one of those took their slot in between: the slots hang on Swift's hash, seeded
    // anew in each process, so that happens to "a" and "f" in about one run of 340.
    #expect(boxes["a"] == boxes["b"])
    #expect(boxes["f"] == boxes["g"])
    #expect(boxes["a"] != boxes["c"])
    #expect(boxes["a"] != boxes["d"])
    #expect(boxes["a"] != boxes["e"])
    let lists = Dictionary(
      uniqueKeysWithValues: feed.records.map { ($0.uid, Self.buffer($0.exdates)) })
    #expect(lists["a"] == lists["b"])
    #expect(lists["a"] == lists["c"])
    #expect(lists["a"] != lists["g"])
    #expect(lists["a"] != nil && lists["g"] != nil)
    let zone = try #require(DisplayZone(named: "UTC"))
    let first = try #require(Day(iso: "2024-12-01"))
    let batch = feed.spans(from: first, through: first.adding(days: 30), in: zone)
    let counts = Dictionary(grouping: batch.spans, by: \.uid).mapValues(\.count)
    // Mondays of December 2024: 2, 9 (excluded), 16, 23, 30; "e" adds the Tuesdays; "c" ended
    // in November; "d" is all-day (its date-time EXDATE takes out the 9th all the same); "g"
    // excludes the 16th instead of the 9th.
    #expect(counts == ["a": 4, "b": 4, "d": 4, "e": 9, "f": 4, "g": 4])
    let ninth = try #require(Day(iso: "2024-12-09"))
    #expect(!batch.spans.contains { $0.uid == "a" && $0.firstDay == ninth })
    #expect(batch.spans.contains { $0.uid == "g" && $0.firstDay == ninth })
  }
}

/// Records with equal titles and locations longer than a `String` holds inline share their
/// storage (``TextShelf``); the texts themselves are untouched.
struct SharedTextStorageTests {
  static func storage(_ text: String) -> UnsafeRawPointer? {
    text.utf8.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) }
      ?? nil
  }

  @Test func equalLongTextsShareStorage() throws {
    func event(_ uid: String, _ title: String, _ location: String) -> String {
      "BEGIN:VEVENT\nUID:\(uid)\nDTSTART:20240805T090000Z\nSUMMARY:\(title)\n"
        + "LOCATION:\(location)\nEND:VEVENT\n"
    }
    let long = "Quarterly planning with the whole team"
    let room = "Building B\\, Room 4.12 (north wing)"
    let text =
      "BEGIN:VCALENDAR\nVERSION:2.0\n" + event("a", long, room) + event("b", long, room)
      + event("c", long + " (moved)", "Room 1") + event("d", "Lunch", "Room 1")
      + event("e", "Lunch", room) + "END:VCALENDAR\n"
    let feed = try Feed(bytes: Array(text.utf8), name: "texts.ics")
    let records = Dictionary(uniqueKeysWithValues: feed.records.map { ($0.uid, $0) })
    let (a, b, c, e) = try (
      #require(records["a"]), #require(records["b"]), #require(records["c"]),
      #require(records["e"])
    )
    #expect(a.title == long && b.title == long && c.title == long + " (moved)")
    #expect(a.location == "Building B, Room 4.12 (north wing)")
    #expect(Self.storage(a.title) != nil)
    #expect(Self.storage(a.title) == Self.storage(b.title))
    #expect(Self.storage(a.title) != Self.storage(c.title))
    // Across other texts too, unless one of them took the slot in between (about one run in
    // 1,000, the slots hanging on Swift's per-process hash seed).
    let (roomA, roomB) = try (#require(a.location), #require(b.location))
    #expect(Self.storage(roomA) == Self.storage(roomB))
    #expect(e.location == a.location)
    #expect(records["d"]?.title == "Lunch")
  }

  /// A composed and a decomposed "é" are equal `String`s, but each record keeps its own bytes.
  @Test func canonicallyEqualTextsKeepTheirOwnBytes() throws {
    let composed = "R\u{E9}union de planification annuelle"
    let decomposed = "Re\u{301}union de planification annuelle"
    #expect(composed == decomposed)
    let text =
      "BEGIN:VCALENDAR\nVERSION:2.0\n"
      + "BEGIN:VEVENT\nUID:nfc\nDTSTART:20240805T090000Z\nSUMMARY:\(composed)\nEND:VEVENT\n"
      + "BEGIN:VEVENT\nUID:nfd\nDTSTART:20240806T090000Z\nSUMMARY:\(decomposed)\nEND:VEVENT\n"
      + "END:VCALENDAR\n"
    let feed = try Feed(bytes: Array(text.utf8), name: "accents.ics")
    let titles = Dictionary(uniqueKeysWithValues: feed.records.map { ($0.uid, $0.title) })
    let (nfc, nfd) = try (#require(titles["nfc"]), #require(titles["nfd"]))
    #expect(Array(nfc.utf8) == Array(composed.utf8))
    #expect(Array(nfd.utf8) == Array(decomposed.utf8))
  }
}
