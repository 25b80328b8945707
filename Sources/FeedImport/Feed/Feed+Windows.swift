import LaneLayout
import Recurrence

extension Feed {
  /// The spans of several windows of days (the months of one request, say), each series
  /// expanded once over all of them.
  ///
  /// Each batch is the one ``spans(from:through:in:)`` gives for its window: the same spans in
  /// the same order, the same counts and warnings. A series is expanded over the smallest range
  /// covering every window and its occurrences are handed to the windows they meet; a series
  /// whose expansion there meets a limit (the occurrence cap, the step cap, the time budget), or
  /// might meet what is left of a window's budgets (the feed's occurrence and walk budgets), is expanded window by
  /// window instead, so that each window gets its own limits as on its own.
  public func spans(for windows: [ClosedRange<Day>], in zone: DisplayZone) -> [SpanBatch] {
    guard windows.count > 1, let first = windows.map(\.lowerBound).min(),
      let last = windows.map(\.upperBound).max()
    else {
      return windows.map { spans(from: $0.lowerBound, through: $0.upperBound, in: zone) }
    }
    var batches = [SpanBatch](repeating: SpanBatch(), count: windows.count)
    var budgets = [ExpansionBudget](repeating: expansionBudget(), count: windows.count)
    let window = expansionWindow(first, last)
    // The series that cannot reach any window are counted together.
    var outside = reachIndex.outsideCounts
    // One series at a time, in a batch reused from one to the next.
    var all = SpanBatch()
    for seriesIndex in reachIndex.series(touching: first.ordinal, last.ordinal) {
      let entry = series[seriesIndex]
      outside.remove(SeriesReachIndex.counts(of: entry, records: records))
      all.spans.removeAll(keepingCapacity: true)
      all.eventOfSpan.removeAll(keepingCapacity: true)
      all.warnings.removeAll(keepingCapacity: true)
      all.eventsShown = 0
      all.eventsOutside = 0
      all.eventsCancelled = 0
      // A window's own expansion keeps at most the instances this one keeps: when every
      // window has room for them all, none of its expansions meets the occurrence budget. A
      // series spends each window's step budget by what it works out for that window (the
      // occurrences a COUNT walk counts before it, those it hands on in it): it is expanded
      // window by window. More room than the largest rest is never needed.
      var whole = ExpansionBudget(
        shared: budgets.map(\.sharedRoom).max() ?? 0,
        stepLimit: budgets.map(\.stepRoom).max() ?? 0)
      SeriesLayout(feed: self, series: entry, window: window, zone: zone)
        .collect(into: &all, budget: &whole)
      if all.warnings.isEmpty, !whole.wasMet, whole.steps == 0,
        budgets.allSatisfy({ $0.sharedRoom >= whole.expanded })
      {
        for index in batches.indices {
          // Each record's expansion spends on its own (its first occurrence is its own).
          let counts = hand(all, of: entry, to: &batches[index], meeting: windows[index])
          for count in counts {
            budgets[index].spend(count, of: count, steps: 0, leftOut: 0, stopped: false)
          }
        }
      } else {
        for (index, window) in windows.enumerated() {
          collect(
            entry, from: window.lowerBound, through: window.upperBound, in: zone,
            into: &batches[index], budget: &budgets[index])
        }
      }
    }
    for index in batches.indices {
      batches[index].eventsOutside += eventsPassedOver + outside.outside
      batches[index].eventsCancelled += outside.cancelled
      batches[index].warnings += budgets[index].warnings(source: source)
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
    into batch: inout SpanBatch, budget: inout ExpansionBudget
  ) {
    if entry.mayTouch(first: first, last: last) {
      SeriesLayout(feed: self, series: entry, window: expansionWindow(first, last), zone: zone)
        .collect(into: &batch, budget: &budget)
    } else {
      countOutside(entry, into: &batch)
    }
  }

  /// Adds to `batch` the spans of `entry`'s `all` that meet `window`, and counts its events
  /// on that window (``EventCount``), as the series' own layout on it would. Gives the number
  /// of spans handed of each record that has any.
  @discardableResult
  func hand(
    _ all: SpanBatch, of entry: Series, to batch: inout SpanBatch, meeting window: ClosedRange<Day>
  ) -> [Int] {
    var count = EventCount()
    // Most series have a record or two (a master, an override): their counts are looked up in
    // a few pairs, not in a dictionary per series and window (twelve months of timetable 100k
    // made some 25,000); a series of many overrides moves to a dictionary.
    var few: [(event: Int, spans: Int)] = []
    var many: [Int: Int] = [:]
    for (position, span) in all.spans.enumerated()
    where span.lastDay >= window.lowerBound && span.firstDay <= window.upperBound {
      let event = all.eventOfSpan[position]
      batch.append(span, event: event)
      count.show(event)
      if !many.isEmpty {
        many[event, default: 0] += 1
      } else if let index = few.firstIndex(where: { $0.event == event }) {
        few[index].spans += 1
      } else if few.count < 8 {
        few.append((event, 1))
      } else {
        many = Dictionary(uniqueKeysWithValues: few.map { ($0.event, $0.spans) })
        many[event] = 1
      }
    }
    count.add(entry, records: records, to: &batch)
    if many.isEmpty { return few.sorted { $0.event < $1.event }.map(\.spans) }
    return many.keys.sorted().compactMap { many[$0] }
  }
}
