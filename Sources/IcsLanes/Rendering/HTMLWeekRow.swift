import LaneLayout

/// One week row of the HTML page: the day cells, a link per segment (its bar) that opens the
/// occurrence's detail card, and under each day with hidden events a `+k more` link that opens
/// the day's list of every event on it (``HTMLEventCard``).
///
/// The lanes past the cap are written too, marked `x`: hidden on screen, laid out on paper,
/// where nothing can be opened.
struct HTMLWeekRow {
  let renderer: HTMLMonthRenderer
  let layout: MonthLayout
  let cards: HTMLEventCard
  /// Each occurrence's card number, by ``HTMLEventCard/occurrenceKey(_:)``.
  let numbers: [String: Int]

  private var names: CalendarNames { renderer.names }

  /// The row's HTML; the lists its `+k more` links open are added to `dayLists`.
  func html(_ week: WeekRow, dayLists: inout [String]) -> String {
    let shown = renderer.shownLanes(of: week.lanes.count)
    let hidden = week.lanes.dropFirst(shown).flatMap { $0 }
    let capped = week.more ?? [:]
    let hasMore = !hidden.isEmpty || !capped.isEmpty
    let rows = shown + (hasMore ? 1 : 0)
    let label = HTMLText.escape("\(names.phrases.weekOf) \(names.longDate(week.start))")
    var html = "<div class=\"week\" role=\"group\" aria-label=\"\(label)\""
    if rows > 0 { html += " style=\"--rows: \(rows); --all: \(max(rows, week.lanes.count))\"" }
    html += ">\n"
    for (column, day) in week.days.enumerated() {
      html += cell(day, column: column)
    }
    for (lane, segments) in week.lanes.enumerated() {
      for segment in segments {
        html += bar(segment, lane: lane, week: week, extra: lane >= shown)
      }
    }
    guard hasMore else { return html + "</div>\n" }
    for (column, day) in week.days.enumerated() {
      let onDay = hidden.filter { $0.firstDay <= day && day <= $0.lastDay }
      let count = onDay.count + (capped[day] ?? 0)
      guard count > 0 else { continue }
      let place = "grid-column: \(column + 1); grid-row: \(shown + 2)"
      let word = "<span class=\"word\"> \(HTMLText.escape(names.phrases.more))</span>"
      if onDay.isEmpty {
        // A layout capped already: the hidden events are not known, so nothing to open.
        html += "<div class=\"more\" style=\"\(place)\">+\(count)\(word)</div>\n"
        continue
      }
      let whole = week.lanes.flatMap { $0 }.filter { $0.firstDay <= day && day <= $0.lastDay }
      let ordered = whole.sorted {
        ($0.allDay ? 0 : 1, $0.span.startInstant, $0.title)
          < ($1.allDay ? 0 : 1, $1.span.startInstant, $1.title)
      }
      dayLists.append(cards.dayList(day, segments: ordered, cards: numbers))
      let target = HTMLEventCard.dayID(layout.month, day)
      let spoken = HTMLText.escape("+\(count) \(names.phrases.more), \(names.longDate(day))")
      html += "<a class=\"more\" href=\"#\(target)\" style=\"\(place)\" aria-label=\"\(spoken)\">"
      html += "+\(count)\(word)</a>\n"
    }
    return html + "</div>\n"
  }

  /// A day's cell: its number and today's mark; hidden from screen readers (each bar says
  /// its own days).
  private func cell(_ day: Day, column: Int) -> String {
    var classes = ["day"]
    let visible = day >= layout.firstDay && day <= layout.lastDay
    if !visible { classes.append("hidden") }
    if day < layout.month.firstDay || day > layout.month.lastDay { classes.append("outside") }
    if visible, day == renderer.today { classes.append("today") }
    var html =
      "<div class=\"\(classes.joined(separator: " "))\" style=\"grid-column: \(column + 1)\""
    html += " data-day=\"\(day)\" aria-hidden=\"true\">"
    if visible { html += "<span class=\"num\">\(day.components.day)</span>" }
    return html + "</div>\n"
  }

  /// A segment's bar: a link to its occurrence's card, its start time, title, and for screen
  /// readers when, where and in which calendar.
  private func bar(_ segment: Segment, lane: Int, week: WeekRow, extra: Bool) -> String {
    let first = week.start.distance(to: segment.firstDay)
    let span = segment.firstDay.distance(to: segment.lastDay) + 1
    let hex = cards.color(of: segment)
    var classes = ["bar"]
    if segment.continuesBefore { classes.append("cb") }
    if segment.continuesAfter { classes.append("ca") }
    if HTMLMonthRenderer.isLight(hex) { classes.append("light") }
    if extra { classes.append("x") }
    let number = numbers[HTMLEventCard.occurrenceKey(segment)] ?? 0
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
      segment.title.isEmpty ? names.phrases.noTitle : segment.title, cards.when(segment),
    ]
    if let location = segment.location, !location.isEmpty { lines.append("📍 " + location) }
    if let calendar = segment.calendar, !calendar.isEmpty { lines.append(calendar) }
    return lines.joined(separator: "\n")
  }
}
