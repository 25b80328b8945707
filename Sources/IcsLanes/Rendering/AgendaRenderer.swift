import LaneLayout

/// Writes layouts as a list, day by day, as `khal list` and `gcalcli agenda` print a calendar:
/// a heading per day that has occurrences, then one line per occurrence covering that day with
/// its time range (or `all day`), title, location and calendar.
///
/// ```text
/// Sat 2024-08-10
///   all day      Anna on leave  [Team]
///   20:00 →      Neighbourhood party  @ Courtyard  [Family]
/// Sun 2024-08-11
///   → 00:30      Neighbourhood party  @ Courtyard  [Family]
/// ```
///
/// The time column is 11 characters wide (`09:00–10:00`).
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

  /// The most occurrences listed under one day; the rest are counted on one line.
  public static let maximumLinesPerDay = 1_000

  /// A renderer; by default English weekday names.
  public init(names: CalendarNames = .english) {
    self.names = names
  }

  /// The list of one or more layouts, months in the order given; empty months print a line
  /// saying so.
  public func render(_ layouts: [MonthLayout]) -> String {
    var lines: [String] = []
    for layout in layouts {
      lines.append("# " + names.title(of: layout.month))
      let days = entries(of: layout)
      if days.isEmpty { lines.append("  (no events)") }
      for (day, entries, more) in days {
        lines.append("\(names.weekdays[day.weekday.isoIndex]) \(day)")
        defer { if more > 0 { lines.append("  … and \(more) more") } }
        for entry in entries {
          let padding = String(repeating: " ", count: max(0, 11 - entry.when.count))
          var line = "  " + entry.when + padding + "  " + clean(entry.occurrence.title)
          if let location = entry.occurrence.location, !location.isEmpty {
            line += "  @ " + clean(location)
          }
          if let calendar = entry.occurrence.calendar, !calendar.isEmpty {
            line += "  [" + clean(calendar) + "]"
          }
          lines.append(line)
        }
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
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
            Entry(occurrence: occurrence, when: AgendaRenderer.when(occurrence, on: day)))
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
  /// or `→` for a day in the middle.
  static func when(_ occurrence: Occurrence, on day: Day) -> String {
    guard !occurrence.allDay else { return "all day" }
    let startDay = occurrence.start.day
    let endDay = occurrence.end.day
    let from = occurrence.start.clockText ?? ""
    let to = occurrence.end.clockText ?? ""
    let startsHere = startDay == day
    // An end at midnight belongs to the day before.
    let endsHere = endDay == day || (endDay == day.adding(days: 1) && to == "00:00")
    switch (startsHere, endsHere) {
    case (true, true): return from == to ? from : "\(from)–\(to)"
    case (true, false): return "\(from) →"
    case (false, true): return "→ \(to)"
    case (false, false): return "→"
    }
  }

  /// Feed text on one line, control characters made visible.
  private func clean(_ text: String) -> String {
    // Plain text has no line break and nothing to replace.
    if TerminalText.isPlain(text) { return text }
    return TerminalText.sanitize(text.split(whereSeparator: \.isNewline).joined(separator: " "))
  }
}
