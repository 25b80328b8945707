import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// Lays a feed's text out month by month with the pre-filter's window and whole, and expects
/// the same JSON each month: what the suites on the pre-filter's reach check.
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
        try JSONLayoutRenderer.render(layouts)
          == JSONLayoutRenderer.render(MonthLayouter.layOut([whole], request: request).layouts),
        "\(month) in \(zoneName)")
      totals.passedOver += filtered.eventsPassedOver
      totals.shown += layouts[0].stats?.eventsShown ?? 0
    }
    return totals
  }
}
