import FeedScan
import LaneLayout

/// The spans of one feed on a window of days, with the counts of what happened to its events.
public struct SpanBatch: Sendable {
  /// Every occurrence whose days meet the window, as spans in the display zone.
  public var spans: [DaySpan] = []
  /// Events with at least one occurrence on the window.
  public var eventsShown = 0
  /// Events read but with no occurrence on the window (pre-filtered events included).
  public var eventsOutside = 0
  /// Events left out as STATUS:CANCELLED.
  public var eventsCancelled = 0
  /// Events shown before ``keep(where:)`` dropped all their spans.
  public var eventsFiltered = 0
  /// Problems met while expanding (occurrence caps, say).
  public var warnings: [ImportWarning] = []
  /// For each span, the index of the record (master or override) it is an occurrence of: what
  /// ``eventsShown`` counts once.
  var eventOfSpan: [Int] = []

  /// An empty batch.
  public init() {}

  /// Adds an occurrence of the record at `event`.
  mutating func append(_ span: DaySpan, event: Int) {
    spans.append(span)
    eventOfSpan.append(event)
  }
}

extension SpanBatch {
  /// Keeps only the spans `isKept` says yes to. An event shown before whose every span is
  /// dropped moves from ``eventsShown`` to ``eventsFiltered``, so the counts still add up.
  public mutating func keep(where isKept: (DaySpan) -> Bool) {
    var keptSpans: [DaySpan] = []
    var keptEvents: [Int] = []
    var before = Set<Int>()
    var after = Set<Int>()
    for (position, span) in spans.enumerated() {
      let event = position < eventOfSpan.count ? eventOfSpan[position] : -1 - position
      before.insert(event)
      if isKept(span) {
        keptSpans.append(span)
        keptEvents.append(event)
        after.insert(event)
      }
    }
    let dropped = before.count - after.count
    spans = keptSpans
    eventOfSpan = keptEvents
    eventsShown -= dropped
    eventsFiltered += dropped
  }
}
