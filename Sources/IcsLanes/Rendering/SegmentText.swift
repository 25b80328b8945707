import LaneLayout

/// What views write about a segment besides its bar: its start time and a one-line summary of
/// when and where it happens (for tooltips).
public enum SegmentText {
  /// `HH:MM` of a timed occurrence's start, or nil for an all-day one.
  public static func startTime(of segment: Segment) -> String? {
    segment.allDay ? nil : segment.start.clockText
  }

  /// When the occurrence happens, in the display zone: `2024-08-13 – 2024-08-16 (all day)`,
  /// `2024-08-05 10:00–11:00`, `2024-08-09 20:00 – 2024-08-10 01:00`.
  public static func when(_ segment: Segment) -> String {
    let startDate = segment.start.day.description
    let endDate = segment.end.day.description
    if segment.allDay {
      // The end is exclusive: the last day is the one before it.
      let lastText = max(segment.end.day.adding(days: -1), segment.start.day).description
      return lastText == startDate
        ? "\(startDate) (all day)" : "\(startDate) – \(lastText) (all day)"
    }
    let from = segment.start.clockText ?? ""
    let to = segment.end.clockText ?? ""
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
}
