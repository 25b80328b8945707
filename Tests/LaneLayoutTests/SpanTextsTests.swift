import Foundation
import Testing

@testable import LaneLayout

/// The occurrences of one event share one box of texts; a span must still behave as a plain
/// value: equal by content whatever box it holds, changed one at a time, encoded as before.
struct SpanTextsTests {
  static let day = Day(iso: "2024-08-14")!

  static func span(texts: DaySpan.Texts, hour: Int) -> DaySpan {
    let start = Int64(day.ordinal) * 86_400 + Int64(hour) * 3_600
    return DaySpan(
      texts: texts, recurrenceId: LocalDateTime(day: day, hour: hour, utcOffset: 0),
      allDay: false, start: LocalDateTime(day: day, hour: hour, utcOffset: 0),
      end: LocalDateTime(day: day, hour: hour + 1, utcOffset: 0), firstDay: day, lastDay: day,
      startInstant: start, endInstant: start + 3_600)
  }

  static let shared = DaySpan.Texts(
    uid: "class@uni", title: "Algebra", calendar: "Timetable", location: "Hall 2",
    categories: ["Lecture"], color: "#336699")

  @Test func occurrencesShareTheirTextsUntilOneIsChanged() {
    let nine = Self.span(texts: Self.shared, hour: 9)
    var eleven = Self.span(texts: Self.shared, hour: 11)
    #expect(nine.texts === eleven.texts)
    eleven.title = "Algebra (moved)"
    eleven.categories = nil
    #expect(eleven.title == "Algebra (moved)")
    #expect(eleven.categories == nil)
    #expect(eleven.uid == "class@uni")
    #expect(eleven.location == "Hall 2")
    #expect(nine.title == "Algebra")
    #expect(nine.categories == ["Lecture"])
    #expect(Self.shared.title == "Algebra")
    #expect(nine.texts !== eleven.texts)
  }

  @Test func equalityAndHashReadTheTextsNotTheBox() {
    let shared = Self.span(texts: Self.shared, hour: 9)
    let own = DaySpan(
      uid: "class@uni", recurrenceId: shared.recurrenceId, title: "Algebra", allDay: false,
      start: shared.start, end: shared.end, firstDay: Self.day, lastDay: Self.day,
      startInstant: shared.startInstant, endInstant: shared.endInstant, calendar: "Timetable",
      location: "Hall 2", categories: ["Lecture"], color: "#336699")
    #expect(own.texts !== shared.texts)
    #expect(own == shared)
    #expect(own.hashValue == shared.hashValue)
    var other = own
    other.color = nil
    #expect(other != shared)
    other.color = "#336699"
    #expect(other == shared)
    var moved = own
    moved.endInstant += 60
    #expect(moved != shared)
  }

  @Test func encodesEveryFieldByNameAndOptionalsOnlyWhenPresent() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let full = Self.span(texts: Self.shared, hour: 9)
    let text = String(decoding: try encoder.encode(full), as: UTF8.self)
    for key in [
      "uid", "recurrenceId", "title", "allDay", "start", "end", "firstDay", "lastDay",
      "startInstant", "endInstant", "calendar", "location", "categories", "color",
    ] {
      #expect(text.contains("\"\(key)\":"), "missing \(key) in \(text)")
    }
    #expect(try JSONDecoder().decode(DaySpan.self, from: try encoder.encode(full)) == full)

    let bare = DaySpan(title: "Trip", firstDay: Self.day, lastDay: Self.day.adding(days: 2))
    let bareText = String(decoding: try encoder.encode(bare), as: UTF8.self)
    for key in ["recurrenceId", "calendar", "location", "categories", "color"] {
      #expect(!bareText.contains("\"\(key)\""), "\(key) written in \(bareText)")
    }
    #expect(try JSONDecoder().decode(DaySpan.self, from: try encoder.encode(bare)) == bare)
  }
}
