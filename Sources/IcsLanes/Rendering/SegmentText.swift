import LaneLayout

/// What views write about a segment besides its bar: its start time and a one-line summary of
/// when and where it happens (for tooltips).
public enum SegmentText {
  /// `HH:MM` of a timed occurrence's start, or nil for an all-day one.
  public static func startTime(of segment: Segment) -> String? {
    clock(segment.start, allDay: segment.allDay)
  }

  /// When the occurrence happens, in the display zone: `2024-08-13 – 2024-08-16 (all day)`,
  /// `2024-08-05 10:00–11:00`, `2024-08-09 20:00 – 2024-08-10 01:00`.
  public static func when(_ segment: Segment) -> String {
    let startDate = String(segment.start.prefix(10))
    let endDate = String(segment.end.prefix(10))
    if segment.allDay {
      // The end is exclusive: the last day is the one before it.
      let last = Day(iso: endDate).map { $0.adding(days: -1) }
      let lastText = last.map { max($0, Day(iso: startDate) ?? $0).description } ?? endDate
      return lastText == startDate
        ? "\(startDate) (all day)" : "\(startDate) – \(lastText) (all day)"
    }
    let from = clock(segment.start, allDay: false) ?? ""
    let to = clock(segment.end, allDay: false) ?? ""
    if startDate == endDate { return "\(startDate) \(from)–\(to)" }
    return "\(startDate) \(from) – \(endDate) \(to)"
  }

  /// The tooltip of a segment: title, time, location and calendar, one per line.
  public static func tooltip(_ segment: Segment) -> String {
    var lines = [segment.title.isEmpty ? "(no title)" : segment.title, when(segment)]
    if let location = segment.location, !location.isEmpty { lines.append("📍 " + location) }
    if let calendar = segment.calendar, !calendar.isEmpty { lines.append(calendar) }
    return lines.joined(separator: "\n")
  }

  private static func clock(_ text: String, allDay: Bool) -> String? {
    guard !allDay, text.count >= 16 else { return nil }
    return String(text.dropFirst(11).prefix(5))
  }
}
