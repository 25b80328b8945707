import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Every case feed of `Samples/cases`, in every month its README lists and in the five display
/// zones compared with recurring-ical-events, laid out and compared byte for byte with the
/// agreed result in `Golden/cases/<feed>/<month>-<zone>.json` (see `Docs/reference-verdicts.md`).
/// Set ICSLANES_UPDATE_GOLDEN=1 to rewrite the files after a deliberate change.
struct CaseGoldenTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let months: [String]
    var testDescription: String { file }
  }

  /// The case feeds and the months to look at (as in `Samples/cases/README.md`).
  static let cases: [Case] = [
    Case(file: "rrule-freq-sub-daily.ics", months: ["2024-02"]),
    Case(file: "rrule-freq-daily-weekly.ics", months: ["2024-03"]),
    Case(
      file: "rrule-freq-monthly-yearly.ics",
      months: months("2024-01", "2024-08") + ["2025-02"]),
    Case(
      file: "rrule-byday-ordinals.ics",
      months: months("2024-01", "2024-05") + ["2024-11", "2025-05", "2025-11"]),
    Case(file: "rrule-bymonthday-negative.ics", months: months("2024-01", "2024-04")),
    Case(file: "rrule-bysetpos.ics", months: months("2024-05", "2024-08")),
    Case(
      file: "rrule-byweekno-byyearday.ics",
      months: [
        "2024-01", "2024-04", "2024-05", "2024-12", "2025-01", "2025-04", "2025-05", "2025-12",
      ]),
    Case(
      file: "rrule-byweekno-edges.ics",
      months: [
        "2019-12", "2020-01", "2021-01", "2023-12", "2024-12", "2025-05", "2025-12", "2026-01",
        "2026-12",
      ]),
    Case(
      file: "rrule-yearly-monthdays.ics",
      months: ["2024-03", "2024-09", "2024-12", "2025-02", "2025-06", "2026-03"]),
    Case(file: "rrule-byhour-byminute.ics", months: ["2024-07", "2024-08"]),
    Case(file: "rrule-until-date-vs-datetime.ics", months: ["2024-03"]),
    Case(file: "rrule-dtstart-not-matching.ics", months: ["2024-04", "2024-05"]),
    Case(file: "rdate-values.ics", months: ["2024-05"]),
    Case(file: "exdate-values.ics", months: ["2024-06", "2024-07"]),
    Case(file: "recurrence-id-overrides.ics", months: ["2024-05", "2024-06"]),
    Case(file: "recurrence-thisandfuture.ics", months: ["2024-06", "2024-07"]),
    Case(file: "recurrence-legacy-shapes.ics", months: ["2024-09", "2024-10"]),
    Case(
      file: "long-occurrence-into-month.ics",
      months: ["2024-01", "2024-02"] + months("2024-10", "2025-02")),
    Case(file: "duplicate-vevents.ics", months: ["2024-07"]),
    Case(file: "tzid-custom-vtimezone.ics", months: ["2024-02", "2024-04"]),
    Case(file: "tzid-system-zone-over-stale-vtimezone.ics", months: ["2024-12"]),
    Case(file: "tzid-vtimezone-after-events.ics", months: ["2024-06"]),
    Case(file: "tzid-empty-vtimezone.ics", months: ["2024-06"]),
    Case(file: "tzid-iana-without-vtimezone.ics", months: ["2024-08"]),
    Case(file: "tzid-quoted.ics", months: ["2024-09"]),
    Case(file: "tzid-vendor-prefix.ics", months: ["2024-09"]),
    Case(file: "tzid-windows-names.ics", months: ["2024-10", "2024-11"]),
    Case(file: "tzid-unresolvable.ics", months: ["2024-11"]),
    Case(file: "x-wr-timezone-floating.ics", months: ["2024-03"]),
    Case(file: "x-wr-timezone-unknown.ics", months: ["2024-03"]),
    Case(file: "floating-without-x-wr-timezone.ics", months: ["2024-03"]),
    Case(file: "dst-edges-berlin.ics", months: ["2024-03", "2024-04", "2024-10"]),
    Case(file: "all-day-never-shift.ics", months: ["2024-08", "2024-09"]),
    Case(file: "broken-properties.ics", months: ["2024-04", "2024-05"]),
    Case(file: "tzid-with-trailing-z.ics", months: ["2024-04"]),
    Case(file: "text-windows-1252.ics", months: ["2024-04"]),
    Case(file: "mixed-value-types.ics", months: ["2024-04"]),
    Case(file: "timed-day-edges.ics", months: months("2024-04", "2024-06")),
  ]

  /// `first` through `last`, as YYYY-MM.
  static func months(_ first: String, _ last: String) -> [String] {
    guard var month = YearMonth(iso: first), let end = YearMonth(iso: last) else { return [] }
    var result: [String] = []
    while month <= end {
      result.append(month.description)
      guard let next = month.adding(months: 1) else { break }
      month = next
    }
    return result
  }

  @Test func everyCaseFeedHasGoldenCases() throws {
    let listed = Set(CaseGoldenTests.cases.map(\.file))
    let onDisk = try FileManager.default.contentsOfDirectory(
      atPath: TestSupport.root.appendingPathComponent("Samples/cases").path
    ).filter { $0.hasSuffix(".ics") }
    #expect(Set(onDisk) == listed)
  }

  @Test(arguments: cases)
  func matchesGolden(_ testCase: Case) throws {
    let update = ProcessInfo.processInfo.environment["ICSLANES_UPDATE_GOLDEN"] == "1"
    let folder = TestSupport.root.appendingPathComponent(
      "Tests/FeedImportTests/Golden/cases/\(testCase.file.replacingOccurrences(of: ".ics", with: ""))"
    )
    if update {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    for month in testCase.months {
      for zone in CaseSupport.zones {
        let layout = try CaseSupport.layout(testCase.file, month: month, zone: zone)
        let json = try JSONLayoutRenderer.render(layout)
        let golden = folder.appendingPathComponent(
          "\(month)-\(zone.replacingOccurrences(of: "/", with: "_")).json")
        if update {
          try json.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(json == expected, "\(testCase.file) \(month) \(zone)")
        #expect(layout.stats?.addsUp == true)
      }
    }
  }
}
