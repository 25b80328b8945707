import Foundation
import LaneLayout

/// The HTML page's overlays, shown by the CSS `:target` rule (no script): an occurrence's
/// detail card (title, local date and time with the zone, location, calendar, status,
/// organizer, attendees, description with its links made clickable, the event's URL), and a
/// day's list of every event on it (what `+k more` opens). Each has a heading and a close link
/// back to its month; only the one the address names is open, so one at a time.
struct HTMLEventCard {
  let names: CalendarNames
  let layout: MonthLayout
  let colors: [String: String]

  /// The cards of `layout`'s page, each calendar's colour taken from the layout's legend.
  init(names: CalendarNames, layout: MonthLayout) {
    self.names = names
    self.layout = layout
    colors = Dictionary(
      (layout.calendars ?? []).map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
  }

  /// The weekday headers of a grid starting on `weekStart`, hidden from screen readers.
  static func weekdayHeader(_ names: CalendarNames, weekStart: Weekday) -> String {
    var html = "<div class=\"weekdays\" aria-hidden=\"true\">"
    for column in 0..<7 {
      html += "<div>\(HTMLText.escape(names.weekday(column: column, weekStart: weekStart)))</div>"
    }
    return html + "</div>\n"
  }

  /// The `id` of the card of the occurrence with key `key` (see ``occurrenceKey(_:)``).
  static func cardID(_ month: YearMonth, _ number: Int) -> String {
    "e-\(month)-\(number)"
  }

  /// The `id` of the day list of `day` in `month`'s section.
  static func dayID(_ month: YearMonth, _ day: Day) -> String {
    "d-\(month)-\(day)"
  }

  /// What tells one occurrence from another: its segments in several rows share it.
  static func occurrenceKey(_ segment: Segment) -> String {
    "\(segment.uid)\u{0}\(segment.recurrenceId?.description ?? "")\u{0}\(segment.start)\u{0}\(segment.title)"
  }

  /// The close link and heading every overlay starts with.
  private func head(_ heading: String, id: String) -> String {
    var html = "<div class=\"head\"><h2 id=\"\(id)-h\">\(HTMLText.escape(heading))</h2>"
    html += "<a class=\"close\" href=\"#\(HTMLMonthRenderer.anchor(layout.month))\""
    html += " aria-label=\"\(HTMLText.escape(names.phrases.close))\">×</a></div>"
    return html
  }

  /// The colour a segment is drawn in.
  func color(of segment: Segment) -> String {
    HTMLMonthRenderer.safeColor(
      segment.color ?? segment.calendar.flatMap { colors[$0] } ?? "#3f51b5")
  }

  /// The detail card of one occurrence (any of its segments).
  func card(_ segment: Segment, id: String) -> String {
    var html =
      "<div class=\"overlay card\" id=\"\(id)\" role=\"dialog\" aria-labelledby=\"\(id)-h\""
    html += " style=\"--c:\(color(of: segment))\">"
    html += head(title(of: segment), id: id)
    html += "<p class=\"when\">\(HTMLText.escape(when(segment)))</p>"
    var rows: [(String, String)] = []
    if let location = segment.location, !location.isEmpty {
      rows.append((names.phrases.location, HTMLText.escape(location)))
    }
    if let calendar = segment.calendar, !calendar.isEmpty {
      rows.append((names.phrases.calendar, HTMLText.escape(calendar)))
    }
    let details = segment.details
    if let status = details?.status {
      rows.append((names.phrases.status, HTMLText.escape(names.phrases.status(status))))
    }
    if let organizer = details?.organizer {
      rows.append((names.phrases.organizer, HTMLEventCard.linked(organizer)))
    }
    if let count = details?.attendeeCount {
      rows.append((names.phrases.attendees, "\(count)"))
    }
    if !rows.isEmpty {
      html += "<dl>"
      for (term, value) in rows { html += "<dt>\(HTMLText.escape(term))</dt><dd>\(value)</dd>" }
      html += "</dl>"
    }
    if let description = details?.description, !description.isEmpty {
      html += "<p class=\"desc\">\(HTMLEventCard.linked(description))</p>"
    }
    if let url = details?.url {
      html += "<p class=\"url\">\(HTMLEventCard.link(url) ?? HTMLText.escape(url))</p>"
    }
    return html + "</div>\n"
  }

  /// Hands `output` the day lists, then the card of each occurrence `index` numbered, in
  /// number order.
  func writeOverlays(_ dayLists: [String], _ index: HTMLCardIndex, to output: (String) -> Void) {
    for list in dayLists { output(list) }
    for (number, segment) in index.segments.enumerated() {
      output(card(segment, id: HTMLEventCard.cardID(layout.month, number)))
    }
  }

  /// The day's list: the events on `day` in order, at most ``HTMLMonthRenderer/maximumListed``
  /// of them named, each opening its card, then `and N more`.
  func dayList(_ day: Day, segments: [Segment], index: inout HTMLCardIndex) -> String {
    let id = HTMLEventCard.dayID(layout.month, day)
    var html = "<div class=\"overlay day-list\" id=\"\(id)\" role=\"dialog\""
    html += " aria-labelledby=\"\(id)-h\">"
    html += head(names.longDate(day), id: id)
    html += "<ul>"
    html += listItems(segments) { segment in
      var item = "<a href=\"#\(HTMLEventCard.cardID(layout.month, index.number(segment)))\">"
      if let time = names.clock(segment.start), segment.firstDay == day, !segment.continuesBefore,
        !segment.allDay
      {
        item += "<span class=\"time\">\(time)</span>"
      } else if segment.allDay {
        item += "<span class=\"time\">\(HTMLText.escape(names.phrases.allDay))</span>"
      }
      return item + HTMLText.escape(title(of: segment)) + "</a>"
    }
    return html + "</ul></div>\n"
  }

  /// The items of a list that names at most ``HTMLMonthRenderer/maximumListed`` of `segments`,
  /// each in its calendar's colour around what `item` writes of it, then `and N more`.
  func listItems(_ segments: [Segment], _ item: (Segment) -> String) -> String {
    var html = ""
    for segment in segments.prefix(HTMLMonthRenderer.maximumListed) {
      html += "<li style=\"--c:\(color(of: segment))\">" + item(segment) + "</li>"
    }
    let unnamed = segments.count - HTMLMonthRenderer.maximumListed
    if unnamed > 0 {
      html += "<li class=\"rest\">\(HTMLText.escape(names.phrases.andMore(unnamed)))</li>"
    }
    return html
  }

  /// A segment's title, or the page's words for none (not escaped).
  func title(of segment: Segment) -> String {
    segment.title.isEmpty ? names.phrases.noTitle : segment.title
  }

  /// When the occurrence happens, in the page's words and the layout's zone: `Monday 5 August
  /// 2024, 14:00–15:00 (Europe/Berlin)`, or the days of an all-day event.
  func when(_ segment: Segment) -> String {
    let startDay = segment.start.day
    if segment.allDay {
      let last = max(segment.end.day.adding(days: -1), startDay)
      let days =
        last == startDay
        ? names.longDate(startDay) : "\(names.longDate(startDay)) – \(names.longDate(last))"
      return "\(days) (\(names.phrases.allDay))"
    }
    let from = names.clock(segment.start) ?? ""
    let to = names.clock(segment.end) ?? ""
    let range =
      segment.end.day == startDay
      ? "\(names.longDate(startDay)), \(from)–\(to)"
      : "\(names.longDate(startDay)), \(from) – \(names.longDate(segment.end.day)), \(to)"
    return "\(range) (\(layout.timeZone))"
  }

  /// `text` escaped, its `http`, `https` and `mailto` links made clickable (nothing else
  /// becomes a link: no `javascript:` or `data:`).
  static func linked(_ text: String) -> String {
    var html = ""
    var rest = Substring(text)
    while let range = firstLink(in: rest) {
      html += HTMLText.escape(String(rest[..<range.lowerBound]))
      let target = String(rest[range])
      html += link(target) ?? HTMLText.escape(target)
      rest = rest[range.upperBound...]
    }
    return html + HTMLText.escape(String(rest))
  }

  /// An anchor to `target` when it is an `http`, `https` or `mailto` address, else nil.
  static func link(_ target: String) -> String? {
    let lower = target.lowercased()
    guard
      ["http://", "https://", "mailto:"].contains(where: {
        lower.hasPrefix($0) && lower.count > $0.count
      })
    else { return nil }
    let shown = lower.hasPrefix("mailto:") ? String(target.dropFirst(7)) : target
    return
      "<a href=\"\(HTMLText.escape(target))\" rel=\"noopener noreferrer\">\(HTMLText.escape(shown))</a>"
  }

  /// The first link in `text`: from a scheme icslanes links to the first blank, quote or
  /// angle bracket, without trailing punctuation.
  static func firstLink(in text: Substring) -> Range<Substring.Index>? {
    let starts = ["https://", "http://", "mailto:"].compactMap {
      text.range(of: $0, options: .caseInsensitive)?.lowerBound
    }
    guard let start = starts.min() else { return nil }
    var end = start
    while end < text.endIndex, !" \t\n\"'<>".contains(text[end]) {
      end = text.index(after: end)
    }
    while end > start, ".,;:!?)]}".contains(text[text.index(before: end)]) {
      end = text.index(before: end)
    }
    return start..<end
  }
}
