import IcsLanes
import Testing

/// Example: a whole year from one load, through the public API only.
@Suite struct YearExampleTests {
  @Test func aYearOfTheFamilySampleFromOneLoad() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let options = try MonthViewOptions(zoneNamed: "Europe/Paris")
    let year = try source.layOut(year: 2024, options: options)

    #expect(
      year.map(\.month.description) == (1...12).map { "2024-" + ($0 < 10 ? "0\($0)" : "\($0)") })
    let shown = year.map { $0.stats?.eventsShown ?? -1 }
    // Nothing before the trip (from 27 July); everything in August; in September the camp
    // (to 2 September) and the weekly bins; after that the bins alone.
    #expect(shown == [0, 0, 0, 0, 0, 0, 1, 9, 2, 1, 1, 1])
    // The bins go out every Thursday from 1 August (but not on 15 August, an EXDATE): October
    // 2024 has five Thursdays, December four.
    let bins = year.map { month in month.occurrences.filter { $0.uid == "bins@family" }.count }
    #expect(bins == [0, 0, 0, 0, 0, 0, 0, 4, 4, 5, 4, 4])
    #expect(year.allSatisfy { $0.stats?.eventsRead == 9 && $0.stats?.addsUp == true })
  }

  @Test func aRangeOfMonthsMatchesMonthByMonth() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("team.ics"))
    let options = try MonthViewOptions(zoneNamed: "America/New_York", weekStart: .monday)
    let july = try #require(YearMonth(year: 2024, month: 7))
    let range = try source.layOut(from: july, count: 3, options: options)
    let single = try [july, july.adding(months: 1), july.adding(months: 2)].map { month in
      try source.layOut(try #require(month), options: options)
    }
    #expect(range == single)
    #expect(range.map(\.month.description) == ["2024-07", "2024-08", "2024-09"])
  }
}
