import FeedImport
import FeedIndex
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// A feed loaded through its index answers every request exactly as the feed read whole with
/// the pre-filter: the same JSON, warnings, skipped events and counts, byte for byte.
@Suite struct FeedIndexEquivalenceTests {
  static let months = ["2020-01", "2024-08"]

  @Test(arguments: IndexSupport.sampleFiles)
  func everySampleAnswersAsWithoutTheIndex(name: String) throws {
    let path = TestSupport.sample(name)
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(!IndexSupport.sampleFiles.isEmpty)
    for zone in ["UTC", "Europe/Berlin"] {
      for month in FeedIndexEquivalenceTests.months {
        let request = try IndexSupport.request(month, zone: zone)
        let expected = try IndexSupport.plain(path, request)
        // The first query builds the index, the second reads it.
        #expect(try IndexSupport.indexed(path, request, folder: folder) == expected)
        #expect(try IndexSupport.indexed(path, request, folder: folder) == expected)
      }
      let months = try IndexSupport.request("2024-10", count: 3, zone: zone)
      #expect(
        try IndexSupport.indexed(path, months, folder: folder)
          == IndexSupport.plain(path, months))
    }
    _ = try IndexSupport.indexFile(in: folder)
  }

  /// A generated feed with series, overrides (THISANDFUTURE too), duplicates and moved
  /// instances: passed-over events that share a UID with a kept one are read again, through
  /// the index as through a scan.
  @Test func aMixedFeedAnswersEveryMonthAsWithoutTheIndex() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try IndexSupport.mixedFeed(seed: 11, events: 1_200, in: folder)
    var passedOver = 0
    for offset in stride(from: 0, to: 38, by: 3) {
      let month = try #require(YearMonth(year: 2018, month: 12)?.adding(months: offset))
      for zone in ["UTC", "Pacific/Kiritimati"] {
        let request = MonthRequest(first: month, zone: try #require(DisplayZone(named: zone)))
        let (indexed, fromIndex) = try IndexedFeed.loadTelling(
          path: path, options: ImportOptions(window: request.window), place: .folder(folder))
        #expect(fromIndex)
        passedOver += indexed.eventsPassedOver
        #expect(IndexAnswer(indexed, request) == (try IndexSupport.plain(path, request)))
      }
    }
    // The index did leave events out (else this test could not tell).
    #expect(passedOver > 0)
  }

  /// Without a window, the index gives every event, as a load of the whole feed does.
  @Test func noWindowReadsEveryEvent() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = TestSupport.sample("team.ics")
    let request = try IndexSupport.request("2024-08")
    for _ in 0..<2 {
      let feed = try IndexedFeed.load(path: path, options: ImportOptions(), place: .folder(folder))
      #expect(feed.eventsPassedOver == 0)
      #expect(IndexAnswer(feed, request) == IndexAnswer(try Feed(contentsOf: path), request))
    }
  }

  /// The library: a source opened with an index answers any number of months as a source
  /// loaded whole.
  @Test func aCalendarSourceWithAnIndexAnswersManyMonths() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let paths = [TestSupport.sample("team.ics"), TestSupport.sample("family.ics")]
    let whole = try CalendarSource(contentsOf: paths)
    let indexed = try CalendarSource(contentsOf: paths, index: .folder(folder))
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday)
    for month in ["2024-06", "2024-07", "2024-08", "2024-09", "2024-12"] {
      let expected = try whole.layOut(month: month, options: options)
      #expect(try indexed.layOut(month: month, options: options) == expected)
    }
    let first = try #require(YearMonth(iso: "2024-05"))
    #expect(
      try indexed.layOut(from: first, count: 5, options: options)
        == whole.layOut(from: first, count: 5, options: options))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
  }

  /// A file that is not iCalendar fails as without the index.
  @Test func notICalendarFailsAsWithoutTheIndex() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/page.ics"
    try "<html>not a calendar</html>\n".write(toFile: path, atomically: true, encoding: .utf8)
    let options = ImportOptions(window: try IndexSupport.request("2024-08").window)
    var plainError: ImportError?
    do { _ = try Feed(contentsOf: path, options: options) } catch { plainError = error }
    let expected = try #require(plainError)
    #expect(throws: expected) {
      try IndexedFeed.load(path: path, options: options, place: .folder(folder))
    }
  }
}
