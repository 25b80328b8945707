import LaneLayout

/// Writes a week as one self-contained HTML page, as ``HTMLMonthRenderer`` writes a month: the
/// week's heading (`Week 32 · 5–11 August 2024`), its row with every lane (none hidden unless
/// ``maxLanes`` is set), timed bars led by their start time, and the same detail cards, day
/// lists, colours, dark scheme and print style. Days of the next month in the week are not
/// dimmed: the week is one run of days.
public struct HTMLWeekRenderer: Sendable {
  /// The heading's words, the weekday names, the clock and the page's language.
  public var names: CalendarNames
  /// The day to highlight as today, when in the week.
  public var today: Day?
  /// At most this many lanes, the rest behind `+k more`; nil shows every lane.
  public var maxLanes: Int?

  /// A renderer; by default English names, no today, every lane.
  public init(names: CalendarNames = .english, today: Day? = nil, maxLanes: Int? = nil) {
    self.names = names
    self.today = today
    self.maxLanes = maxLanes
  }

  /// The page of `week`.
  public func render(_ week: WeekLayout) -> String {
    var html = ""
    write(week) { html += $0 }
    return html
  }

  /// Hands `output` the page of ``render(_:)`` piece by piece.
  package func write(_ week: WeekLayout, to output: (String) -> Void) {
    let month = HTMLMonthRenderer(names: names, today: today, maxLanes: maxLanes ?? .max)
    let title = names.title(ofWeek: week.number.week, days: week.days)
    output(month.pageStart(title: title))
    let layout = week.month
    let heading = HTMLText.escape(title)
    var html =
      "<section class=\"month week-view\" id=\"\(HTMLMonthRenderer.anchor(layout.month))\">\n"
    html += "<header><h1>\(heading)</h1></header>\n"
    html += HTMLEventCard.weekdayHeader(names, weekStart: layout.weekStart)
    html += "<div class=\"grid\" role=\"group\" aria-label=\"\(heading)\">\n"
    let cards = HTMLEventCard(names: names, layout: layout)
    var index = HTMLCardIndex()
    var dayLists: [String] = []
    let row = HTMLWeekRow(renderer: month, layout: layout, cards: cards, marksOutside: false)
    html += row.html(week.row, index: &index, dayLists: &dayLists)
    html += "</div>\n"
    output(html)
    cards.writeOverlays(dayLists, index, to: output)
    output(HTMLMonthRenderer.legend(layout.calendars) + "</section>\n" + HTMLMonthRenderer.pageEnd)
  }
}
