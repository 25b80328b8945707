import Foundation
import GRDB
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedIndex

/// A month's replay reads the `sharing` rows of the UIDs its kept events have (a UID group is
/// read whole or not at all), not every row: the answer stays the one without the index.
@Suite struct IndexGroupTests {
  /// The line where the far override of `inside` begins.
  static let farOverrideLine = 18

  /// One VEVENT's lines.
  static func event(_ uid: String, _ lines: String...) -> [String] {
    ["BEGIN:VEVENT", "UID:\(uid)", "DURATION:PT1H"] + lines + ["SUMMARY:\(uid)", "END:VEVENT"]
  }

  /// The feed: the month is August 2024.
  /// - `inside`: a weekly series in the month, an override in it and one far from it;
  /// - `far`: a series and two overrides of other days, all far from the month;
  /// - `copy`: two copies of an event far from the month (a duplicate);
  /// - `near`: a far series with two overrides of days one day apart (which libical settles);
  /// - `single`: an event far from the month whose UID no other event has;
  /// - `far-0`…`far-29`: more groups like `far`.
  static let text: String = {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN"]
    lines += event("inside", "DTSTART:20240805T090000Z", "RRULE:FREQ=WEEKLY;COUNT=30")
    lines += event(
      "inside", "RECURRENCE-ID:20240812T090000Z", "DTSTART:20240813T100000Z")
    lines += event(
      "inside", "RECURRENCE-ID:20250106T090000Z", "DTSTART:20250107T100000Z")
    lines += event("far", "DTSTART:20250303T090000Z", "RRULE:FREQ=DAILY;COUNT=20")
    lines += event("far", "RECURRENCE-ID:20250305T090000Z", "DTSTART:20250305T150000Z")
    lines += event("far", "RECURRENCE-ID:20250310T090000Z", "DTSTART:20250310T150000Z")
    lines += event("copy", "DTSTART:20230405T090000Z", "SEQUENCE:1")
    lines += event("copy", "DTSTART:20230405T090000Z", "SEQUENCE:2")
    lines += event("near", "DTSTART:20250501T090000Z", "RRULE:FREQ=DAILY;COUNT=20")
    lines += event("near", "RECURRENCE-ID:20250505T090000Z", "DTSTART:20250505T150000Z")
    lines += event(
      "near", "RECURRENCE-ID;TZID=Europe/Berlin:20250506T110000", "DTSTART:20250506T150000Z")
    lines += event("single", "DTSTART:20230601T090000Z")
    // Many more groups like `far`, so that the replay picks its groups out (a replay that
    // would keep most of the rows reads them all, which is cheaper then).
    for index in 0..<30 {
      lines += event("far-\(index)", "DTSTART:20250303T090000Z", "RRULE:FREQ=DAILY;COUNT=20")
      lines += event("far-\(index)", "RECURRENCE-ID:20250305T090000Z", "DTSTART:20250305T150000Z")
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }()

  /// The feed written into `folder`, the month's request, and its answer without an index.
  static func feed(in folder: String) throws -> (String, MonthRequest, IndexAnswer) {
    let path = folder + "/feed.ics"
    try IndexGroupTests.text.write(toFile: path, atomically: true, encoding: .utf8)
    let request = try IndexSupport.request("2024-08")
    return (path, request, try IndexSupport.plain(path, request))
  }

  @Test func aReplayReadsTheGroupsThatCanMatter() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, request, plain) = try IndexGroupTests.feed(in: folder)
    // The copies are far from the month: their group is passed over whole, with or without
    // the index, so no duplicate is counted.
    #expect(plain.lines.last { $0.hasPrefix("name") }?.contains("duplicate 0") == true)
    for _ in 0..<2 {
      #expect(try IndexSupport.indexed(path, request, folder: folder) == plain)
    }
    let indexFile = try IndexSupport.indexFile(in: folder)
    let queue = try DatabaseQueue(path: indexFile)
    let (groups, alone) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(DISTINCT grp) FROM sharing"),
        try String.fetchAll(
          db,
          sql: """
            SELECT DISTINCT CAST(uid AS TEXT) FROM sharing WHERE grp IN (SELECT grp FROM alone)
            ORDER BY 1
            """)
      )
    }
    try queue.close()
    #expect(groups == 34)
    #expect(alone.isEmpty)
    // The month's replay: the far override of `inside` (its master is kept), not `far`,
    // `copy`, `near`, `far-…` nor `single`.
    let replay = try IndexReader(indexFile: indexFile).replay(window: request.window)
    #expect(replay.passedOver.uids.count == 1)
    #expect(replay.passedOver.lines.count == 1)
    // Its outcome was kept by the runs above, and is taken back: nothing is parsed.
    let farOverride = try #require(replay.passedOver.lines.first)
    #expect(farOverride == IndexGroupTests.farOverrideLine)
    #expect(replay.passedOverParsed.count == 1)
    #expect(replay.passedOverParsed[Int(farOverride)] != nil)
    let warm = try Feed(
      path: path, replaying: replay, options: ImportOptions(window: request.window))
    #expect(IndexAnswer(warm, request) == plain)
    #expect(warm.takeParsedInReplay().isEmpty)
    // Without a window nothing is passed over.
    let whole = try IndexReader(indexFile: indexFile).replay(window: nil)
    #expect(whole.passedOver.uids.isEmpty)
  }

  /// A damaged outcome of a group's far event is never used: the answer is the plain load's,
  /// and the index, made again, keeps a good one.
  @Test(arguments: [
    "UPDATE parsed SET outcome = x'01' WHERE line = \(farOverrideLine)",
    "UPDATE parsed SET outcome = substr(outcome, 1, 9) WHERE line = \(farOverrideLine)",
    """
    UPDATE parsed SET outcome = (SELECT outcome FROM parsed ORDER BY line LIMIT 1)
      WHERE line = \(farOverrideLine)
    """,
  ])
  func aDamagedOutcomeOfAFarEventIsNeverUsed(change: String) throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, request, plain) = try IndexGroupTests.feed(in: folder)
    #expect(try IndexSupport.indexed(path, request, folder: folder) == plain)
    let indexFile = try IndexSupport.indexFile(in: folder)
    let queue = try DatabaseQueue(path: indexFile)
    let changed = try queue.write { db in
      try db.execute(sql: change)
      return db.changesCount
    }
    try queue.close()
    #expect(changed == 1)
    #expect(try IndexSupport.indexed(path, request, folder: folder) == plain)
    #expect(try IndexSupport.indexed(path, request, folder: folder) == plain)
    let replay = try IndexReader(indexFile: indexFile).replay(window: request.window)
    #expect(replay.passedOverParsed.count == 1)
  }

  @Test func positionsGoToSQLiteAsAJSONArray() {
    let numbers = [0, 7, 10, -12, 1_234_567_890_123, Int.max, Int.min] + Array(95...105)
    #expect(
      IndexReader.jsonArray(numbers) == "[" + numbers.map(String.init).joined(separator: ",") + "]")
    #expect(IndexReader.jsonArray([]) == "[]")
  }
}
