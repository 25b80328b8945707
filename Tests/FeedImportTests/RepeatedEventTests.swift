import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Exports that repeat their events (issue 14: memory on any feed): a repeat whose UID and
/// RECURRENCE-ID an earlier event already has, with at least its SEQUENCE, is dropped as soon as
/// it is read (`FeedLoader.dropsAsRepeat`), and `Feed.group` folds it back in by line. The
/// counts, warnings and layout must be those of the rule itself, worked out here from the text
/// alone: of the events with one UID and RECURRENCE-ID the one with the highest SEQUENCE is
/// used, on a tie the first; each later one found says which is used.
@Suite("Repeated events")
struct RepeatedEventTests {
  /// One event of a generated feed.
  struct Written {
    let uid: String
    let recurrenceId: String?
    let sequence: Int
    let line: Int
    let inAugust: Bool
  }

  /// A feed of `count` events over a few UIDs, each a repeat of another now and then: half the
  /// UIDs have masters only, half overrides only (of three instances); a random SEQUENCE
  /// (sometimes none), in August 2024 (kept) or in 2023 (passed over: read again when a kept
  /// event has its UID, not read at all when none has); one in twenty-five with a RRULE or a
  /// longer length, so that some repeats are kept and only folded at the end.
  static func feed(count: Int, seed: UInt64) -> (text: String, events: [Written]) {
    var random = SeededRandom(state: seed)
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    var events: [Written] = []
    let ids = ["20240805T090000Z", "20240806T090000Z", "20240807T090000Z"]
    for index in 0..<count {
      let pick = Int(random.next() % 12)
      let uid = "u\(pick)@example.com"
      let recurrenceId = pick < 6 ? nil : ids[Int(random.next() % 3)]
      let sequence = Int(random.next() % 4)
      // Two UIDs of each half lie outside August only: with the pre-filter, their groups are
      // passed over whole.
      let inAugust = pick % 6 >= 2 && random.next() % 3 != 0
      let line = lines.count + 1
      let day = 1 + Int(random.next() % 28)
      let start =
        inAugust ? "202408\(day < 10 ? "0" : "")\(day)T10\(index % 6)000Z" : "20230301T100000Z"
      var event = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", "DTSTART:\(start)"]
      event.append(random.next() % 25 == 0 ? "DURATION:PT2H" : "DURATION:PT1H")
      if let recurrenceId { event.append("RECURRENCE-ID:\(recurrenceId)") }
      if recurrenceId == nil, random.next() % 25 == 0 { event.append("RRULE:FREQ=DAILY;COUNT=2") }
      if sequence > 0 || random.next() % 2 == 0 { event.append("SEQUENCE:\(sequence)") }
      event += ["SUMMARY:L\(line)", "END:VEVENT"]
      lines += event
      events.append(
        Written(
          uid: uid, recurrenceId: recurrenceId, sequence: sequence, line: line, inAugust: inAugust))
    }
    lines.append("END:VCALENDAR")
    return (lines.joined(separator: "\r\n") + "\r\n", events)
  }

  /// The rule worked out from the written events: the events used, the number of duplicates
  /// and each one's warning, in the order of the lines that found them.
  static func expected(_ events: [Written]) -> (
    used: [Written], duplicates: Int, warnings: [String]
  ) {
    var chosen: [String: Written] = [:]
    var order: [String] = []
    var duplicates = 0
    var warnings: [String] = []
    for event in events {
      let key = event.uid + "|" + (event.recurrenceId ?? "-")
      guard let earlier = chosen[key] else {
        chosen[key] = event
        order.append(key)
        continue
      }
      duplicates += 1
      let winner = earlier.sequence >= event.sequence ? earlier : event
      let loser = winner.line == earlier.line ? event : earlier
      chosen[key] = winner
      warnings.append(
        "\(loser.line) \(event.uid): repeats the VEVENT at line \(winner.line) (same UID and RECURRENCE-ID); that one is used"
      )
    }
    return (order.compactMap { chosen[$0] }, duplicates, warnings)
  }

  @Test("random repeats: counts, warnings and the events used follow the rule", arguments: 1...6)
  func randomRepeats(seed: UInt64) throws {
    let (text, events) = Self.feed(count: 400, seed: seed)
    let inAugust = Set(events.filter(\.inAugust).map(\.uid))
    for prefilter in [true, false] {
      // With the pre-filter, the UIDs none of whose events is in August are not read at all.
      let read = prefilter ? events.filter { inAugust.contains($0.uid) } : events
      let (used, duplicates, warnings) = Self.expected(read)
      var options = ImportOptions()
      // With the window, the pre-filter passes over the events of 2023 (read again when their
      // UID repeats); without it, every event is read in the first reading.
      if prefilter { options.window = UIDGroupTests.request.window }
      let feed = try Feed(text: text, name: "repeats", options: options)
      let (layout, found) = try Hostile.layOut([feed])
      let stats = try Hostile.unwrap(layout.stats)
      #expect(stats.eventsDuplicate == duplicates)
      #expect(stats.addsUp)
      let worded = found.filter { $0.message.hasPrefix("repeats the VEVENT") }.map {
        "\($0.line ?? -1) \($0.uid ?? ""): \($0.message)"
      }
      #expect(worded == warnings, "prefilter \(prefilter)")
      // The events used that start in August are shown (masters here do not recur, or
      // twice; overrides have no master and are shown at their own start), and no other.
      let shown = Set(layout.occurrences.map(\.title))
      let usedInAugust = Set(used.filter(\.inAugust).map { "L\($0.line)" })
      #expect(shown == usedInAugust, "prefilter \(prefilter)")
    }
  }

  @Test("a feed of 5,000 copies of 4 events keeps the first 1,000 warnings and counts the rest")
  func manyRepeatsAreCountedPastTheWarningLimit() throws {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    for index in 0..<5_000 {
      lines += [
        "BEGIN:VEVENT", "UID:copy-\(index % 4)@example.com", "DTSTAMP:20240101T000000Z",
        "DTSTART:2024080\(1 + index % 4)T090000Z", "DURATION:PT1H", "SUMMARY:Copy", "END:VEVENT",
      ]
    }
    lines.append("END:VCALENDAR")
    let feed = try Feed(text: lines.joined(separator: "\r\n") + "\r\n", name: "copies")
    let (layout, warnings) = try Hostile.layOut([feed])
    let stats = try Hostile.unwrap(layout.stats)
    #expect(stats.eventsDuplicate == 4_996)
    #expect(stats.eventsShown == 4)
    #expect(layout.occurrences.count == 4)
    let worded = warnings.filter { $0.message.hasPrefix("repeats the VEVENT") }
    #expect(worded.count == 1_000)
    // The fifth event (line 32) is the first repeat of the first (line 4).
    #expect(worded.first?.line == 32)
    #expect(worded.first?.message.contains("at line 4 ") == true)
    #expect(warnings.last?.message == "3996 more duplicate(s) not listed one by one")
  }
}
