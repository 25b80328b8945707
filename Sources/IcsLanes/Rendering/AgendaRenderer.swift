import LaneLayout

/// Writes layouts as a list, day by day, as `khal list` and `gcalcli agenda` print a calendar:
/// a heading per day that has occurrences, then one line per occurrence covering that day with
/// its time range (or `all day`), title, location and calendar.
///
/// ```text
/// Sat 2024-08-10
///   all day      Anna on leave  [Team]
///   20:00 →      Neighbourhood party (day 1/2)  @ Courtyard  [Family]
/// Sun 2024-08-11
///   → 00:30      Neighbourhood party (day 2/2)  @ Courtyard  [Family]
/// ```
///
/// The time column is 11 columns wide (`09:00–10:00`), or as wide as the widest time listed
/// (a 12-hour clock's `10:30am–11:30am`, a locale's `all day`). Times follow the clock of
/// ``names``, and `all day` and `and N more` are in its words. An occurrence over several days
/// says which of them each line is, `(day 2/3)`.
///
/// With ``showsDetails`` (`--details`) each occurrence's first line is followed by its
/// location, status, organizer, attendee count, URL and up to ``descriptionLines`` lines of
/// its description, indented to the titles; the location then leaves the entries' lines.
///
/// An occurrence over several days is listed on each of them; a timed one shows `→` where it
/// goes on past midnight. The lines of a day are all-day occurrences first, then by start time,
/// end, title and UID, so the output depends on the layouts alone. The list takes every
/// occurrence of the layouts' lanes: lay out without a lane cap to list them all.
///
/// A day lists at most ``maximumLinesPerDay`` occurrences, then `  … and N more`: an occurrence
/// is listed on every day it covers, so without a bound thousands of long occurrences would make
/// the list grow as occurrences × days.
public struct AgendaRenderer: Sendable {
  /// The weekday names of the headings.
  public var names: CalendarNames
  /// The day whose heading is marked `(today)`, in the names' language (in reverse video with
  /// colour).
  public var today: Day?
  /// Only these days are listed, without month headings (`--from … --days`); nil lists every
  /// day of the layouts, month by month.
  public var days: ClosedRange<Day>?
  /// ANSI colours: each calendar tag in its calendar's colour, today's heading reversed.
  public var color = false
  /// Whether the colours are 24-bit rather than the nearest of the 256-colour palette.
  public var trueColor = true
  /// Lines longer than this many columns are cut, ending in `…`; nil leaves them whole.
  public var width: Int?
  /// Whether each occurrence is followed, on the first day it is listed, by its details,
  /// indented: location, status, organizer, attendee count, URL and the description's first
  /// ``descriptionLines`` lines (`--details`, as `gcalcli agenda --details` prints them).
  public var showsDetails = false

  /// The most occurrences listed under one day; the rest are counted on one line.
  public static let maximumLinesPerDay = 1_000

  /// A renderer; by default English weekday names.
  public init(names: CalendarNames = .english) {
    self.names = names
  }

  /// The list of one or more layouts, months in the order given; empty months print a line
  /// saying so. With ``days``, one list of those days across the layouts.
  public func render(_ layouts: [MonthLayout]) -> String {
    var lines: [String] = []
    let listed = layouts.map { layout in
      entries(of: layout).filter { days?.contains($0.day) ?? true }
    }
    let column = AgendaRenderer.timeColumn(listed.joined().flatMap { $0.entries.map(\.when) })
    if days != nil {
      for (layout, listedDays) in zip(layouts, listed) {
        for day in listedDays {
          lines += dayLines(day, calendars: layout.calendars, column: column)
        }
      }
      if lines.isEmpty { lines.append("  (\(clean(names.phrases.noEvents)))") }
      lines.append("")
      return lines.joined(separator: "\n")
    }
    for (layout, days) in zip(layouts, listed) {
      lines.append("# " + names.title(of: layout.month))
      if days.isEmpty { lines.append("  (\(clean(names.phrases.noEvents)))") }
      for day in days { lines += dayLines(day, calendars: layout.calendars, column: column) }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// The width of the time column: 11 (`09:00–10:00`), or the widest time text listed when
  /// wider (a 12-hour clock's `10:30am–11:30am`, a long word for `all day`).
  static func timeColumn(_ texts: [String]) -> Int {
    texts.reduce(11) { max($0, TerminalText.width(of: $1)) }
  }

  /// A day's heading and its lines, the time column `column` wide.
  private func dayLines(
    _ day: (day: Day, entries: [Entry], more: Int), calendars: [CalendarInfo]?, column: Int
  ) -> [String] {
    let colors = Dictionary(
      (calendars ?? []).map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
    let date = "\(names.weekdays[day.day.weekday.isoIndex]) \(day.day)"
    let mark = " (\(clean(names.phrases.today)))"
    var heading = day.day == today ? date + mark : date
    if let width, TerminalText.width(of: heading) > width {
      heading = TerminalText.truncate(heading, to: width)
    } else if color, day.day == today {
      heading = AnsiStyle.reverse + date + AnsiStyle.reset + mark
    }
    var lines = [heading]
    for entry in day.entries {
      let padding = String(
        repeating: " ", count: max(0, column - TerminalText.width(of: entry.when)))
      var line = "  " + entry.when + padding + "  " + clean(entry.occurrence.title)
      if let count = AgendaRenderer.dayCount(entry.occurrence, on: day.day) { line += " " + count }
      // With details, the location is the first of the lines under the occurrence's first
      // entry, and no entry's line carries it.
      let detailed = showsDetails && isFirstListed(entry.occurrence, on: day.day)
      if !showsDetails, let location = entry.occurrence.location, !location.isEmpty {
        line += "  @ " + clean(location)
      }
      var tag: (text: String, color: String?)?
      if let calendar = entry.occurrence.calendar, !calendar.isEmpty {
        tag = ("[" + clean(calendar) + "]", colors[calendar])
      }
      lines.append(finish(line, tag: tag))
      if detailed {
        let indent = 2 + column + 2
        lines += detailLines(entry.occurrence, indent: indent).map { finish($0, tag: nil) }
      }
    }
    if day.more > 0 {
      lines.append(finish("  … " + clean(names.phrases.andMore(day.more)), tag: nil))
    }
    return lines
  }

  /// `line` and its calendar tag, cut to ``width``; the tag in its colour when it fits.
  private func finish(_ line: String, tag: (text: String, color: String?)?) -> String {
    guard let tag else {
      guard let width else { return line }
      return TerminalText.truncate(line, to: width)
    }
    let plain = line + "  " + tag.text
    if let width, TerminalText.width(of: plain) > width {
      return TerminalText.truncate(plain, to: width)
    }
    guard color, let hex = tag.color else { return plain }
    return line + "  " + AnsiStyle.bar(hex, trueColor: trueColor) + tag.text + AnsiStyle.reset
  }

  /// `(day 3/12)` for an occurrence over several days, on the third; nil for one day.
  static func dayCount(_ occurrence: Occurrence, on day: Day) -> String? {
    let first = occurrence.start.day
    var last = occurrence.end.day
    // An all-day end is the day after; a timed end at midnight belongs to the day before.
    if last > first, occurrence.allDay || occurrence.end.clockText == "00:00" {
      last = last.adding(days: -1)
    }
    guard last > first, first <= day, day <= last else { return nil }
    return "(day \(first.distance(to: day) + 1)/\(first.distance(to: last) + 1))"
  }

  /// One occurrence on one day, with what its time column says there.
  struct Entry {
    var occurrence: Occurrence
    var when: String
  }

  /// Each day of the layout with occurrences, in order, its first ``maximumLinesPerDay``
  /// entries, sorted, and how many more cover it.
  func entries(of layout: MonthLayout) -> [(day: Day, entries: [Entry], more: Int)] {
    // The order does not depend on the day: sort once, then take each day's first ones.
    let sorted = layout.occurrences.sorted { a, b in
      if a.allDay != b.allDay { return a.allDay }
      // Times in the order of their texts, as the agenda has always sorted them.
      let byStart = LocalDateTime.contractOrder(a.start, b.start)
      if byStart != 0 { return byStart < 0 }
      let byEnd = LocalDateTime.contractOrder(a.end, b.end)
      if byEnd != 0 { return byEnd > 0 }
      // Texts by code points: two spellings Swift calls equal still have one order.
      let byTitle = DaySpan.codePointOrder(a.title, b.title)
      if byTitle != 0 { return byTitle < 0 }
      let byUID = DaySpan.codePointOrder(a.uid, b.uid)
      if byUID != 0 { return byUID < 0 }
      return DaySpan.recurrenceOrder(a.recurrenceId, b.recurrenceId) < 0
    }
    guard let first = sorted.map(\.firstDay).min(), let last = sorted.map(\.lastDay).max()
    else { return [] }
    var days: [(day: Day, entries: [Entry], more: Int)] = []
    var day = first
    while day <= last {
      var entries: [Entry] = []
      var more = 0
      for occurrence in sorted where occurrence.firstDay <= day && day <= occurrence.lastDay {
        if entries.count < AgendaRenderer.maximumLinesPerDay {
          entries.append(
            Entry(occurrence: occurrence, when: when(occurrence, on: day)))
        } else {
          more += 1
        }
      }
      if !entries.isEmpty { days.append((day, entries, more)) }
      day = day.adding(days: 1)
    }
    return days
  }

  /// The time column of `occurrence` on `day`: `all day`, `09:00–10:00`, `20:00 →`, `→ 01:00`
  /// or `→` for a day in the middle; times on the clock of ``names``, `all day` in its words.
  func when(_ occurrence: Occurrence, on day: Day) -> String {
    guard !occurrence.allDay else { return clean(names.phrases.allDay) }
    let startDay = occurrence.start.day
    let endDay = occurrence.end.day
    let from = clean(names.clock(occurrence.start) ?? "")
    let to = clean(names.clock(occurrence.end) ?? "")
    let startsHere = startDay == day
    // An end at midnight belongs to the day before.
    let endsAtMidnight = occurrence.end.clockText == "00:00"
    let endsHere = endDay == day || (endDay == day.adding(days: 1) && endsAtMidnight)
    switch (startsHere, endsHere) {
    case (true, true): return from == to ? from : "\(from)–\(to)"
    case (true, false): return "\(from) →"
    case (false, true): return "→ \(to)"
    case (false, false): return "→"
    }
  }

  /// Feed text on one line, control characters made visible.
  func clean(_ text: String) -> String {
    // Plain text has no line break and nothing to replace.
    if TerminalText.isPlain(text) { return text }
    return TerminalText.sanitize(text.split(whereSeparator: \.isNewline).joined(separator: " "))
  }
}
