import Foundation
import Testing

@testable import LaneLayout

/// Segments read their strings from the spans of their layout; they must still behave as plain
/// values: equal by content, changed one at a time, encoded and decoded as before.
struct SegmentValueTests {
  static let month = YearMonth(year: 2024, month: 8)!
  static let day = Day(iso: "2024-08-14")!

  static func spans() -> [DaySpan] {
    [
      DaySpan(
        uid: "a", recurrenceId: LocalDateTime(day: day), title: "Standup", allDay: false,
        start: LocalDateTime(day: day, hour: 9, utcOffset: 0),
        end: LocalDateTime(day: day, hour: 9, minute: 15, utcOffset: 0), firstDay: day,
        lastDay: day,
        startInstant: Int64(day.ordinal) * 86_400 + 32_400,
        endInstant: Int64(day.ordinal) * 86_400 + 33_300, calendar: "Work", location: "Room 1"),
      DaySpan(title: "Trip", firstDay: day, lastDay: day.adding(days: 4), uid: "b"),
    ]
  }

  @Test func segmentsCarryTheirSpansStrings() throws {
    let layout = MonthLayoutEngine.layOut(Self.spans(), month: Self.month, timeZone: "UTC")
    let standup = try #require(layout.segments.first { $0.uid == "a" })
    #expect(standup.recurrenceId?.description == "2024-08-14")
    #expect(standup.title == "Standup")
    #expect(!standup.allDay)
    #expect(standup.start.description == "2024-08-14T09:00:00+00:00")
    #expect(standup.end.description == "2024-08-14T09:15:00+00:00")
    #expect(standup.calendar == "Work")
    #expect(standup.location == "Room 1")
    #expect(standup == Segment(span: Self.spans()[0], firstDay: Self.day, lastDay: Self.day))
  }

  @Test func changingOneSegmentLeavesTheOthersAlone() throws {
    let layout = MonthLayoutEngine.layOut(Self.spans(), month: Self.month, timeZone: "UTC")
    let trip = layout.segments.filter { $0.uid == "b" }
    #expect(trip.count == 2)
    var changed = trip[0]
    changed.title = "Holiday"
    changed.location = "Beach"
    #expect(changed.title == "Holiday")
    #expect(changed.location == "Beach")
    #expect(changed.uid == "b")
    #expect(changed.firstDay == trip[0].firstDay)
    #expect(trip[0].title == "Trip")
    #expect(trip[1].title == "Trip")
    #expect(layout.segments.filter { $0.uid == "b" }.allSatisfy { $0.title == "Trip" })
    #expect(changed != trip[0])
    changed.title = "Trip"
    changed.location = nil
    #expect(changed == trip[0])
    #expect(changed.hashValue == trip[0].hashValue)
  }

  @Test func equalContentFromDifferentLayoutsIsEqual() {
    let first = MonthLayoutEngine.layOut(Self.spans(), month: Self.month, timeZone: "UTC")
    let second = MonthLayoutEngine.layOut(
      Self.spans().reversed(), month: Self.month, timeZone: "UTC")
    #expect(first == second)
    #expect(Set(first.segments) == Set(second.segments))
  }

  @Test func encodingAndDecodingRoundTrips() throws {
    let layout = MonthLayoutEngine.layOut(Self.spans(), month: Self.month, timeZone: "UTC")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(layout)
    let decoded = try JSONDecoder().decode(MonthLayout.self, from: data)
    #expect(decoded == layout)
    #expect(try encoder.encode(decoded) == data)
  }

  /// Times decode from the contract's text only; the empty recurrence id 0.15.0 wrote for a
  /// RECURRENCE-ID on a day that does not exist reads as none.
  @Test func decodingReadsTheContractsTimes() throws {
    func segment(recurrenceId: String, start: String) -> Data {
      Data(
        """
        {"allDay":false,"continuesAfter":false,"continuesBefore":false,
        "end":"2024-08-14T09:15:00+02:00","firstDay":"2024-08-14","lastDay":"2024-08-14",
        "recurrenceId":\(recurrenceId),"start":"\(start)","title":"t","uid":"u"}
        """.utf8)
    }
    let decoded = try JSONDecoder().decode(
      Segment.self,
      from: segment(recurrenceId: #""2024-08-14""#, start: "2024-08-14T09:00:00+02:00"))
    #expect(decoded.recurrenceId == LocalDateTime(day: Self.day))
    #expect(decoded.start == LocalDateTime(day: Self.day, hour: 9, utcOffset: 7200))
    let empty = try JSONDecoder().decode(
      Segment.self, from: segment(recurrenceId: #""""#, start: "2024-08-14T09:00:00+02:00"))
    #expect(empty.recurrenceId == nil)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Segment.self, from: segment(recurrenceId: "null", start: "2024-08-14T09:00:00Z"))
    }
  }
}
