import FeedImport
import LaneLayout

/// Lays feeds out month by month: expands each feed's events on the month's visible days,
/// merges them, and stacks them into lanes, with the skipped events and the stats.
public enum MonthLayouter {
  /// The layout of one month from one or more loaded feeds.
  public static func layOut(
    _ feeds: [Feed], month: YearMonth, zone: DisplayZone, options: LayoutOptions = LayoutOptions()
  ) -> (layout: MonthLayout, warnings: [ImportWarning]) {
    let grid = MonthGrid(
      month: month, weekStart: options.weekStart, showsOutsideDays: options.showsOutsideDays)
    var spans: [DaySpan] = []
    var stats = LayoutStats()
    var warnings: [ImportWarning] = []
    var skipped: [SkippedEvent] = []
    for feed in feeds {
      let batch = feed.spans(from: grid.firstVisibleDay, through: grid.lastVisibleDay, in: zone)
      spans += batch.spans
      warnings += batch.warnings
      skipped += feed.skipped
      stats.eventsRead += feed.eventsRead
      stats.eventsShown += batch.eventsShown
      stats.eventsOutside += batch.eventsOutside
      stats.eventsCancelled += batch.eventsCancelled
      stats.eventsSkipped += feed.skipped.count
      stats.eventsDuplicate += feed.eventsDuplicate
      stats.occurrences += batch.spans.count
    }
    var layout = MonthLayoutEngine.layOut(
      spans, month: month, timeZone: zone.name, options: options)
    stats.segments = layout.weeks.reduce(0) { total, week in
      total + week.lanes.reduce(0) { $0 + $1.count }
    }
    layout.skipped = skipped
    layout.stats = stats
    layout.calendars = feeds.map {
      CalendarInfo(name: $0.name, color: CalendarColor.hex(for: $0.name))
    }
    return (layout, warnings)
  }

  /// The layouts of every month of `request`, from feeds loaded once.
  public static func layOut(_ feeds: [Feed], request: MonthRequest) -> (
    layouts: [MonthLayout], warnings: [ImportWarning]
  ) {
    var layouts: [MonthLayout] = []
    var warnings: [ImportWarning] = []
    for month in request.months {
      let (layout, monthWarnings) = layOut(
        feeds, month: month, zone: request.zone, options: request.options)
      layouts.append(layout)
      warnings += monthWarnings
    }
    return (layouts, warnings)
  }
}
