import FeedScan
import ICalBridge
import LaneLayout
import Recurrence

/// Lays one series (a master and its RECURRENCE-ID overrides) out on a window: expands the
/// master, suppresses the instances overrides replace, applies THISANDFUTURE overrides to later
/// instances, and shows each override at its own start. Each expansion spends the feed's
/// budget for the window (``ExpansionBudget``): it gets what is left as its caps.
struct SeriesLayout {
  let feed: Feed
  let series: Feed.Series
  let window: ExpansionWindow
  let zone: DisplayZone

  /// Adds the series' spans on the window to `batch`, and counts its events
  /// (``EventCount``).
  func collect(into batch: inout SpanBatch, budget: inout ExpansionBudget) {
    var count = EventCount()
    expand(into: &batch, shown: &count, budget: &budget)
    count.add(series, records: feed.records, to: &batch)
  }

  private func expand(
    into batch: inout SpanBatch, shown count: inout EventCount, budget: inout ExpansionBudget
  ) {
    let overrides = series.overrides.map { feed.records[$0] }
    if let masterIndex = series.master {
      // A cancelled master cancels the whole series (counted so by EventCount).
      if feed.records[masterIndex].cancelled { return }
      expandMaster(
        masterIndex, overrides: overrides, into: &batch, shown: &count, budget: &budget)
    }
    for (position, override) in overrides.enumerated() {
      show(
        override, index: series.overrides[position], into: &batch, shown: &count, budget: &budget)
    }
  }

  /// Adds the master's instances that no override replaces, each shown as the master or as
  /// the THISANDFUTURE override in force.
  private func expandMaster(
    _ masterIndex: Int, overrides: [EventRecord], into batch: inout SpanBatch,
    shown count: inout EventCount, budget: inout ExpansionBudget
  ) {
    let master = feed.records[masterIndex]
    let floating = feed.calendars[master.calendar].floatingZone(display: zone)
    let maker = SpanMaker(display: zone.zone, calendarName: feed.name)
    let (replaced, ranges) = SeriesLayout.replacements(in: overrides, allDay: master.allDay)
    let lookBack = ([master.length] + ranges.map(\.record.length)).map(\.maximumSeconds).max() ?? 0
    let expander = SeriesExpander(
      record: master, window: window.with(budget).showing(from: visibleFrom(of: master)))
    // Without THISANDFUTURE overrides an instance is shown where it starts: drop the ones that
    // miss the visible days while expanding, so the occurrence cap counts only shown ones.
    let bounds = instantBounds(maker)
    let (allDay, length) = (master.allDay, master.length)
    let visible: ((WallTime, WallTime?, Int64) -> SpanPlacement?)? =
      ranges.isEmpty
      ? { start, end, key in
        placeIfVisible(
          start: start, explicitEnd: end, key: key, allDay: allDay, length: length, maker: maker,
          floating: floating, bounds: bounds)
      } : nil
    let result = expander.instances(
      lookBack: lookBack
        + ranges.map { abs(SeriesLayout.shift(of: $0.record, from: $0.key)) }.reduce(0, +),
      placeIfVisible: visible)
    for message in result.warnings {
      batch.warnings.append(
        ImportWarning(source: feed.source, line: master.line, uid: master.uid, message: message))
    }
    let before = batch.spans.count
    var spans = InstanceSpans(
      master: master, ranges: ranges, maker: maker, floating: floating,
      withRecurrenceId: master.recurs || !overrides.isEmpty)
    for instance in result.instances where !replaced.contains(instance.key) {
      guard let span = spans.span(of: instance, meeting: window.firstDay, window.lastDay) else {
        continue
      }
      batch.append(span, event: masterIndex)
      count.show(masterIndex)
    }
    budget.spend(
      batch.spans.count - before, of: result.instances.count, steps: result.walkSteps,
      leftOut: result.leftOutByBudget, stopped: result.stoppedByBudget)
  }

  /// The instance keys `overrides` replace, and the THISANDFUTURE ones by their key, in order.
  private static func replacements(in overrides: [EventRecord], allDay: Bool) -> (
    replaced: Set<Int64>, ranges: [(key: Int64, record: EventRecord)]
  ) {
    var replaced: Set<Int64> = []
    var ranges: [(key: Int64, record: EventRecord)] = []
    for override in overrides {
      guard let recurrenceId = override.recurrenceId else { continue }
      let key = SeriesExpander.key(of: recurrenceId, allDay: allDay)
      replaced.insert(key)
      if override.thisAndFuture { ranges.append((key, override)) }
    }
    ranges.sort { $0.key < $1.key }
    return (replaced, ranges)
  }

  /// The first key an instance of `record` shown on the window's days can have, before its
  /// length: the display zone's midnight of the first day (less a DST jump unless the event is
  /// in UTC, as the jump is made in the event's wall clock), a floating time's key up to any
  /// zone's offset before it, a date's the first day itself.
  private func visibleFrom(of record: EventRecord) -> Int64 {
    let firstDayKey = Int64(window.firstDay.ordinal) * 86_400
    if record.allDay { return firstDayKey }
    let midnight = zone.zone.instant(ofLocal: firstDayKey)
    guard let eventZone = record.start.zone else {
      return midnight - ZoneMargin.dstJumpSeconds - ZoneMargin.largestOffsetSeconds
    }
    return eventZone.isUTC ? midnight : midnight - ZoneMargin.dstJumpSeconds
  }

  /// An instance's placement when its days meet the window's, else nil. Timed instances more
  /// than three hours (more than any DST jump) clear of the window's local midnights are
  /// decided on instants alone; the rest by their days. `key` is the instance's key
  /// (``SeriesExpander/key(of:allDay:)``): its start instant when the start has a zone or a
  /// floating start is read as UTC, which is then not worked out again.
  private func placeIfVisible(
    start: WallTime, explicitEnd: WallTime?, key: Int64, allDay: Bool, length: OccurrenceLength,
    maker: SpanMaker, floating: LibicalZone?, bounds: ClosedRange<Int64>
  ) -> SpanPlacement? {
    var instants: (start: Int64, end: Int64)?
    if !start.isDate {
      let keyIsStart = !allDay && (start.zone != nil || floating?.isUTC ?? true)
      let (first, end) = SpanMaker.instants(
        start: start, length: length, explicitEnd: explicitEnd, floatingZone: floating,
        startInstant: keyIsStart ? key : nil)
      if max(first, end - 1) < bounds.lowerBound || first > bounds.upperBound {
        return nil
      }
      instants = (first, end)
    }
    guard
      let placement = maker.place(
        start: start, length: length, explicitEnd: explicitEnd, floatingZone: floating,
        instants: instants),
      placement.meets(window.firstDay, window.lastDay)
    else { return nil }
    return placement
  }

  /// The instants outside which a timed instance surely misses the window: its local midnights
  /// widened by ``ZoneMargin/dstJumpSeconds``.
  private func instantBounds(_ maker: SpanMaker) -> ClosedRange<Int64> {
    let slack = ZoneMargin.dstJumpSeconds
    let low = maker.midnight(of: window.firstDay) - slack
    let high = maker.midnight(of: window.lastDay.adding(days: 1)) + slack
    return low...max(low, high)
  }

  /// How far a THISANDFUTURE override moves its instance, in seconds.
  static func shift(of override: EventRecord, from key: Int64) -> Int {
    Int(SeriesExpander.key(of: override.start, allDay: override.allDay) - key)
  }

  /// Shows an override (or an orphan instance) at its own start.
  private func show(
    _ record: EventRecord, index: Int, into batch: inout SpanBatch, shown count: inout EventCount,
    budget: inout ExpansionBudget
  ) {
    // Cancelled: counted so by EventCount.
    if record.cancelled { return }
    let floating = feed.calendars[record.calendar].floatingZone(display: zone)
    let maker = SpanMaker(display: zone.zone, calendarName: feed.name)
    // An override stands for one instance (RFC 5545 3.8.4.4): an RRULE or RDATE on it is not
    // expanded. An orphan without RECURRENCE-ID is a series of its own.
    var single = record
    if record.recurrenceId != nil {
      single.rule = nil
      single.extraRules = []
      single.rdates = []
    }
    let expander = SeriesExpander(
      record: single, window: window.with(budget).showing(from: visibleFrom(of: single)))
    let bounds = instantBounds(maker)
    let (allDay, length) = (record.allDay, record.length)
    let result = expander.instances(lookBack: length.maximumSeconds) { start, end, key in
      placeIfVisible(
        start: start, explicitEnd: end, key: key, allDay: allDay, length: length, maker: maker,
        floating: floating, bounds: bounds)
    }
    let before = batch.spans.count
    var texts: DaySpan.Texts?
    for instance in result.instances {
      guard let placement = instance.placement else { continue }
      let shown = texts ?? maker.texts(of: record, shown: record)
      texts = shown
      let span = maker.span(
        of: record, texts: shown, placement: placement, recurrenceId: record.recurrenceId,
        floatingZone: floating)
      batch.append(span, event: index)
      count.show(index)
    }
    budget.spend(
      batch.spans.count - before, of: result.instances.count, steps: result.walkSteps,
      leftOut: result.leftOutByBudget, stopped: result.stoppedByBudget)
  }
}

/// The spans of a master's instances: each shown as the master, or as the THISANDFUTURE
/// override in force (moved by as much as it moves its own instance). The texts are made once
/// for the master and once for each override in force, and shared by their spans.
private struct InstanceSpans {
  let master: EventRecord
  /// The THISANDFUTURE overrides by the key of the instance they replace, in order.
  let ranges: [(key: Int64, record: EventRecord)]
  let maker: SpanMaker
  let floating: LibicalZone?
  /// Whether each span names its instance's start as its RECURRENCE-ID.
  let withRecurrenceId: Bool
  private var masterTexts: DaySpan.Texts?
  private var rangeTexts: [Int: DaySpan.Texts] = [:]

  init(
    master: EventRecord, ranges: [(key: Int64, record: EventRecord)], maker: SpanMaker,
    floating: LibicalZone?, withRecurrenceId: Bool
  ) {
    self.master = master
    self.ranges = ranges
    self.maker = maker
    self.floating = floating
    self.withRecurrenceId = withRecurrenceId
  }

  /// The span of `instance` when it meets the days `first…last` and is not cancelled.
  mutating func span(of instance: SeriesInstance, meeting first: Day, _ last: Day) -> DaySpan? {
    // The override in force is found by position: the record itself is not copied, which an
    // instance of a long series would do every time.
    var inForce: Int?
    var start = instance.start
    var length = master.length
    if let position = ranges.lastIndex(where: { $0.key < instance.key }) {
      let range = ranges[position]
      inForce = position
      length = range.record.length
      let seconds = SeriesLayout.shift(of: range.record, from: range.key)
      if seconds != 0 {
        if master.allDay {
          start = start.adjusted(days: Int32(clamping: seconds / 86_400), seconds: 0)
        } else {
          start = start.adjusted(days: 0, seconds: Int32(clamping: seconds))
        }
      }
      if range.record.cancelled { return nil }
    }
    // Without THISANDFUTURE overrides the expansion placed the instance already.
    guard
      let placement = instance.placement
        ?? maker.place(
          start: start, length: length, explicitEnd: instance.explicitEnd,
          floatingZone: floating),
      placement.meets(first, last)
    else { return nil }
    return maker.span(
      of: master, texts: texts(inForce), placement: placement,
      recurrenceId: withRecurrenceId ? instance.start : nil,
      recurrenceIdIsStart: instance.placement != nil, floatingZone: floating)
  }

  /// The texts shown as the master (nil) or as the override in force at `position`.
  private mutating func texts(_ position: Int?) -> DaySpan.Texts {
    if let position {
      let texts = rangeTexts[position] ?? maker.texts(of: master, shown: ranges[position].record)
      rangeTexts[position] = texts
      return texts
    }
    let texts = masterTexts ?? maker.texts(of: master, shown: master)
    masterTexts = texts
    return texts
  }
}
