import FeedImport
import LaneLayout

/// Lays feeds out month by month: expands each feed's events on the month's visible days,
/// merges them, and stacks them into lanes, with the skipped events and the stats.
package enum MonthLayouter {
  /// The layout of one month from one or more loaded feeds.
  package static func layOut(
    _ feeds: [Feed], month: YearMonth, zone: DisplayZone, options: LayoutOptions = LayoutOptions()
  ) -> (layout: MonthLayout, warnings: [ImportWarning]) {
    let request = MonthRequest(first: month, zone: zone, options: options)
    return layOut(feeds, month: month, request: request)
  }

  /// The layout of `month` from one or more loaded feeds, with the zone, options, filter and
  /// colours of `request` (its months are not read).
  package static func layOut(_ feeds: [Feed], month: YearMonth, request: MonthRequest) -> (
    layout: MonthLayout, warnings: [ImportWarning]
  ) {
    let days = MonthGrid(month: month, options: request.options).visibleDays
    let batches = feeds.map {
      $0.spans(from: days.lowerBound, through: days.upperBound, in: request.zone)
    }
    return assemble(feeds, batches, month: month, request: request)
  }

  /// The layouts of every month of `request`, from feeds loaded once.
  package static func layOut(_ feeds: [Feed], request: MonthRequest) -> (
    layouts: [MonthLayout], warnings: [ImportWarning]
  ) {
    var layouts: [MonthLayout] = []
    var warnings: [ImportWarning] = []
    layOut(feeds, request: request) { layout, monthWarnings in
      layouts.append(layout)
      warnings += monthWarnings
    }
    return (layouts, warnings)
  }

  /// How many months' occurrences are made at once, each series expanded once for them all.
  ///
  /// All the months of a request at once would hold every month's occurrences until each is
  /// laid out; fewer at once expand the series that span them more often. Four balances the
  /// two.
  static let monthsExpandedTogether = 4

  /// Lays out every month of `request` in order and hands each to `body` as soon as it is
  /// ready, with the warnings met expanding it.
  ///
  /// The months' occurrences are made ``monthsExpandedTogether`` months at a time, each series
  /// expanded once for them (see `Feed.spans(for:in:)`); only the occurrences of those months
  /// not yet handed over are held, not their layouts (but for the month laid out alongside:
  /// months are laid out two at a time, on two threads). The layouts are those
  /// ``layOut(_:month:zone:options:)`` gives month by month.
  package static func layOut(
    _ feeds: [Feed], request: MonthRequest,
    each body: (MonthLayout, [ImportWarning]) throws -> Void
  ) rethrows {
    let windows = request.visibleDays
    // The occurrences of months `made` (indices of `request.months`), by feed and month.
    var made = 0..<0
    var perFeed: [[SpanBatch]] = []
    // Two months at a time, laid out on two threads: months are independent values.
    var first = 0
    while first < request.months.count {
      let count = min(2, request.months.count - first)
      if first + count > made.upperBound {
        made = first..<min(request.months.count, first + max(count, monthsExpandedTogether))
        perFeed = feeds.map { $0.spans(for: Array(windows[made]), in: request.zone) }
      }
      let batches = (0..<count).map { offset in
        perFeed.map { $0[first - made.lowerBound + offset] }
      }
      // Each month's occurrences are let go once laid out.
      for feed in perFeed.indices {
        for offset in 0..<count { perFeed[feed][first - made.lowerBound + offset] = SpanBatch() }
      }
      let months = Array(request.months[first..<(first + count)])
      let results = concurrentMap(count) { offset in
        assemble(feeds, batches[offset], month: months[offset], request: request)
      }
      for result in results { try body(result.layout, result.warnings) }
      first += count
    }
  }

  /// One month's layout from each feed's spans on it.
  private static func assemble(
    _ feeds: [Feed], _ batches: [SpanBatch], month: YearMonth, request: MonthRequest
  ) -> (layout: MonthLayout, warnings: [ImportWarning]) {
    var spans: [DaySpan] = []
    var stats = LayoutStats()
    var warnings: [ImportWarning] = []
    var skipped: [SkippedEvent] = []
    for (feed, var batch) in zip(feeds, batches) {
      if !request.filter.isEmpty { batch.keep(where: request.filter.matches) }
      // One feed (the usual case): take its spans as they are, without copying each.
      if spans.isEmpty { spans = batch.spans } else { spans += batch.spans }
      warnings += batch.warnings
      skipped += feed.skipped
      stats.eventsRead += feed.eventsRead
      stats.eventsShown += batch.eventsShown
      stats.eventsOutside += batch.eventsOutside
      stats.eventsCancelled += batch.eventsCancelled
      stats.eventsSkipped += feed.skipped.count
      stats.eventsDuplicate += feed.eventsDuplicate
      stats.eventsFiltered += batch.eventsFiltered
      stats.occurrences += batch.spans.count
    }
    var layout = MonthLayoutEngine.layOut(
      spans, month: month, timeZone: request.zone.name, options: request.options)
    stats.segments = layout.weeks.reduce(0) { total, week in
      total + week.lanes.reduce(0) { $0 + $1.count }
    }
    // Under a lane cap, an occurrence all of whose segments are hidden is not laid out.
    if layout.weeks.contains(where: { !($0.more?.isEmpty ?? true) }) {
      var placed = Set<Int>()
      for week in layout.weeks {
        for lane in week.lanes { for segment in lane { placed.insert(segment.spanPosition) } }
      }
      stats.occurrences = placed.count
    }
    layout.skipped = skipped
    layout.stats = stats
    layout.calendars = CalendarColor.assign(
      feeds.map { (name: $0.name, color: $0.color) }, given: request.calendarColors)
    return (layout, warnings)
  }
}
