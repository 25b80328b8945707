import LaneLayout

extension TextGridRenderer {
  /// The text of a week view: its heading (`Week 32 · 5–11 August 2024`), one header line of
  /// weekdays and day numbers, then every lane of the week (up to ``maximumLanes``), each timed
  /// bar led by its start time, and a `+k more` line when the month was laid out with a cap.
  public func render(_ week: WeekLayout) -> String {
    var text = ""
    write(week) { text += $0 }
    return text
  }

  /// Hands `output` the text of ``render(_:)-(WeekLayout)`` a line at a time.
  package func write(_ week: WeekLayout, to output: (String) -> Void) {
    let cell = columnWidth
    let inner = cell * 7 + 6
    func emit(_ line: String) { output(line + "\n") }
    let title = TerminalText.sanitize(names.title(ofWeek: week.number.week, days: week.days))
    let pad = max(0, (inner + 2 - TerminalText.width(of: title)) / 2)
    emit(String(repeating: " ", count: pad) + style(AnsiStyle.bold, title))
    let rule = { (left: String, middle: String, right: String) -> String in
      left
        + Array(repeating: String(repeating: "─", count: cell), count: 7).joined(separator: middle)
        + right
    }
    emit(rule("┌", "┬", "┐"))
    let row = week.row
    emit(self.row(row.days.enumerated().map { heading($1, column: $0, week: week, cell: cell) }))
    emit(rule("├", "┼", "┤"))
    let layout = week.month
    let colors = Dictionary(
      (layout.calendars ?? []).map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
    let marks = color ? [:] : CalendarMarks.marks(layout.calendars ?? [])
    for lane in row.lanes.prefix(TextGridRenderer.maximumLanes) {
      emit(laneLine(lane, week: row, cell: cell, colors: colors, marks: marks, timeFirst: true))
    }
    if row.lanes.isEmpty {
      emit(self.row(Array(repeating: String(repeating: " ", count: cell), count: 7)))
    }
    let more = TextGridRenderer.hiddenCounts(of: row)
    if !more.isEmpty {
      emit(
        self.row(
          row.days.map { day in
            guard let count = more[day] else { return String(repeating: " ", count: cell) }
            let label = TextGridRenderer.moreLabel(count, cell: cell, word: names.phrases.more)
            return style(AnsiStyle.dim, label)
          }))
    }
    emit(rule("└", "┴", "┘"))
    if color, colors.count > 1, let calendars = layout.calendars {
      let legend = calendars.map {
        AnsiStyle.bar($0.color, trueColor: trueColor) + " " + TerminalText.sanitize($0.name) + " "
          + AnsiStyle.reset
      }
      emit(legend.joined(separator: " "))
    }
    if let legend = CalendarMarks.legend(layout.calendars ?? [], marks: marks) { emit(legend) }
  }

  /// A day's header cell: ` Mon 5`, today's marked `*` (reversed with colour).
  private func heading(_ day: Day, column: Int, week: WeekLayout, cell: Int) -> String {
    let weekday = TerminalText.sanitize(
      names.weekday(column: column, weekStart: week.month.weekStart))
    let text = " \(weekday) \(day.components.day)"
    guard day == today else { return TerminalText.fit(text, to: cell) }
    if color { return AnsiStyle.reverse + TerminalText.fit(text, to: cell) + AnsiStyle.reset }
    return TerminalText.fit(text + "*", to: cell)
  }
}
