import Foundation
import IcsLanes
import Testing

/// Example: one month of a sample feed, through the public API only.
@Suite struct OneMonthExampleTests {
  let options: MonthViewOptions

  init() throws {
    options = try MonthViewOptions(zoneNamed: "UTC", weekStart: .monday)
  }

  @Test func augustOfTheFamilySampleHasItsGridAndEvents() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let august = try source.layOut(month: "2024-08", options: options)

    #expect(august.month == YearMonth(year: 2024, month: 8))
    #expect(august.weekStart == .monday)
    #expect(august.firstDay.description == "2024-08-01")
    #expect(august.lastDay.description == "2024-08-31")
    #expect(
      august.weeks.map(\.start.description) == [
        "2024-07-29", "2024-08-05", "2024-08-12", "2024-08-19", "2024-08-26",
      ])
    #expect(
      august.calendars == [CalendarInfo(name: "Family", color: CalendarColor.hex(for: "Family"))])

    let stats = try #require(august.stats)
    #expect(stats.eventsRead == 9)
    #expect(stats.eventsShown == 9)
    #expect(stats.occurrences == 12)  // the bins: five Thursdays less the EXDATE of the 15th
    #expect(stats.segments == 14)  // the trip and the camp are cut at a week edge
    #expect(stats.addsUp)
    #expect(august.skipped.isEmpty)
  }

  @Test func theLastWeekStacksByFirstFit() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let august = try source.layOut(month: "2024-08", options: options)
    let lastWeek = try #require(august.weeks.last)
    // The camp starts first; the night shift (Wed 21:00) goes below it; the bins (Thu) meet the
    // night shift's Thursday and open lane 2; the birthday (Fri) fits back into lane 1.
    #expect(
      lastWeek.lanes.map { $0.map(\.title) } == [
        ["Kids' summer camp"], ["Night shift", "Léa's birthday"], ["Put the bins out"],
      ])
    let camp = lastWeek.lanes[0][0]
    #expect(camp.firstDay.description == "2024-08-26")
    #expect(camp.lastDay.description == "2024-08-31")  // clipped at the month's end
    #expect(camp.continuesBefore && camp.continuesAfter)
  }

  @Test func occurrencesJoinSegmentsAcrossRows() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let august = try source.layOut(month: "2024-08", options: options)
    let occurrences = august.occurrences
    #expect(occurrences.count == 12)
    let camp = try #require(occurrences.first { $0.uid == "camp@family" })
    #expect(camp.segmentCount == 2)
    #expect(camp.firstDay.description == "2024-08-19")
    #expect(camp.lastDay.description == "2024-08-31")
    #expect(!camp.continuesBefore && camp.continuesAfter)
    #expect(occurrences.filter { $0.uid == "bins@family" }.count == 4)
  }

  @Test func encodingGivesTheContractObjectAndDecodesBack() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let august = try source.layOut(month: "2024-08", options: options)
    let data = try JSONEncoder().encode(august)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["schema"] as? String == "icslanes.layout/1")
    #expect(object["month"] as? String == "2024-08")
    #expect(object["timeZone"] as? String == "UTC")
    #expect(object["weekStart"] as? String == "monday")
    #expect(object["laneRule"] as? String == "first-fit")
    let weeks = try #require(object["weeks"] as? [[String: Any]])
    let firstLanes = try #require(weeks.first?["lanes"] as? [[[String: Any]]])
    let trip = try #require(firstLanes.first?.first)
    #expect(trip["title"] as? String == "Summer trip to the coast")
    #expect(trip["start"] as? String == "2024-07-27")
    #expect(trip["end"] as? String == "2024-08-06")
    #expect(trip["continuesBefore"] as? Bool == true)
    // A single event keeps the key, as null.
    #expect(trip.keys.contains("recurrenceId") && trip["recurrenceId"] is NSNull)

    #expect(try JSONDecoder().decode(MonthLayout.self, from: data) == august)
    #expect(try JSONLayoutRenderer.render(august) == JSONLayoutRenderer.render(august))
  }

  @Test func theSameSourceFromBytesTextAndFileLaysOutAlike() throws {
    let path = SampleFile.path("family.ics")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let fromFile = try CalendarSource(contentsOf: path).layOut(month: "2024-08", options: options)
    let fromText = try CalendarSource(text: text).layOut(month: "2024-08", options: options)
    let fromBytes = try CalendarSource(bytes: Array(text.utf8)).layOut(
      month: "2024-08", options: options)
    #expect(fromText == fromFile)
    #expect(fromBytes == fromFile)
  }

  @Test func aLaneCapCountsTheHiddenSegments() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    var capped = options
    capped.maxLanes = 1
    let august = try source.layOut(month: "2024-08", options: capped)
    let lastWeek = try #require(august.weeks.last)
    #expect(lastWeek.lanes.map { $0.map(\.title) } == [["Kids' summer camp"]])
    let more = try #require(lastWeek.more)
    #expect(more.mapKeys(\.description) == ["2024-08-28": 1, "2024-08-29": 2, "2024-08-30": 1])
  }
}

extension Dictionary {
  fileprivate func mapKeys<T: Hashable>(_ transform: (Key) -> T) -> [T: Value] {
    [T: Value](uniqueKeysWithValues: map { (transform($0.key), $0.value) })
  }
}
