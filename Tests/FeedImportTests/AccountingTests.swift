import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// The stats always add up: every VEVENT read is shown, outside the month, cancelled, skipped
/// or a duplicate, whatever the sample, month, zone or pre-filter.
@Suite("Accounting")
struct AccountingTests {
  static let months: [YearMonth] = [(2024, 7), (2024, 8), (2024, 9), (2023, 12), (2025, 3)]
    .compactMap { YearMonth(year: $0.0, month: $0.1) }
  static let zones = ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "America/Los_Angeles"]

  /// Every sample that loads (the hostile ones included).
  static func loadable() -> [String] {
    Hostile.allSamples().filter { (try? Feed(contentsOf: Hostile.sample($0))) != nil }
  }

  @Test("the samples folder holds the hostile files and they all load")
  func samplesPresent() {
    let all = Hostile.allSamples()
    #expect(all.contains("family.ics"))
    #expect(all.filter { $0.hasPrefix("hostile/") }.count >= 7)
    #expect(AccountingTests.loadable() == all)
  }

  @Test("stats add up on every sample, month and zone, with and without the pre-filter")
  func statsAddUp() throws {
    for sample in Hostile.allSamples() {
      for month in AccountingTests.months {
        let request = MonthRequest(first: month, zone: try Hostile.unwrap(Hostile.utc))
        let full = try Feed(contentsOf: Hostile.sample(sample))
        let filtered = try Feed(
          contentsOf: Hostile.sample(sample), options: ImportOptions(window: request.window))
        for zoneName in AccountingTests.zones {
          let zone = DisplayZone(named: zoneName)
          let (fullLayout, _) = try Hostile.layOut([full], month: month, zone: zone)
          let (filteredLayout, _) = try Hostile.layOut([filtered], month: month, zone: zone)
          for layout in [fullLayout, filteredLayout] {
            let stats = try Hostile.unwrap(layout.stats)
            #expect(stats.addsUp, "\(sample) \(month) \(zoneName): \(stats)")
            #expect(stats.eventsSkipped == layout.skipped.count)
            #expect(stats.occurrences >= stats.eventsShown)
            #expect(stats.segments == layout.segments.count)
          }
          // The pre-filter changes what is parsed, never what is shown.
          let sameWeeks = fullLayout.weeks == filteredLayout.weeks
          #expect(sameWeeks, "\(sample) \(month) \(zoneName)")
          #expect(fullLayout.stats?.eventsShown == filteredLayout.stats?.eventsShown)
          #expect(fullLayout.stats?.eventsRead == filteredLayout.stats?.eventsRead)
        }
      }
    }
  }

  @Test("events read counts every BEGIN:VEVENT of the well-formed samples")
  func eventsReadMatchesFile() throws {
    for sample in Hostile.allSamples() where !sample.hasPrefix("hostile/") {
      let text = String(decoding: try Hostile.bytes(sample), as: UTF8.self)
      let begins = text.split(whereSeparator: \.isNewline).filter {
        $0.trimmingCharacters(in: .whitespaces).uppercased() == "BEGIN:VEVENT"
      }.count
      let feed = try Feed(contentsOf: Hostile.sample(sample))
      #expect(feed.eventsRead == begins, "\(sample)")
    }
  }

  @Test("the hostile samples' stats, one by one")
  func hostileStats() throws {
    let expected: [String: LayoutStats] = [
      "hostile/truncated.ics": LayoutStats(eventsRead: 4, eventsShown: 4),
      "hostile/bad-events.ics": LayoutStats(eventsRead: 9, eventsShown: 6, eventsSkipped: 3),
      "hostile/nesting.ics": LayoutStats(eventsRead: 6, eventsShown: 5, eventsSkipped: 1),
      "hostile/dtend-before-dtstart.ics": LayoutStats(eventsRead: 3, eventsShown: 3),
      "hostile/extreme-years.ics": LayoutStats(
        eventsRead: 5, eventsShown: 1, eventsOutside: 1, eventsSkipped: 3),
      "hostile/rrule-bombs.ics": LayoutStats(
        eventsRead: 7, eventsShown: 6, eventsOutside: 1),
      "hostile/terminal-escape.ics": LayoutStats(eventsRead: 2, eventsShown: 2),
    ]
    for (sample, want) in expected {
      let feed = try Feed(contentsOf: Hostile.sample(sample))
      let stats = try Hostile.unwrap(try Hostile.layOut([feed]).layout.stats)
      #expect(stats.eventsRead == want.eventsRead, "\(sample)")
      #expect(stats.eventsShown == want.eventsShown, "\(sample)")
      #expect(stats.eventsOutside == want.eventsOutside, "\(sample)")
      #expect(stats.eventsSkipped == want.eventsSkipped, "\(sample)")
      #expect(stats.eventsCancelled == 0, "\(sample)")
    }
  }

  @Test("cancelled events and duplicates are counted, not lost")
  func cancelledAndDuplicates() throws {
    let text = Hostile.calendar(
      Hostile.event("kept", "DTSTART;VALUE=DATE:20240805")
        + Hostile.event("gone", "DTSTART;VALUE=DATE:20240806", "STATUS:CANCELLED")
        + Hostile.event("twice", "DTSTART;VALUE=DATE:20240807", "SEQUENCE:1")
        + Hostile.event("twice", "DTSTART;VALUE=DATE:20240808")
        + Hostile.event("series", "DTSTART;VALUE=DATE:20240812", "RRULE:FREQ=DAILY;COUNT=3")
        + Hostile.event(
          "series", "RECURRENCE-ID;VALUE=DATE:20240813", "DTSTART;VALUE=DATE:20240813",
          "STATUS:CANCELLED")
        + Hostile.event("later", "DTSTART;VALUE=DATE:20241001"))
    let (_, layout, _) = try Hostile.layOut(text: text)
    let stats = try Hostile.unwrap(layout.stats)
    #expect(
      stats
        == LayoutStats(
          eventsRead: 7, eventsShown: 3, eventsOutside: 1, eventsCancelled: 2, eventsSkipped: 0,
          eventsDuplicate: 1, occurrences: 4, segments: 4))
    #expect(stats.addsUp)
  }

  @Test("stats add up across several months of one request")
  func severalMonths() throws {
    let feeds = try Hostile.allSamples().map { try Feed(contentsOf: Hostile.sample($0)) }
    let first = try Hostile.unwrap(YearMonth(year: 2024, month: 6))
    let request = MonthRequest(first: first, count: 5, zone: try Hostile.unwrap(Hostile.utc))
    let (layouts, _) = MonthLayouter.layOut(feeds, request: request)
    #expect(layouts.count == 5)
    let read = feeds.reduce(0) { $0 + $1.eventsRead }
    for layout in layouts {
      #expect(layout.stats?.addsUp == true)
      #expect(layout.stats?.eventsRead == read)
    }
  }
}
