import IcsLanes
import Testing

/// Example: the typed errors, and what they say.
@Suite struct ErrorExampleTests {
  @Test func aMissingFileNamesItsPath() {
    let path = SampleFile.path("no-such-feed.ics")
    #expect {
      _ = try CalendarSource(contentsOf: path)
    } throws: { error in
      guard case .feed(let source, .unreadable(let unreadable, _)) = error as? IcsLanesError else {
        return false
      }
      return source == path && unreadable == path && "\(error)".hasPrefix(path)
    }
  }

  @Test func textThatIsNotICalendarIsRefused() {
    #expect {
      _ = try CalendarSource(text: "<html><body>Not found</body></html>", name: "calendar.html")
    } throws: { error in
      guard case .feed("calendar.html", .notICalendar) = error as? IcsLanesError else {
        return false
      }
      return "\(error)".contains("calendar.html") && "\(error)".contains("HTML")
    }
  }

  @Test func badRequestsSayWhichValueIsWrong() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let utc = try MonthViewOptions(zoneNamed: "UTC")
    #expect(throws: IcsLanesError.invalidMonth("2024-13")) {
      try source.layOut(month: "2024-13", options: utc)
    }
    #expect(throws: IcsLanesError.unknownTimeZone("Mars/Olympus_Mons")) {
      try MonthViewOptions(zoneNamed: "Mars/Olympus_Mons")
    }
    #expect(throws: IcsLanesError.invalidYear(0)) {
      try source.layOut(year: 0, options: utc)
    }
    var capped = utc
    capped.maxLanes = 0
    #expect(throws: IcsLanesError.invalidMaxLanes(0)) {
      try source.layOut(month: "2024-08", options: capped)
    }
    let last = try #require(YearMonth(year: 9999, month: 12))
    #expect(throws: IcsLanesError.monthsPastLastYear(first: last, count: 2)) {
      try source.layOut(from: last, count: 2, options: utc)
    }
    #expect(throws: IcsLanesError.invalidMonthCount(0)) {
      try source.layOut(from: last, count: 0, options: utc)
    }
    #expect(IcsLanesError.invalidMonth("2024-13").description.contains("\"2024-13\""))
  }
}
