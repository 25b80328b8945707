import Foundation
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// The scanner hands an event the month pre-filter passes over as its tally's keys alone
/// (``ScannedItem/passedOver(line:uidKey:override:)``), not as its whole facts: the tally must
/// count and key it exactly as it does when it decides itself from the facts (a scanner without
/// a window, every event handed out whole and routed by the tally).
@Suite struct PassedOverItemTests {
  /// What a tally holds after a scan, and the items it handed on, as text.
  static func reading(_ bytes: [UInt8], window: ClosedRange<Day>, scannerDecides: Bool) throws
    -> [String]
  {
    var scanner = ComponentScanner()
    scanner.passOverWindow = scannerDecides ? window : nil
    var tally = ScanTally(window: window)
    var kept: [String] = []
    var handedOver = 0
    try TestSupport.scanWhole(bytes, with: &scanner) { item in
      if case .passedOver = item { handedOver += 1 }
      if let item = tally.route(item) { kept.append(ScanInPlaceTests.describe(item)) }
    }
    if scannerDecides { #expect(handedOver == tally.eventsPassedOver) }
    let keys = tally.passedOver
    return kept + [
      "read \(tally.eventsRead) passed over \(tally.eventsPassedOver)",
      "uids \(keys.uids) lines \(keys.lines)",
    ]
  }

  static var feeds: [URL] {
    let samples = URL(fileURLWithPath: TestSupport.sample(""))
    let files = FileManager.default.enumerator(at: samples, includingPropertiesForKeys: nil)
    return (files?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "ics" }
      .sorted { $0.path < $1.path }
  }

  @Test func passedOverEventsAreKeyedAsTheTallyKeysThem() throws {
    let feeds = Self.feeds
    #expect(feeds.count > 30)
    var passedOver = 0
    var keyed = 0
    for url in feeds {
      let bytes = try [UInt8](Data(contentsOf: url))
      for month in ["1999-03", "2024-02", "2024-08", "2025-12"] {
        guard let first = Day(iso: month + "-01") else { continue }
        let window = first...first.adding(days: 30)
        let decided = try Self.reading(bytes, window: window, scannerDecides: true)
        let routed = try Self.reading(bytes, window: window, scannerDecides: false)
        #expect(decided == routed, "\(url.lastPathComponent) \(month)")
        passedOver += decided.count { $0.hasPrefix("read ") && !$0.hasSuffix("passed over 0") }
        keyed += decided.count { $0.hasPrefix("uids ") && !$0.hasPrefix("uids [] ") }
      }
    }
    // Events were passed over, and keyed by their UIDs.
    #expect(passedOver > 50)
    #expect(keyed > 50)
  }
}
