import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Every bundled sample, laid out and compared byte for byte with its golden JSON.
/// Set ICSLANES_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
struct GoldenSampleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let sample: String
    let month: String
    let zone: String
    let weekStart: Weekday
    var testDescription: String { "\(sample) \(month) \(zone) \(weekStart)" }
    var goldenName: String {
      "\(sample.replacingOccurrences(of: ".ics", with: ""))-\(month)-\(zone.replacingOccurrences(of: "/", with: "_"))-\(weekStart).json"
    }
  }

  static let cases = [
    Case(sample: "family.ics", month: "2024-08", zone: "Europe/Berlin", weekStart: .sunday),
    Case(sample: "family.ics", month: "2024-07", zone: "America/Los_Angeles", weekStart: .monday),
    Case(sample: "team.ics", month: "2024-08", zone: "Europe/Berlin", weekStart: .sunday),
    Case(sample: "team.ics", month: "2024-08", zone: "Asia/Tokyo", weekStart: .monday),
    Case(sample: "japanese.ics", month: "2024-08", zone: "Asia/Tokyo", weekStart: .sunday),
  ]

  @Test(arguments: cases)
  func matchesGolden(_ testCase: Case) throws {
    let request = try LayoutRequest(
      feeds: [FeedInput(TestSupport.sample(testCase.sample))],
      first: try TestSupport.requireMonth(testCase.month),
      options: TestSupport.view(
        try TestSupport.requireZone(testCase.zone), LayoutOptions(weekStart: testCase.weekStart)))
    let layout = try CalendarSource.layOut(request).layouts[0]
    let json = try JSONLayoutRenderer.render(layout)
    let golden = TestSupport.root.appendingPathComponent(
      "Tests/FeedImportTests/Golden/\(testCase.goldenName)")
    if ProcessInfo.processInfo.environment["ICSLANES_UPDATE_GOLDEN"] == "1" {
      try json.write(to: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(json == expected)
    // Deterministic: a second load and layout gives the same bytes.
    let again = try JSONLayoutRenderer.render(CalendarSource.layOut(request).layouts[0])
    #expect(again == json)
    #expect(layout.stats?.addsUp == true)
  }
}
