import LaneLayout

/// Writes layouts as one self-contained HTML page (inline style, no script, nothing fetched
/// from the network): for each month its grid, bars spanning their days in lanes, arrow-shaped
/// ends where a bar continues into the row above or below, `+k more` under capped days, today
/// highlighted, each calendar in its colour, and the event's time, location and calendar in a
/// tooltip.
///
/// With several months the page shows one month at a time, with previous/next links between
/// them (plain anchors and the CSS `:target` rule).
public struct HTMLMonthRenderer: Sendable {
  /// The month titles, weekday names and the page's language.
  public var names: CalendarNames
  /// The day to highlight as today, when in view.
  public var today: Day?

  /// A renderer; by default English names and no today.
  public init(names: CalendarNames = .english, today: Day? = nil) {
    self.names = names
    self.today = today
  }

  /// The page for one layout.
  public func render(_ layout: MonthLayout) -> String {
    render([layout])
  }

  /// The page for several layouts, in the order given.
  public func render(_ layouts: [MonthLayout]) -> String {
    let language = names.localeIdentifier.split(separator: "_").first.map(String.init) ?? "en"
    let pageTitle = layouts.map { names.title(of: $0.month) }.joined(separator: " – ")
    var html = """
      <!DOCTYPE html>
      <html lang="\(HTMLText.escape(language))">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="icslanes">
      <title>\(HTMLText.escape(pageTitle))</title>
      <style>
      \(HTMLStyleSheet.css)
      </style>
      </head>
      <body>
      <main>

      """
    for (index, layout) in layouts.enumerated() {
      let previous = index > 0 ? layouts[index - 1] : nil
      let next = index + 1 < layouts.count ? layouts[index + 1] : nil
      html += month(layout, previous: previous, next: next)
    }
    html += "</main>\n</body>\n</html>\n"
    return html
  }

  /// The `id` of a month's section, the target of the navigation links.
  static func anchor(_ month: YearMonth) -> String {
    "m-\(month)"
  }

  private func month(_ layout: MonthLayout, previous: MonthLayout?, next: MonthLayout?) -> String {
    let title = HTMLText.escape(names.title(of: layout.month))
    var html = "<section class=\"month\" id=\"\(HTMLMonthRenderer.anchor(layout.month))\">\n"
    html += "<header>"
    html += navigation(previous, rel: "prev", arrow: "‹ ", trailing: "")
    html += "<h1>\(title)</h1>"
    html += navigation(next, rel: "next", arrow: "", trailing: " ›")
    html += "</header>\n<div class=\"weekdays\">"
    for column in 0..<7 {
      html +=
        "<div>\(HTMLText.escape(names.weekday(column: column, weekStart: layout.weekStart)))</div>"
    }
    html += "</div>\n<div class=\"grid\">\n"
    let colors = Dictionary(
      (layout.calendars ?? []).map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
    for week in layout.weeks {
      html += self.week(week, in: layout, colors: colors)
    }
    html += "</div>\n"
    if let calendars = layout.calendars, !calendars.isEmpty {
      html += "<div class=\"legend\">"
      for calendar in calendars {
        html +=
          "<span style=\"--c:\(HTMLMonthRenderer.safeColor(calendar.color))\">\(HTMLText.escape(calendar.name))</span>"
      }
      html += "</div>\n"
    }
    if !layout.skipped.isEmpty {
      html += "<p class=\"note\">\(layout.skipped.count) event(s) skipped.</p>\n"
    }
    html += "</section>\n"
    return html
  }

  private func navigation(_ target: MonthLayout?, rel: String, arrow: String, trailing: String)
    -> String
  {
    guard let target else { return "<span class=\"nav \(rel)\"></span>" }
    let label = HTMLText.escape(arrow + names.title(of: target.month) + trailing)
    return
      "<a class=\"nav \(rel)\" rel=\"\(rel)\" href=\"#\(HTMLMonthRenderer.anchor(target.month))\">\(label)</a>"
  }

  private func week(_ week: WeekRow, in layout: MonthLayout, colors: [String: String]) -> String {
    let hasMore = !(week.more ?? [:]).isEmpty
    let rows = week.lanes.count + (hasMore ? 1 : 0)
    let template = rows > 0 ? "1.9rem repeat(\(rows), 1.55rem) 1fr" : "1.9rem 1fr"
    var html = "<div class=\"week\" style=\"grid-template-rows: \(template)\">\n"
    for (column, day) in week.days.enumerated() {
      var classes = ["day"]
      let visible = day >= layout.firstDay && day <= layout.lastDay
      if !visible { classes.append("hidden") }
      if day < layout.month.firstDay || day > layout.month.lastDay { classes.append("outside") }
      if visible, day == today { classes.append("today") }
      html +=
        "<div class=\"\(classes.joined(separator: " "))\" style=\"grid-column: \(column + 1)\""
      html += " data-day=\"\(day)\">"
      if visible { html += "<span class=\"num\">\(day.components.day)</span>" }
      html += "</div>\n"
    }
    for (lane, segments) in week.lanes.enumerated() {
      for segment in segments {
        html += bar(segment, lane: lane, week: week, colors: colors)
      }
    }
    if let more = week.more {
      for (column, day) in week.days.enumerated() {
        guard let count = more[day] else { continue }
        html +=
          "<div class=\"more\" style=\"grid-column: \(column + 1); grid-row: \(week.lanes.count + 2)\">+\(count) more</div>\n"
      }
    }
    html += "</div>\n"
    return html
  }

  private func bar(_ segment: Segment, lane: Int, week: WeekRow, colors: [String: String])
    -> String
  {
    let first = week.start.distance(to: segment.firstDay)
    let span = segment.firstDay.distance(to: segment.lastDay) + 1
    let hex = segment.calendar.flatMap { colors[$0] } ?? "#3f51b5"
    var classes = ["bar"]
    if segment.continuesBefore { classes.append("cb") }
    if segment.continuesAfter { classes.append("ca") }
    if HTMLMonthRenderer.isLight(hex) { classes.append("light") }
    var html = "<div class=\"\(classes.joined(separator: " "))\""
    html += " style=\"grid-column: \(first + 1) / span \(span); grid-row: \(lane + 2);"
    html += " --c:\(HTMLMonthRenderer.safeColor(hex))\""
    html += " title=\"\(HTMLText.escape(SegmentText.tooltip(segment)))\">"
    if !segment.continuesBefore, let time = SegmentText.startTime(of: segment) {
      html += "<span class=\"time\">\(time)</span>"
    }
    html += HTMLText.escape(segment.title)
    html += "</div>\n"
    return html
  }

  /// `hex` when it is a `#rrggbb` colour, else a neutral blue: nothing else reaches the style.
  static func safeColor(_ hex: String) -> String {
    AnsiStyle.rgb(hex) == nil ? "#3f51b5" : hex
  }

  /// Whether dark text reads better than white on `hex`.
  static func isLight(_ hex: String) -> Bool {
    guard let (red, green, blue) = AnsiStyle.rgb(hex) else { return false }
    return 299 * red + 587 * green + 114 * blue > 150_000
  }
}
