import FeedImport
import FeedIndex
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Small random feeds whose events share UIDs in the ways libical and the scan may read
/// differently (escaped, two UIDs, folded, spaces around), as series, overrides and repeats
/// in and out of the month: a month through an index, cold and warm, answers exactly as a
/// plain run, which answers as a run without the pre-filter (``WindowedAnswer``).
@Suite("Random shared UIDs, with and without an index")
struct IndexUIDPropertyTests {
  /// A feed of 2 to 9 events drawn from `seed`.
  static func feed(seed: UInt64) -> String {
    var random = SeededRandom(state: seed)
    let uids = ["a", "a,b", "a;b", "x@y", "s1"]
    func uidLines() -> [String] {
      let uid = uids[random.next(uids.count)]
      switch random.next(20) {
      case 0..<3:
        return [
          "UID:"
            + uid.replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(
              of: ";", with: "\\;")
        ]
      case 3: return ["UID:" + uid, "UID:" + uids[random.next(uids.count)]]
      case 4 where uid.count > 1: return ["UID:" + uid.prefix(1), " " + uid.dropFirst()]
      case 5: return ["UID: \(uid)\t"]
      default: return ["UID:" + uid]
      }
    }
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0"]
    for index in 0..<(2 + random.next(8)) {
      lines += ["BEGIN:VEVENT"] + uidLines()
      let year = [2023, 2024, 2025][random.next(3)]
      let month = [1, 7, 8, 9][random.next(4)]
      lines.append(
        "DTSTART:\(year)\(String(format: "%02d%02d", month, 1 + random.next(28)))T0\(1 + random.next(9))0000Z"
      )
      lines.append("DURATION:PT1H")
      switch random.next(20) {
      case 0..<6: lines.append("RRULE:FREQ=WEEKLY;COUNT=\(2 + random.next(30))")
      case 6..<11:
        let replaced = ["20240805", "20240812", "20250106", "20250113", "20240706"]
        lines.append("RECURRENCE-ID:\(replaced[random.next(replaced.count)])T090000Z")
      default: break
      }
      if random.next(2) == 0 { lines.append("SEQUENCE:\(random.next(4))") }
      if random.next(10) == 0 { lines.append("STATUS:CANCELLED") }
      lines += ["SUMMARY:Event \(index)", "END:VEVENT"]
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  @Test func aMonthAnswersAlikeThroughAnIndex() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var duplicates = 0
    for seed in UInt64(1)...120 {
      let path = folder + "/feed-\(seed).ics"
      try IndexUIDPropertyTests.feed(seed: seed).write(
        toFile: path, atomically: true, encoding: .utf8)
      let index = folder + "/index-\(seed)/"
      try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: true)
      for month in ["2024-08", "2025-01"] {
        let request = try IndexSupport.request(month)
        let plain = try IndexSupport.plain(path, request)
        let wholeFeed = try Feed(contentsOf: path)
        let whole = WindowedAnswer(wholeFeed, request)
        let filtered = WindowedAnswer(
          try Feed(contentsOf: path, options: ImportOptions(window: request.window)), request)
        #expect(
          filtered.agrees(withWhole: whole, warnings: true),
          "seed \(seed), \(month): the pre-filter")
        duplicates += wholeFeed.eventsDuplicate > 0 && !filtered.duplicateWarnings.isEmpty ? 1 : 0
        for _ in 0..<2 {
          #expect(
            try IndexSupport.indexed(path, request, folder: index) == plain,
            "seed \(seed), \(month): the index")
        }
      }
    }
    // The feeds hold duplicates to find: a test of their finding, not only of plain feeds.
    #expect(duplicates > 40)
  }
}
