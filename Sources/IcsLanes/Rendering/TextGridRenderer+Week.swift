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
    if let line = moreLine(row, cell: cell) { emit(line) }
    emit(rule("└", "┴", "┘"))
    legendLines(layout.calendars ?? [], colors: colors, marks: marks).forEach(emit)
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
