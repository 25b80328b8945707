import Foundation
import Testing

/// `icslanes --index`: the command's output, warnings, `--stats` and exit code are the same
/// with and without the index, byte for byte.
@Suite struct FeedIndexCommandTests {
  static let samples = [
    "team.ics", "family.ics", "japanese.ics", "cases/recurrence-id-overrides.ics",
    "cases/duplicate-vevents.ics", "cases/tzid-vtimezone-after-events.ics",
    "hostile/bad-events.ics",
  ]

  @Test(arguments: samples)
  func theCommandPrintsTheSameWithTheIndex(name: String) throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for zone in ["UTC", "Europe/Berlin"] {
      let arguments = [
        TestSupport.sample(name), "--month", "2024-08", "--months", "2", "--tz", zone,
        "--format", "json", "--stats",
      ]
      let plain = try CommandErrorTests.run(arguments)
      // Built by the first run, read by the second.
      for _ in 0..<2 {
        let indexed = try CommandErrorTests.run(arguments + ["--index", folder + "/"])
        #expect(indexed.status == plain.status)
        #expect(indexed.stdout == plain.stdout)
        #expect(indexed.stderr == plain.stderr)
      }
      #expect(plain.stderr.contains("events read"))
    }
    _ = try IndexSupport.indexFile(in: folder)
  }

  @Test func autoKeepsTheIndexUnderTheCacheFolder() throws {
    let cache = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let arguments = [TestSupport.sample("team.ics"), "--month", "2024-08", "--format", "json"]
    let run = try CommandErrorTests.run(
      arguments + ["--index", "auto"], environment: ["XDG_CACHE_HOME": cache])
    #expect(run.status == 0)
    #expect(run.stdout == (try CommandErrorTests.run(arguments)).stdout)
    _ = try IndexSupport.indexFile(in: cache + "/icslanes")
  }

  @Test func anIndexFileTakesOneFeedFile() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try CommandErrorTests.run([
      TestSupport.sample("team.ics"), TestSupport.sample("family.ics"), "--month", "2024-08",
      "--index", folder + "/one.sqlite",
    ])
    #expect(run.status == 64)
    #expect(run.stderr.contains("holds the index of one feed"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/one.sqlite"))
  }
}
