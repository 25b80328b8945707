import FeedImport
import Foundation
import GRDB
import IcsLanes
import LaneLayout
import Testing

@testable import FeedIndex

/// What libical made of a month's events is kept in the index, and a later replay takes it
/// back instead of parsing: every kept outcome must read back (a replay throws when one does
/// not), give the answer of a plain load, and never be used when it is damaged or was written
/// by another parser.
@Suite struct ParsedOutcomeTests {
  /// The month's replay of every sample, after a first query kept its outcomes, takes them all
  /// back, and answers as a plain load does.
  @Test(arguments: IndexSupport.sampleFiles)
  func everySampleReadsItsKeptOutcomesBack(name: String) throws {
    let path = TestSupport.sample(name)
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for zone in ["UTC", "Europe/Berlin"] {
      for month in ["2020-01", "2024-08", "2025-12"] {
        let request = try IndexSupport.request(month, zone: zone)
        let options = ImportOptions(window: request.window)
        let expected = try IndexSupport.plain(path, request)
        #expect(try IndexSupport.indexed(path, request, folder: folder) == expected)
        let reader = try IndexReader(indexFile: try IndexSupport.indexFile(in: folder))
        let replay = try reader.replay(window: request.window)
        let kept = replay.parts.filter { if case .event = $0 { true } else { false } }.count
        // A kept event without an outcome is one whose TZID was not resolved when read.
        #expect(replay.parsed.count <= kept)
        // Read straight from the replay: an outcome that does not read back throws here
        // (through the index it would only rebuild the index, and the answer be right).
        let warm = try Feed(path: path, replaying: replay, options: options)
        #expect(IndexAnswer(warm, request) == expected)
      }
    }
  }

  /// The samples keep outcomes at all (else the test above proves nothing).
  @Test func theSamplesKeepOutcomes() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let request = try IndexSupport.request("2024-08")
    _ = try IndexSupport.indexed(TestSupport.sample("team.ics"), request, folder: folder)
    let reader = try IndexReader(indexFile: try IndexSupport.indexFile(in: folder))
    let replay = try reader.replay(window: request.window)
    #expect(replay.parsed.count >= 10)
  }

  /// A feed of the generator (series, overrides, RDATEs, EXDATEs, zones): every month of
  /// three years, each asked twice, answers as a plain load; the second asking of a month
  /// parses nothing, not even the far events of the UID groups it reads whole.
  @Test func aMixedFeedAnswersFromItsKeptOutcomes() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try IndexSupport.mixedFeed(seed: 23, events: 1_500, in: folder)
    var taken = 0
    var takenOfGroups = 0
    for offset in 0..<36 {
      let month = try #require(YearMonth(year: 2019, month: 1)?.adding(months: offset))
      let request = MonthRequest(
        first: month, zone: try #require(DisplayZone(named: "America/New_York")))
      let expected = try IndexSupport.plain(path, request)
      #expect(try IndexSupport.indexed(path, request, folder: folder) == expected)
      let reader = try IndexReader(indexFile: try IndexSupport.indexFile(in: folder))
      let replay = try reader.replay(window: request.window)
      taken += replay.parsed.count
      takenOfGroups += replay.passedOverParsed.count
      let warm = try Feed(
        path: path, replaying: replay, options: ImportOptions(window: request.window))
      #expect(IndexAnswer(warm, request) == expected)
      // Every event was taken back: none was parsed, so none is handed to the index again.
      #expect(warm.takeParsedInReplay().isEmpty)
    }
    #expect(taken > 500)
    #expect(takenOfGroups > 20)
  }

  /// Damaged outcomes, outcomes swapped between events, and outcomes of another parser: the
  /// answer is still the plain load's.
  @Test(arguments: [
    "UPDATE parsed SET outcome = x'01'",
    "UPDATE parsed SET outcome = substr(outcome, 1, length(outcome) - 3)",
    "UPDATE parsed SET outcome = outcome || x'00'",
    "UPDATE parsed SET line = line + 1000000",
    """
    UPDATE parsed SET outcome = (SELECT p.outcome FROM parsed p WHERE p.line > parsed.line
      ORDER BY p.line LIMIT 1) WHERE line < (SELECT max(line) FROM parsed)
    """,
    "UPDATE parser SET signature = 'outcome 0, libical 0.0.0'",
  ])
  func aDamagedOrForeignOutcomeIsNeverUsed(change: String) throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = TestSupport.sample("team.ics")
    let request = try IndexSupport.request("2024-08", zone: "Europe/Berlin")
    let expected = try IndexSupport.plain(path, request)
    #expect(try IndexSupport.indexed(path, request, folder: folder) == expected)
    let indexFile = try IndexSupport.indexFile(in: folder)
    let queue = try DatabaseQueue(path: indexFile)
    let before = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM parsed") }
    #expect((before ?? 0) > 0)
    try queue.write { db in try db.execute(sql: change) }
    try queue.close()
    #expect(try IndexSupport.indexed(path, request, folder: folder) == expected)
    // Asked again, the index holds outcomes that read back.
    let reader = try IndexReader(indexFile: indexFile)
    let replay = try reader.replay(window: request.window)
    #expect(replay.parsed.count == before)
    let warm = try Feed(
      path: path, replaying: replay, options: ImportOptions(window: request.window))
    #expect(IndexAnswer(warm, request) == expected)
  }
}
