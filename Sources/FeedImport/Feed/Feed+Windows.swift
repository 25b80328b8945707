import LaneLayout

extension Feed {
  /// The spans of several windows of days (the months of one request, say), each series
  /// expanded once over all of them.
  ///
  /// Each batch is the one ``spans(from:through:in:)`` gives for its window: the same spans in
  /// the same order, the same counts and warnings. A series is expanded over the smallest range
  /// covering every window and its occurrences are handed to the windows they meet; a series
  /// whose expansion there meets a limit (the occurrence cap, the step cap, the time budget) is
  /// expanded window by window instead, so that each window gets its own limits as on its own.
  public func spans(for windows: [ClosedRange<Day>], in zone: DisplayZone) -> [SpanBatch] {
    guard windows.count > 1, let first = windows.map(\.lowerBound).min(),
      let last = windows.map(\.upperBound).max()
    else {
      return windows.map { spans(from: $0.lowerBound, through: $0.upperBound, in: zone) }
    }
    var batches = [SpanBatch](repeating: SpanBatch(), count: windows.count)
    for index in batches.indices { batches[index].eventsOutside = eventsPassedOver }
    let whole = expansionWindow(first, last)
    // One series at a time, in a batch reused from one to the next.
    var all = SpanBatch()
    for entry in series {
      guard entry.mayTouch(first: first, last: last) else {
        for index in batches.indices { countOutside(entry, into: &batches[index]) }
        continue
      }
      all.spans.removeAll(keepingCapacity: true)
      all.eventOfSpan.removeAll(keepingCapacity: true)
      all.warnings.removeAll(keepingCapacity: true)
      all.eventsShown = 0
      all.eventsOutside = 0
      all.eventsCancelled = 0
      SeriesLayout(feed: self, series: entry, window: whole, zone: zone).collect(into: &all)
      if all.warnings.isEmpty {
        for index in batches.indices {
          hand(all, of: entry, to: &batches[index], meeting: windows[index])
        }
      } else {
        for (index, window) in windows.enumerated() {
          collect(
            entry, from: window.lowerBound, through: window.upperBound, in: zone,
            into: &batches[index])
        }
      }
    }
    return batches
  }

  /// The window a series is expanded on for `first…last`, with the feed's limits.
  func expansionWindow(_ first: Day, _ last: Day) -> ExpansionWindow {
    ExpansionWindow(
      firstDay: first, lastDay: last, maximumOccurrences: options.maximumOccurrencesPerEvent,
      maximumSteps: options.maximumRecurrenceSteps)
  }

  /// Lays one series out on one window, or counts it as outside when it cannot reach it.
  func collect(
    _ entry: Series, from first: Day, through last: Day, in zone: DisplayZone,
    into batch: inout SpanBatch
  ) {
    if entry.mayTouch(first: first, last: last) {
      SeriesLayout(feed: self, series: entry, window: expansionWindow(first, last), zone: zone)
        .collect(into: &batch)
    } else {
      countOutside(entry, into: &batch)
    }
  }

  /// Adds to `batch` the spans of `entry`'s `all` that meet `window`, and counts its events
  /// on that window (``EventCount``), as the series' own layout on it would.
  func hand(
    _ all: SpanBatch, of entry: Series, to batch: inout SpanBatch, meeting window: ClosedRange<Day>
  ) {
    var count = EventCount()
    for (position, span) in all.spans.enumerated()
    where span.lastDay >= window.lowerBound && span.firstDay <= window.upperBound {
      let event = all.eventOfSpan[position]
      batch.append(span, event: event)
      count.show(event)
    }
    count.add(entry, records: records, to: &batch)
  }
}
