import LaneLayout

/// Draws a month layout as a text grid with box-drawing lines: the month's name, the weekday
/// header, and for each week row its day numbers and one line per lane, where each bar spans
/// its days.
///
/// Bars read `[Title   ]`; `<` opens a bar that continues from the row above and `>` closes one
/// that continues into the next row. Timed occurrences show their start time. Titles are cut with
/// `…` and never split a character; wide (CJK) characters count two columns.
public struct TextGridRenderer: Sendable {
  /// Total width in columns (borders included); each day gets an equal share.
  public var width: Int
  /// The month names, January first.
  public var monthNames: [String]
  /// Short weekday names, Monday first.
  public var weekdayNames: [String]
  /// The day to highlight as today, when in view.
  public var today: Day?
  /// Whether to use ANSI colours (calendar colours, today in reverse video).
  public var color: Bool

  /// The narrowest a day column may be.
  public static let minimumColumnWidth = 6

  /// A renderer with English names, 80 columns and no colour.
  public init(
    width: Int = 80, monthNames: [String] = TextGridRenderer.englishMonths,
    weekdayNames: [String] = TextGridRenderer.englishWeekdays, today: Day? = nil,
    color: Bool = false
  ) {
    self.width = width
    self.monthNames = monthNames
    self.weekdayNames = weekdayNames
    self.today = today
    self.color = color
  }

  /// English month names.
  public static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October",
    "November", "December",
  ]
  /// English short weekday names, Monday first.
  public static let englishWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// The text of `layout`, ending in a newline.
  public func render(_ layout: MonthLayout) -> String {
    let cell = max(TextGridRenderer.minimumColumnWidth, (width - 8) / 7)
    let inner = cell * 7 + 6
    var lines: [String] = []
    let title = "\(monthNames[(layout.month.month - 1) % 12]) \(layout.month.year)"
    let pad = max(0, (inner + 2 - TerminalText.width(of: title)) / 2)
    lines.append(String(repeating: " ", count: pad) + title)
    let rule = { (left: String, middle: String, right: String) -> String in
      left
        + Array(repeating: String(repeating: "─", count: cell), count: 7).joined(separator: middle)
        + right
    }
    lines.append(rule("┌", "┬", "┐"))
    let startIndex = layout.weekStart.isoIndex
    let header = (0..<7).map { column in
      TerminalText.fit(" " + weekdayNames[(startIndex + column) % 7], to: cell)
    }
    lines.append("│" + header.joined(separator: "│") + "│")
    let calendarColors = Dictionary(
      (layout.calendars ?? []).map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
    for week in layout.weeks {
      lines.append(rule("├", "┼", "┤"))
      let numbers = week.days.map { day -> String in
        guard day >= layout.firstDay, day <= layout.lastDay else {
          return String(repeating: " ", count: cell)
        }
        let number = TerminalText.fit(" \(day.components.day)", to: cell)
        if color, day == today { return "\u{1B}[7m" + number + "\u{1B}[0m" }
        return day == today ? TerminalText.fit(" \(day.components.day)*", to: cell) : number
      }
      lines.append("│" + numbers.joined(separator: "│") + "│")
      for lane in week.lanes {
        lines.append(laneLine(lane, week: week, cell: cell, colors: calendarColors))
      }
      if let more = week.more, !more.isEmpty {
        let cells = week.days.map { day -> String in
          guard let count = more[day] else { return String(repeating: " ", count: cell) }
          return TerminalText.fit(" +\(count) more", to: cell)
        }
        lines.append("│" + cells.joined(separator: "│") + "│")
      }
    }
    lines.append(rule("└", "┴", "┘"))
    return lines.joined(separator: "\n") + "\n"
  }

  private func laneLine(_ lane: [Segment], week: WeekRow, cell: Int, colors: [String: String])
    -> String
  {
    var line = "│"
    var column = 0
    for segment in lane {
      let first = week.start.distance(to: segment.firstDay)
      let last = week.start.distance(to: segment.lastDay)
      while column < first {
        line += String(repeating: " ", count: cell) + "│"
        column += 1
      }
      let span = (last - first + 1) * cell + (last - first)
      line += bar(segment, width: span, colors: colors) + "│"
      column = last + 1
    }
    while column < 7 {
      line += String(repeating: " ", count: cell) + "│"
      column += 1
    }
    return line
  }

  private func bar(_ segment: Segment, width: Int, colors: [String: String]) -> String {
    let open = segment.continuesBefore ? "<" : "["
    let close = segment.continuesAfter ? ">" : "]"
    // A bar shows at most `width` columns: cut a huge title first, so that its cost stays small.
    let title = String(segment.title.unicodeScalars.prefix(4 * width + 16))
    var label = TerminalText.sanitize(title)
    if !segment.allDay, !segment.continuesBefore, segment.start.count >= 16 {
      let time = segment.start.dropFirst(11).prefix(5)
      label = "\(time) " + label
    }
    let body = TerminalText.fit(label, to: max(0, width - 2))
    let text = open + body + close
    guard color, let calendar = segment.calendar, let hex = colors[calendar] else { return text }
    return TextGridRenderer.ansi(hex) + text + "\u{1B}[0m"
  }

  /// The 24-bit foreground escape for a `#rrggbb` colour.
  static func ansi(_ hex: String) -> String {
    let digits = hex.dropFirst()
    guard digits.count == 6, let value = Int(digits, radix: 16) else { return "" }
    return "\u{1B}[38;2;\(value >> 16);\(value >> 8 & 0xFF);\(value & 0xFF)m"
  }
}
