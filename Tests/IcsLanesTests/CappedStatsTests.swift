import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// `stats.occurrences` and `stats.segments` count what is laid out: under a lane cap, the
/// occurrences and segments hidden under "+k more" are in neither (Docs/json-contract.md).
@Suite("Stats under a lane cap")
struct CappedStatsTests {
  static func layout(maxLanes: Int?) throws -> MonthLayout {
    let request = try LayoutRequest(
      feeds: [
        FeedInput(TestFiles.sample("family.ics")), FeedInput(TestFiles.sample("team.ics")),
      ],
      first: try #require(YearMonth(year: 2024, month: 8)),
      options: MonthViewOptions(
        zone: try #require(DisplayZone(named: "Europe/Berlin")), maxLanes: maxLanes))
    return try #require(try CalendarSource.layOut(request).layouts.first)
  }

  @Test("Capped or not, occurrences are the occurrences shown and segments the segments placed")
  func countsAgreeWithTheLayout() throws {
    for cap in [nil, 1, 2, 3] {
      let layout = try CappedStatsTests.layout(maxLanes: cap)
      let stats = try #require(layout.stats)
      let placed = layout.weeks.reduce(0) { $0 + $1.lanes.reduce(0) { $0 + $1.count } }
      #expect(stats.segments == placed, "cap \(String(describing: cap))")
      // An occurrence whose middle piece is hidden counts once here, twice in `occurrences`.
      let shown = Set(layout.occurrences.map { "\($0.calendar ?? "")|\($0.uid)|\($0.start)" })
      #expect(stats.occurrences == shown.count, "cap \(String(describing: cap))")
      #expect(stats.occurrences <= stats.segments, "cap \(String(describing: cap))")
    }
  }

  @Test("The cap hides occurrences: fewer are counted than without it")
  func capCountsFewer() throws {
    let all = try #require(try CappedStatsTests.layout(maxLanes: nil).stats)
    let capped = try #require(try CappedStatsTests.layout(maxLanes: 2).stats)
    #expect(capped.occurrences < all.occurrences)
    #expect(capped.eventsRead == all.eventsRead)
  }
}
