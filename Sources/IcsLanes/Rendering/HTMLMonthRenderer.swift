import LaneLayout

/// Writes layouts as one self-contained HTML page (inline style, no script, nothing fetched
/// from the network): for each month its grid, bars spanning their days in lanes, arrow-shaped
/// ends where a bar continues into the row above or below, today highlighted, each calendar in
/// its colour (text black or white, whichever contrasts more: at least 4.5:1), and the event's
/// time, location and calendar in a tooltip and, for screen readers, in the bar itself.
///
/// Lanes past the cap are hidden behind a `+k more` under each day they cover, an HTML
/// `<details>` that opens on the hidden events of that day. The cap is ``maxLanes`` or, when
/// nil, what fits the row's fixed height (``rowLanes`` lanes: all of them when a week needs no
/// more, else one fewer and the `+k more` line), as FullCalendar's `dayMaxEventRows: true` does.
/// Give the renderer layouts made without a lane cap; a layout capped already keeps its own
/// `more` counts, without the list of what they hide. A day's list names at most
/// ``maximumListed`` events, then `and N more`, and only what the page links to gets a detail
/// card: a long occurrence hidden on every day it covers would otherwise make the page grow as
/// hidden occurrences × days. Print shows up to ``printedLanes`` lanes and lists the rest under
/// each row.
///
/// The page follows `prefers-color-scheme: dark`, prints every month on its own sheet, and on
/// a narrow screen (under 40rem) shows shorter bars without the start time.
///
/// With several months the page shows one month at a time, with previous/next links between
/// them (plain anchors and the CSS `:target` rule).
public struct HTMLMonthRenderer: Sendable {
  /// The month titles, weekday names and the page's language.
  public var names: CalendarNames
  /// The day to highlight as today, when in view.
  public var today: Day?

  /// At most this many lanes per week row, the rest behind `+k more`; nil lets the row's
  /// height decide (see ``rowLanes``).
  public var maxLanes: Int?

  /// The lanes a week row has room for when ``maxLanes`` is nil: a row needing more shows one
  /// fewer and a `+k more` line in the last.
  public static let rowLanes = 4

  /// The most events a day's list (what `+k more` opens) names; the rest are counted on its
  /// last line.
  public static let maximumListed = 100

  /// The most lanes a week row prints: paper has no `+k more` to open, so the lanes past the
  /// screen's cap are printed, up to this many, and the events past them are listed under the
  /// row (at most ``maximumListed`` a row).
  public static let printedLanes = 12

  /// A renderer; by default English names, no today, and the row height's lane cap.
  public init(names: CalendarNames = .english, today: Day? = nil, maxLanes: Int? = nil) {
    self.names = names
    self.today = today
    self.maxLanes = maxLanes
  }

  /// How many lanes of a row needing `lanes` lanes are shown.
  func shownLanes(of lanes: Int) -> Int {
    if let maxLanes { return min(lanes, max(1, maxLanes)) }
    return lanes <= HTMLMonthRenderer.rowLanes ? lanes : HTMLMonthRenderer.rowLanes - 1
  }

  /// The page for one layout.
  public func render(_ layout: MonthLayout) -> String {
    render([layout])
  }

  /// The page for several layouts, in the order given.
  public func render(_ layouts: [MonthLayout]) -> String {
    var html = ""
    write(layouts) { html += $0 }
    return html
  }

  /// Hands `output` the page of ``render(_:)-([MonthLayout])`` piece by piece, a week row at a
  /// time, so that a big layout's page is never whole in memory.
  package func write(_ layouts: [MonthLayout], to output: (String) -> Void) {
    let pageTitle = layouts.map { names.title(of: $0.month) }.joined(separator: " – ")
    output(pageStart(title: pageTitle))
    months(layouts, to: output)
    output(HTMLMonthRenderer.pageEnd)
  }

  /// A page's start, up to the opening `<main>`: its language, title and style.
  func pageStart(title: String) -> String {
    let language = names.localeIdentifier.split(separator: "_").first.map(String.init) ?? "en"
    return """
      <!DOCTYPE html>
      <html lang="\(HTMLText.escape(language))">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <meta name="generator" content="icslanes">
      <title>\(HTMLText.escape(title))</title>
      <style>
      \(HTMLStyleSheet.css)
      </style>
      </head>
      <body>
      <main class="icslanes">

      """
  }

  /// A page's end, after its sections.
  static let pageEnd = "</main>\n</body>\n</html>\n"

  /// The months alone, for embedding in a page of one's own: a `<div class="icslanes">`
  /// holding each month's section, without `<html>`, `<head>` or style. Serve
  /// ``HTMLStyleSheet/css`` beside it (the page's `<style>` holds the same text).
  public func fragment(_ layouts: [MonthLayout]) -> String {
    var html = "<div class=\"icslanes\">\n"
    months(layouts) { html += $0 }
    return html + "</div>\n"
  }

  /// ``fragment(_:)-([MonthLayout])`` of one layout.
  public func fragment(_ layout: MonthLayout) -> String {
    fragment([layout])
  }

  /// Each month's section in turn, with its neighbours for the navigation links.
  private func months(_ layouts: [MonthLayout], to output: (String) -> Void) {
    for (index, layout) in layouts.enumerated() {
      let previous = index > 0 ? layouts[index - 1] : nil
      let next = index + 1 < layouts.count ? layouts[index + 1] : nil
      month(layout, previous: previous, next: next, to: output)
    }
  }

  /// The legend under a grid: each calendar's name beside its colour; empty without calendars.
  static func legend(_ calendars: [CalendarInfo]?) -> String {
    guard let calendars, !calendars.isEmpty else { return "" }
    var html = "<div class=\"legend\">"
    for calendar in calendars {
      let color = HTMLMonthRenderer.safeColor(calendar.color)
      html += "<span style=\"--c:\(color)\">\(HTMLText.escape(calendar.name))</span>"
    }
    return html + "</div>\n"
  }

  /// The `id` of a month's section, the target of the navigation links.
  static func anchor(_ month: YearMonth) -> String {
    "m-\(month)"
  }

  /// One month's section, handed to `output` in pieces (one per week row).
  private func month(
    _ layout: MonthLayout, previous: MonthLayout?, next: MonthLayout?,
    to output: (String) -> Void
  ) {
    let title = HTMLText.escape(names.title(of: layout.month))
    var html = "<section class=\"month\" id=\"\(HTMLMonthRenderer.anchor(layout.month))\">\n"
    html += "<header>"
    html += navigation(previous, rel: "prev", arrow: "‹ ", trailing: "")
    html += "<h1>\(title)</h1>"
    html += navigation(next, rel: "next", arrow: "", trailing: " ›")
    html += "</header>\n"
    html += HTMLEventCard.weekdayHeader(names, weekStart: layout.weekStart)
    html += "<div class=\"grid\" role=\"group\" aria-label=\"\(title)\">\n"
    let cards = HTMLEventCard(names: names, layout: layout)
    output(html)
    var index = HTMLCardIndex()
    var dayLists: [String] = []
    for week in layout.weeks {
      let row = HTMLWeekRow(renderer: self, layout: layout, cards: cards)
      output(row.html(week, index: &index, dayLists: &dayLists))
    }
    output("</div>\n")
    cards.writeOverlays(dayLists, index, to: output)
    html = HTMLMonthRenderer.legend(layout.calendars)
    if !layout.skipped.isEmpty {
      html += "<p class=\"note\">\(layout.skipped.count) event(s) skipped.</p>\n"
    }
    html += "</section>\n"
    output(html)
  }

  private func navigation(_ target: MonthLayout?, rel: String, arrow: String, trailing: String)
    -> String
  {
    guard let target else { return "<span class=\"nav \(rel)\"></span>" }
    let label = HTMLText.escape(arrow + names.title(of: target.month) + trailing)
    return
      "<a class=\"nav \(rel)\" rel=\"\(rel)\" href=\"#\(HTMLMonthRenderer.anchor(target.month))\">\(label)</a>"
  }

  /// When, where and in which calendar, on one line: what a screen reader reads after the title.
  static func details(_ segment: Segment) -> String {
    var parts = [SegmentText.when(segment)]
    if let location = segment.location, !location.isEmpty { parts.append(location) }
    if let calendar = segment.calendar, !calendar.isEmpty { parts.append(calendar) }
    return parts.joined(separator: ", ")
  }

  /// `hex` when it is a `#rrggbb` colour, else a neutral blue: nothing else reaches the style.
  static func safeColor(_ hex: String) -> String {
    AnsiStyle.rgb(hex) == nil ? "#3f51b5" : hex
  }

  /// Whether black text contrasts more than white with `hex` (WCAG): the bar gets class
  /// `light` and black text.
  static func isLight(_ hex: String) -> Bool {
    ColorContrast.prefersDarkText(on: hex)
  }
}
