import LaneLayout

/// One week row of the HTML page: the day cells, a link per segment (its bar) that opens the
/// occurrence's detail card, and under each day with hidden events a `+k more` link that opens
/// the day's list of every event on it (``HTMLEventCard``).
///
/// The lanes past the screen's cap are written too, up to ``HTMLMonthRenderer/printedLanes``,
/// marked `x`: hidden on screen, laid out on paper, where nothing can be opened. What lies past
/// the printed lanes is listed under the row, on paper only (``printedList(_:from:)``).
struct HTMLWeekRow {
  let renderer: HTMLMonthRenderer
  let layout: MonthLayout
  let cards: HTMLEventCard
  /// Whether days of other months are marked `outside` (dimmed): on a month page, not in a
  /// week view.
  var marksOutside = true

  private var names: CalendarNames { renderer.names }

  /// The row's HTML; its bars and lists take card numbers from `index`, and the lists its
  /// `+k more` links open are added to `dayLists`.
  func html(_ week: WeekRow, index: inout HTMLCardIndex, dayLists: inout [String]) -> String {
    let shown = renderer.shownLanes(of: week.lanes.count)
    let printed = max(shown, min(week.lanes.count, HTMLMonthRenderer.printedLanes))
    let capped = week.more ?? [:]
    let hasMore = week.lanes.count > shown || !capped.isEmpty
    let printsList = week.lanes.count > printed
    let rows = shown + (hasMore ? 1 : 0)
    let label = HTMLText.escape("\(names.phrases.weekOf) \(names.longDate(week.start))")
    var html = "<div class=\"week\" role=\"group\" aria-label=\"\(label)\""
    if rows > 0 {
      html += " style=\"--rows: \(rows); --all: \(max(rows, printed))\""
    }
    html += ">\n"
    for (column, day) in week.days.enumerated() {
      html += cell(day, column: column)
    }
    for (lane, segments) in week.lanes.prefix(printed).enumerated() {
      for segment in segments {
        html += bar(
          segment, lane: lane, week: week, number: index.number(segment), extra: lane >= shown)
      }
    }
    guard hasMore else { return html + "</div>\n" }
    for (column, day) in week.days.enumerated() {
      let hidden = HTMLWeekRow.count(week.lanes.dropFirst(shown), on: day)
      html += more(
        week, day: day, column: column, hidden: hidden, capped: capped[day] ?? 0, row: shown + 2,
        index: &index, dayLists: &dayLists)
    }
    if printsList { html += printedList(week, from: printed) }
    return html + "</div>\n"
  }

  /// The segments of the lanes from `lane` on, listed under the row on paper (hidden on
  /// screen, where `+k more` opens them): each once, by first day and start, at most
  /// ``HTMLMonthRenderer/maximumListed`` of them, then `and N more`.
  private func printedList(_ week: WeekRow, from lane: Int) -> String {
    let past = week.lanes.dropFirst(lane).flatMap { $0 }.sorted {
      ($0.firstDay, $0.allDay ? 0 : 1, $0.span.startInstant, $0.title)
        < ($1.firstDay, $1.allDay ? 0 : 1, $1.span.startInstant, $1.title)
    }
    var html = "<ul class=\"printed\" style=\"grid-row: \(lane + 2)\" aria-hidden=\"true\">"
    html += cards.listItems(past) { segment in
      HTMLText.escape(cards.title(of: segment))
        + " <span class=\"at\">\(HTMLText.escape(cards.when(segment)))</span>"
    }
    return html + "</ul>\n"
  }

  /// How many segments of `lanes` cover `day`.
  private static func count(_ lanes: ArraySlice<[Segment]>, on day: Day) -> Int {
    lanes.reduce(0) { total, lane in
      total + lane.count { $0.firstDay <= day && day <= $0.lastDay }
    }
  }

  /// A day's `+k more` for its `hidden` events plus the `capped` ones a capped layout only
  /// counts: a link to the day's list, or plain text when no hidden event is known.
  private func more(
    _ week: WeekRow, day: Day, column: Int, hidden: Int, capped: Int, row: Int,
    index: inout HTMLCardIndex, dayLists: inout [String]
  ) -> String {
    let count = hidden + capped
    guard count > 0 else { return "" }
    let place = "grid-column: \(column + 1); grid-row: \(row)"
    let word = "<span class=\"word\"> \(HTMLText.escape(names.phrases.more))</span>"
    guard hidden > 0 else {
      return "<div class=\"more\" style=\"\(place)\">+\(count)\(word)</div>\n"
    }
    let whole = week.lanes.flatMap { $0 }.filter { $0.firstDay <= day && day <= $0.lastDay }
    let ordered = whole.sorted {
      ($0.allDay ? 0 : 1, $0.span.startInstant, $0.title)
        < ($1.allDay ? 0 : 1, $1.span.startInstant, $1.title)
    }
    dayLists.append(cards.dayList(day, segments: ordered, index: &index))
    let target = HTMLEventCard.dayID(layout.month, day)
    let spoken = HTMLText.escape("+\(count) \(names.phrases.more), \(names.longDate(day))")
    var html = "<a class=\"more\" href=\"#\(target)\" style=\"\(place)\" aria-label=\"\(spoken)\">"
    html += "+\(count)\(word)</a>\n"
    return html
  }

  /// A day's cell: its number and today's mark; hidden from screen readers (each bar says
  /// its own days).
  private func cell(_ day: Day, column: Int) -> String {
    var classes = ["day"]
    let visible = day >= layout.firstDay && day <= layout.lastDay
    if !visible { classes.append("hidden") }
    if marksOutside, day < layout.month.firstDay || day > layout.month.lastDay {
      classes.append("outside")
    }
    if visible, day == renderer.today { classes.append("today") }
    var html =
      "<div class=\"\(classes.joined(separator: " "))\" style=\"grid-column: \(column + 1)\""
    html += " data-day=\"\(day)\" aria-hidden=\"true\">"
    if visible { html += "<span class=\"num\">\(day.components.day)</span>" }
    return html + "</div>\n"
  }

  /// A segment's bar: a link to its occurrence's card, its start time, title, and for screen
  /// readers when, where and in which calendar.
  private func bar(_ segment: Segment, lane: Int, week: WeekRow, number: Int, extra: Bool)
    -> String
  {
    let first = week.start.distance(to: segment.firstDay)
    let span = segment.firstDay.distance(to: segment.lastDay) + 1
    let hex = cards.color(of: segment)
    var classes = ["bar"]
    if segment.continuesBefore { classes.append("cb") }
    if segment.continuesAfter { classes.append("ca") }
    if HTMLMonthRenderer.isLight(hex) { classes.append("light") }
    if extra { classes.append("x") }
    var html = "<a class=\"\(classes.joined(separator: " "))\""
    html += " href=\"#\(HTMLEventCard.cardID(layout.month, number))\""
    html += " style=\"grid-column: \(first + 1) / span \(span); grid-row: \(lane + 2);"
    html += " --c:\(hex)\""
    if extra { html += " tabindex=\"-1\" aria-hidden=\"true\"" }
    html += " title=\"\(HTMLText.escape(tooltip(segment)))\">"
    if !segment.continuesBefore, let time = names.clock(segment.start) {
      html += "<span class=\"time\" aria-hidden=\"true\">\(time)</span>"
    }
    html += HTMLText.escape(segment.title)
    html += "<span class=\"sr\">, \(HTMLText.escape(spoken(segment)))</span>"
    return html + "</a>\n"
  }

  /// When, where and in which calendar, on one line, in the page's words.
  private func spoken(_ segment: Segment) -> String {
    var parts = [cards.when(segment)]
    if let location = segment.location, !location.isEmpty { parts.append(location) }
    if let calendar = segment.calendar, !calendar.isEmpty { parts.append(calendar) }
    return parts.joined(separator: ", ")
  }

  /// The tooltip: title, then ``spoken(_:)``'s parts one per line.
  private func tooltip(_ segment: Segment) -> String {
    var lines = [
      cards.title(of: segment), cards.when(segment),
    ]
    if let location = segment.location, !location.isEmpty { lines.append("📍 " + location) }
    if let calendar = segment.calendar, !calendar.isEmpty { lines.append(calendar) }
    return lines.joined(separator: "\n")
  }
}
