import LaneLayout

/// Draws a month layout as a text grid with box-drawing lines: the month's title, the weekday
/// header, and for each week row its day numbers, one line per lane, where each bar spans its
/// days, and a `+k more` line when lanes were capped.
///
/// Bars read `[Title   ]`; `<` opens a bar that continues from the row above and `>` closes one
/// that continues into the next row. Timed occurrences show their start time when the bar has
/// room for it. Titles are cut with `…` and never split a character; wide (CJK) characters
/// count two columns and combining marks none, so every column stays aligned.
///
/// A week row draws at most ``maximumLanes`` lanes; the segments of the lanes past it are
/// counted on the row's `+k more` line with those a capped layout (`--max-lanes`) hid, so that a
/// feed of thousands of same-day occurrences costs a bounded grid, not a line per lane.
///
/// Today's number is marked `*` (in reverse video with colour). With colour, each bar takes
/// its calendar's colour as background, days outside the month are dim, and a legend names the
/// calendars when there are several. Without colour, several calendars are told apart by a
/// letter at the start of each bar, which a legend under the grid names (`F Family · T Team`).
public struct TextGridRenderer: Sendable {
  /// Total width in columns (borders included); each day gets an equal share, at least
  /// ``minimumColumnWidth``.
  public var width: Int
  /// The month title and weekday names.
  public var names: CalendarNames
  /// The day to highlight as today, when in view.
  public var today: Day?
  /// Whether to use ANSI colours.
  public var color: Bool
  /// Whether the terminal shows 24-bit colour; when false, colours are the nearest of the
  /// 256-colour palette (a terminal whose `COLORTERM` is not `truecolor` or `24bit`).
  public var trueColor: Bool = true

  /// The narrowest a day column may be: room for `[Abc…]` or ` +99 m…`.
  public static let minimumColumnWidth = 6

  /// The narrowest grid: seven minimum columns and eight borders.
  public static let minimumWidth = 7 * minimumColumnWidth + 8

  /// A renderer; by default 80 columns, English names, no today and no colour.
  public init(
    width: Int = 80, names: CalendarNames = .english, today: Day? = nil, color: Bool = false
  ) {
    self.width = width
    self.names = names
    self.today = today
    self.color = color
  }

  /// The widest grid drawn: a wider ``width`` (up to `Int.max`) is drawn this wide, as a
  /// narrower one (down to `Int.min`) is drawn ``minimumWidth`` wide; a grid row costs memory
  /// and time in proportion to its width.
  public static let maximumWidth = 1_000

  /// The most lanes a week row draws; the segments of further lanes are counted on the row's
  /// `+k more` line. No terminal shows a row this deep, and a grid's cost stays in proportion
  /// to it, whatever the layout holds.
  public static let maximumLanes = 100

  /// The columns of one day at this width.
  public var columnWidth: Int {
    let drawn = min(max(width, 0), TextGridRenderer.maximumWidth)
    return max(TextGridRenderer.minimumColumnWidth, (drawn - 8) / 7)
  }

  /// The text of several layouts, one grid after another with a blank line between them.
  public func render(_ layouts: [MonthLayout]) -> String {
    var text = ""
    write(layouts) { text += $0 }
    return text
  }

  /// The text of `layout`, ending in a newline.
  public func render(_ layout: MonthLayout) -> String {
    var text = ""
    write(layout) { text += $0 }
    return text
  }

  /// Hands `output` the text of ``render(_:)-([MonthLayout])`` piece by piece, a line at a
  /// time, so that a big layout's text is never whole in memory.
  package func write(_ layouts: [MonthLayout], to output: (String) -> Void) {
    for (index, layout) in layouts.enumerated() {
      if index > 0 { output("\n") }
      write(layout, to: output)
    }
  }

  /// Hands `output` the text of ``render(_:)-(MonthLayout)`` a line at a time.
  package func write(_ layout: MonthLayout, to output: (String) -> Void) {
    let cell = columnWidth
    let inner = cell * 7 + 6
    func emit(_ line: String) { output(line + "\n") }
    let title = TerminalText.sanitize(names.title(of: layout.month))
    let pad = max(0, (inner + 2 - TerminalText.width(of: title)) / 2)
    emit(String(repeating: " ", count: pad) + style(AnsiStyle.bold, title))
    let rule = { (left: String, middle: String, right: String) -> String in
      left
        + Array(repeating: String(repeating: "─", count: cell), count: 7).joined(separator: middle)
        + right
    }
    emit(rule("┌", "┬", "┐"))
    let header = (0..<7).map { column in
      TerminalText.fit(
        " " + TerminalText.sanitize(names.weekday(column: column, weekStart: layout.weekStart)),
        to: cell)
    }
    emit("│" + header.joined(separator: "│") + "│")
    let colors = Dictionary(
      (layout.calendars ?? []).map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
    let marks = color ? [:] : CalendarMarks.marks(layout.calendars ?? [])
    for week in layout.weeks {
      emit(rule("├", "┼", "┤"))
      emit(row(week.days.map { dayNumber($0, in: layout, cell: cell) }))
      for lane in week.lanes.prefix(TextGridRenderer.maximumLanes) {
        emit(laneLine(lane, week: week, cell: cell, colors: colors, marks: marks))
      }
      if let line = moreLine(week, cell: cell) { emit(line) }
    }
    emit(rule("└", "┴", "┘"))
    legendLines(layout.calendars ?? [], colors: colors, marks: marks).forEach(emit)
  }

  /// The `+k more` line under a week row's lanes, or nil when nothing is hidden.
  func moreLine(_ week: WeekRow, cell: Int) -> String? {
    let more = TextGridRenderer.hiddenCounts(of: week)
    guard !more.isEmpty else { return nil }
    return row(
      week.days.map { day in
        guard let count = more[day] else { return String(repeating: " ", count: cell) }
        let label = TextGridRenderer.moreLabel(count, cell: cell, word: names.phrases.more)
        return style(AnsiStyle.dim, label)
      })
  }

  /// Under the grid: each calendar's colour when colours tell several apart, and the marks
  /// that stand for them without colour.
  func legendLines(
    _ calendars: [CalendarInfo], colors: [String: String], marks: [String: Character]
  )
    -> [String]
  {
    var lines: [String] = []
    if color, colors.count > 1, !calendars.isEmpty {
      let legend = calendars.map {
        AnsiStyle.bar($0.color, trueColor: trueColor) + " " + TerminalText.sanitize($0.name) + " "
          + AnsiStyle.reset
      }
      lines.append(legend.joined(separator: " "))
    }
    if let legend = CalendarMarks.legend(calendars, marks: marks) { lines.append(legend) }
    return lines
  }

  /// For each day of `week`, what its `+k more` counts: the segments the layout hid there
  /// (`more`) and those of the lanes past ``maximumLanes`` that cover the day.
  static func hiddenCounts(of week: WeekRow) -> [Day: Int] {
    var counts = week.more ?? [:]
    let days = week.days
    for lane in week.lanes.dropFirst(TextGridRenderer.maximumLanes) {
      for segment in lane {
        for day in days where segment.firstDay <= day && day <= segment.lastDay {
          let count = counts[day, default: 0]
          counts[day] = count == .max ? count : count + 1
        }
      }
    }
    return counts
  }

  /// `+k more` cut to a day column: ` +3 more` (the locale's word for `more`), or ` +3` when
  /// the words do not fit.
  static func moreLabel(_ count: Int, cell: Int, word: String = "more") -> String {
    let long = " +\(count) \(TerminalText.sanitize(word))"
    let text = TerminalText.width(of: long) <= cell ? long : " +\(count)"
    return TerminalText.fit(text, to: cell)
  }

  func row(_ cells: [String]) -> String {
    "│" + cells.joined(separator: "│") + "│"
  }

  func style(_ code: String, _ text: String) -> String {
    color ? code + text + AnsiStyle.reset : text
  }

  private func dayNumber(_ day: Day, in layout: MonthLayout, cell: Int) -> String {
    guard day >= layout.firstDay, day <= layout.lastDay else {
      return String(repeating: " ", count: cell)
    }
    let number = day.components.day
    let outside = day < layout.month.firstDay || day > layout.month.lastDay
    if day == today {
      if color {
        return AnsiStyle.reverse + TerminalText.fit(" \(number)", to: cell) + AnsiStyle.reset
      }
      return TerminalText.fit(" \(number)*", to: cell)
    }
    let text = TerminalText.fit(" \(number)", to: cell)
    return outside ? style(AnsiStyle.dim, text) : text
  }

  /// One lane of `week` as a grid line; with `timeFirst` (the week view) a timed bar's start
  /// time is shown even when it leaves little room for the title.
  func laneLine(
    _ lane: [Segment], week: WeekRow, cell: Int, colors: [String: String],
    marks: [String: Character], timeFirst: Bool = false
  ) -> String {
    var line = "│"
    var column = 0
    for segment in lane {
      let first = week.start.distance(to: segment.firstDay)
      let last = week.start.distance(to: segment.lastDay)
      guard first >= column, last < 7 else { continue }
      while column < first {
        line += String(repeating: " ", count: cell) + "│"
        column += 1
      }
      let span = (last - first + 1) * cell + (last - first)
      line += bar(segment, width: span, colors: colors, marks: marks, timeFirst: timeFirst) + "│"
      column = last + 1
    }
    while column < 7 {
      line += String(repeating: " ", count: cell) + "│"
      column += 1
    }
    return line
  }

  private func bar(
    _ segment: Segment, width: Int, colors: [String: String], marks: [String: Character],
    timeFirst: Bool
  ) -> String {
    let open = segment.continuesBefore ? "<" : "["
    let close = segment.continuesAfter ? ">" : "]"
    let mark = segment.calendar.flatMap { marks[$0] }.map { "\($0) " } ?? ""
    let body = TerminalText.fit(
      mark
        + TextGridRenderer.label(
          segment, columns: width - 2 - mark.count, names: names, timeFirst: timeFirst),
      to: max(0, width - 2))
    let text = open + body + close
    guard color, let hex = segment.color ?? segment.calendar.flatMap({ colors[$0] }) else {
      return text
    }
    return AnsiStyle.bar(hex, trueColor: trueColor) + text + AnsiStyle.reset
  }

  /// The words inside a bar of `columns` columns: the title, led by the start time of a timed
  /// occurrence that starts in this bar (on the clock of `names`) when that leaves room for at
  /// least eight columns of title (or the whole title), or always with `timeFirst`.
  static func label(
    _ segment: Segment, columns: Int, names: CalendarNames = .english, timeFirst: Bool = false
  ) -> String {
    // A bar shows at most `columns` columns: cut a huge title first, so its cost stays small.
    let title = TerminalText.sanitize(
      String(segment.title.unicodeScalars.prefix(4 * max(0, columns) + 16)))
    guard !segment.continuesBefore, !segment.allDay,
      let time = names.clock(segment.start).map(TerminalText.sanitize)
    else {
      return title
    }
    let room = columns - TerminalText.width(of: time) - 1
    return timeFirst || room >= TerminalText.width(of: title, upTo: 8) ? "\(time) \(title)" : title
  }
}
