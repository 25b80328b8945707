import LaneLayout

/// The letters that tell calendars apart in a text grid without colour: each bar starts with
/// its calendar's letter, and a legend under the grid names them (`F Family · T Team`).
enum CalendarMarks {
  /// A letter for each calendar when there are several, in order: the first letter of its name
  /// not taken yet, else any other letter of the name, else the first free of A–Z, else a digit;
  /// none for a single calendar.
  static func marks(_ calendars: [CalendarInfo]) -> [String: Character] {
    guard calendars.count > 1 else { return [:] }
    var taken: Set<Character> = []
    var marks: [String: Character] = [:]
    let fallback = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ123456789")
    for calendar in calendars where marks[calendar.name] == nil {
      let letters = calendar.name.uppercased().filter { $0.isASCII && $0.isLetter }
      let mark = (letters + fallback).first { !taken.contains($0) } ?? "?"
      taken.insert(mark)
      marks[calendar.name] = mark
    }
    return marks
  }

  /// The legend line: `F Family · T Team`.
  static func legend(_ calendars: [CalendarInfo], marks: [String: Character]) -> String? {
    guard !marks.isEmpty else { return nil }
    var seen: Set<String> = []
    let entries = calendars.compactMap { calendar -> String? in
      guard seen.insert(calendar.name).inserted, let mark = marks[calendar.name] else {
        return nil
      }
      return "\(mark) \(TerminalText.sanitize(calendar.name))"
    }
    return entries.joined(separator: " · ")
  }
}
