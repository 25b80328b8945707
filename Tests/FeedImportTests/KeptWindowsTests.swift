import Foundation
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// The index stores, for each VEVENT, the day ranges of the windows the pre-filter keeps it for
/// (``EventFacts/keptWindow``) and a yearly series' months (``EventFacts/season``); they must
/// say exactly what ``ScanTally/passesOver(_:)`` says, window by window, or an indexed load
/// would keep other events than a scan.
@Suite struct KeptWindowsTests {
  /// The facts of every VEVENT of `bytes`, as the scan reads them.
  static func facts(of bytes: [UInt8]) throws -> [EventFacts] {
    var scanner = ComponentScanner()
    var found: [EventFacts] = []
    func take(_ item: ScannedItem) {
      if case .event(_, _, let facts) = item { found.append(facts) }
    }
    try TestSupport.scanWhole(bytes, with: &scanner, take)
    return found
  }

  /// Windows of 1 to 45 days, starting every 5 days from 2014 to 2026 (and a few far ones).
  static let windows: [ClosedRange<Day>] = {
    guard let first = Day(iso: "2014-01-01") else { return [] }
    var windows: [ClosedRange<Day>] = []
    for start in stride(from: 0, to: 13 * 366, by: 5) {
      let day = first.adding(days: start)
      windows.append(day...day.adding(days: start % 45))
    }
    windows.append(Day(ordinal: -719_162)...Day(ordinal: -719_162))
    windows.append(Day(ordinal: 2_000_000)...Day(ordinal: 2_000_040))
    return windows
  }()

  static func check(_ allFacts: [EventFacts]) -> Int {
    var passedOver = 0
    for facts in allFacts {
      let kept = facts.keptWindow
      // What the index stores of a yearly series' months.
      let season = StartSeason(stored: facts.season?.stored ?? 0)
      for window in windows {
        let passes = ScanTally(window: window).passesOver(facts)
        let meets =
          kept.map { range in
            range.lowerBound <= window.upperBound.ordinal
              && range.upperBound >= window.lowerBound.ordinal
              && season?.mayMeet(first: window.lowerBound, last: window.upperBound) ?? true
          } ?? true
        #expect(passes == !meets, "\(facts) on \(window)")
        if passes { passedOver += 1 }
      }
    }
    return passedOver
  }

  @Test(arguments: IndexSupport.sampleFiles)
  func keptWindowsMatchThePrefilterOnEverySample(name: String) throws {
    let data = try #require(FileManager.default.contents(atPath: TestSupport.sample(name)))
    _ = KeptWindowsTests.check(try KeptWindowsTests.facts(of: Array(data)))
  }

  @Test func keptWindowsMatchThePrefilterOnAMixedFeed() throws {
    var writer = MixedFeedWriter(seed: 5)
    let allFacts = try KeptWindowsTests.facts(of: Array(writer.text(events: 800).utf8))
    #expect(allFacts.count >= 800)
    // Most events are passed over for most windows: the comparison sees both answers.
    #expect(KeptWindowsTests.check(allFacts) > 0)
  }
}
