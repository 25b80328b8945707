import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// libical's global state (its zone cache above all) is not safe when first used from several
/// threads at once; every use goes through one lock. Month queries from many tasks, on fresh
/// feeds and on zones no one has used yet, must give exactly the serial results.
@Suite("Concurrency")
struct ConcurrencyTests {
  /// Zones the other tests do not use, so that their first use happens here, concurrently.
  static let freshZones = [
    "Asia/Kathmandu", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham",
    "Asia/Kolkata", "Africa/Casablanca", "America/Santiago", "Australia/Eucla",
  ]

  /// A feed whose events name the fresh zones by TZID (no VTIMEZONE: the built-in zones load).
  static func zonedFeedText() -> String {
    var body = ""
    for (index, zone) in freshZones.enumerated() {
      let day = 3 + index * 3
      let date = "202408\(day < 10 ? "0" : "")\(day)"
      body += Hostile.event(
        "zoned-\(index)", "DTSTART;TZID=\(zone):\(date)T233000",
        "DTEND;TZID=\(zone):\(date)T234500", "RRULE:FREQ=WEEKLY;COUNT=3",
        "SUMMARY:In \(zone)")
    }
    return Hostile.calendar(body)
  }

  /// One query: a fresh feed (samples, or the zoned one) laid out on a month in a zone.
  struct Query: Sendable, Hashable {
    var sample: String?
    var month: YearMonth
    var zone: String
  }

  static func run(_ query: Query) throws -> MonthLayout {
    let feed: Feed
    if let sample = query.sample {
      feed = try Feed(contentsOf: Hostile.sample(sample))
    } else {
      feed = try Feed(text: zonedFeedText(), name: "zoned")
    }
    let zone = try Hostile.unwrap(DisplayZone(named: query.zone))
    return try TestSupport.layOut([feed], month: query.month, zone: zone)
  }

  static func queries() -> [Query] {
    let samples: [String?] = [nil, "family.ics", "team.ics", "japanese.ics"]
    let months = [(2024, 8), (2024, 9)].compactMap { YearMonth(year: $0.0, month: $0.1) }
    var result: [Query] = []
    for sample in samples {
      for month in months {
        for zone in freshZones { result.append(Query(sample: sample, month: month, zone: zone)) }
      }
    }
    return result
  }

  @Test("concurrent month queries on fresh feeds and fresh zones equal the serial ones")
  func concurrentEqualsSerial() async throws {
    let queries = ConcurrencyTests.queries()
    // Concurrent first, so that the zones' first use is concurrent.
    let concurrent = try await withThrowingTaskGroup(of: (Int, MonthLayout).self) { group in
      for (index, query) in queries.enumerated() {
        group.addTask { (index, try ConcurrencyTests.run(query)) }
      }
      var results = [MonthLayout?](repeating: nil, count: queries.count)
      for try await (index, layout) in group { results[index] = layout }
      return results
    }
    let serial = try queries.map(ConcurrencyTests.run)
    for (index, query) in queries.enumerated() {
      let same = concurrent[index] == serial[index]
      #expect(same, "\(query)")
    }
    // The zoned feed really used its zones: every event shows, at its zone's offset.
    let zoned = try Hostile.unwrap(
      serial.first { $0.segments.contains { $0.uid == "zoned-0" } })
    #expect(Set(zoned.segments.map(\.uid)).count == ConcurrencyTests.freshZones.count)
  }

  @Test("one feed queried from many tasks at once")
  func sharedFeed() async throws {
    let feed = try Feed(text: ConcurrencyTests.zonedFeedText(), name: "shared")
    let zones = ConcurrencyTests.freshZones.compactMap { DisplayZone(named: $0) }
    let month = try Hostile.unwrap(Hostile.august)
    let serial = try zones.map { try TestSupport.layOut([feed], month: month, zone: $0) }
    let concurrent = await withTaskGroup(of: (Int, MonthLayout?).self) { group in
      for _ in 0..<4 {
        for (index, zone) in zones.enumerated() {
          group.addTask {
            (index, try? TestSupport.layOut([feed], month: month, zone: zone))
          }
        }
      }
      var results: [(Int, MonthLayout?)] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(concurrent.count == zones.count * 4)
    for (index, layout) in concurrent {
      let same = layout == serial[index]
      #expect(same, "\(zones[index].name)")
    }
  }
}
