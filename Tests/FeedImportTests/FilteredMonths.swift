import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// Lays a feed's text out month by month with the pre-filter's window and whole, and expects
/// the same answer each month (``WindowedAnswer``): what the suites on the pre-filter's reach
/// check.
enum FilteredMonths {
  /// What the filtered loads left out and showed over all the months.
  struct Totals {
    var passedOver = 0
    var shown = 0
  }

  /// Compares `count` months from `first` in the zone named `zoneName`.
  static func compare(
    _ text: String, name: String, from first: YearMonth, count: Int, zoneName: String
  ) throws -> Totals {
    let whole = try Feed(text: text, name: name)
    let zone = try #require(DisplayZone(named: zoneName))
    var totals = Totals()
    for offset in 0..<count {
      let month = try #require(first.adding(months: offset))
      let request = MonthRequest(first: month, zone: zone)
      let filtered = try Feed(
        text: text, name: name, options: ImportOptions(window: request.window))
      let layouts = MonthLayouter.layOut([filtered], request: request).layouts
      #expect(
        WindowedAnswer(filtered, request).agrees(withWhole: WindowedAnswer(whole, request)),
        "\(month) in \(zoneName)")
      totals.passedOver += filtered.eventsPassedOver
      totals.shown += layouts[0].stats?.eventsShown ?? 0
    }
    return totals
  }
}

/// What a pre-filtered load of a month and a load of the whole feed agree on. A UID group none of
/// whose events can touch the window is passed over whole, so its duplicates count among the
/// events outside the window, with no warning: here every duplicate counts so, and the duplicate
/// warnings stand apart (a filtered load's are among the whole feed's). Other warnings are the
/// same only where the events passed over read without any.
struct WindowedAnswer {
  var json: String
  var warnings: [String]
  var duplicateWarnings: [String]

  init(_ feed: Feed, _ request: MonthRequest) {
    var (layouts, layoutWarnings) = MonthLayouter.layOut([feed], request: request)
    for index in layouts.indices {
      guard var stats = layouts[index].stats else { continue }
      stats.eventsOutside += stats.eventsDuplicate
      stats.eventsDuplicate = 0
      layouts[index].stats = stats
    }
    json = String(decoding: JSONLayoutRenderer.documentBytes(layouts), as: UTF8.self)
    let all = feed.warnings.map(\.description) + layoutWarnings.map(\.description)
    let isDuplicate = { (text: String) in
      text.contains("repeats the VEVENT") || text.contains("more duplicate(s) not listed")
    }
    warnings =
      all.filter { !isDuplicate($0) }
      + feed.skipped.map { "skipped \($0.line ?? -1) \($0.uid ?? "-") \($0.reason)" }
      + ["name \(feed.name) color \(feed.color ?? "-") read \(feed.eventsRead)"]
    duplicateWarnings = all.filter { $0.contains("repeats the VEVENT") }
  }

  /// Whether this answer of a pre-filtered load agrees with `whole`, the whole feed's (with
  /// `warnings`, in the warnings that are not about duplicates too).
  func agrees(withWhole whole: WindowedAnswer, warnings: Bool = false) -> Bool {
    json == whole.json && (!warnings || self.warnings == whole.warnings)
      && Set(duplicateWarnings).isSubset(of: whole.duplicateWarnings)
  }
}
