import Foundation
import IcsLanes
import Testing

/// Example: a segment's start and end are values; their text is the contract's.
@Suite struct DateValueExampleTests {
  @Test func startsAndEndsAreValuesWithTheDisplayZone() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday)
    let august = try source.layOut(month: "2024-08", options: options)
    let zone = try #require(august.zone)
    #expect(zone.identifier == "Europe/Berlin")

    // The dentist: 08:30–09:15 in Berlin, summer time (+02:00).
    let dentist = try #require(august.segments.first { $0.title == "Dentist" })
    let start = dentist.start
    #expect(start.day == Day(year: 2024, month: 8, day: 12))
    #expect((start.hour, start.minute, start.second) == (8, 30, 0))
    #expect(start.utcOffset == 7200)
    #expect(start.description == "2024-08-12T08:30:00+02:00")
    #expect(start.clockText == "08:30")
    #expect(dentist.end.description == "2024-08-12T09:15:00+02:00")
    // 06:30 UTC.
    let utc = try #require(
      DateComponents(
        calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
        year: 2024, month: 8, day: 12, hour: 6, minute: 30
      ).date)
    #expect(start.date(in: zone) == utc)
    #expect(dentist.end.date(in: zone).timeIntervalSince(utc) == 45 * 60)

    // An all-day start is a date: midnight in the display zone, no offset of its own.
    let birthday = try #require(august.segments.first { $0.title == "Léa's birthday" })
    #expect(birthday.start.isDate)
    #expect(birthday.start.secondsSince1970 == nil)
    #expect(birthday.start.clockText == nil)
    #expect(birthday.start.description == "2024-08-30")
    let midnight = try #require(
      DateComponents(
        calendar: Calendar(identifier: .gregorian), timeZone: zone, year: 2024, month: 8, day: 30
      ).date)
    #expect(birthday.start.date(in: zone) == midnight)
    #expect(birthday.end.day == Day(year: 2024, month: 8, day: 31))

    // Occurrences have their segments' values; every value's text reads back to it.
    let dentistVisit = try #require(august.occurrences.first { $0.title == "Dentist" })
    #expect(dentistVisit.start == dentist.start && dentistVisit.end == dentist.end)
    for segment in august.segments {
      #expect(LocalDateTime(contract: segment.start.description) == segment.start)
      #expect(LocalDateTime(contract: segment.end.description) == segment.end)
    }
    #expect(LocalDateTime(contract: "2024-08-12T08:30") == nil)
    #expect(LocalDateTime(contract: "2024-13-01") == nil)
    #expect(LocalDateTime(contract: "2024-01-05T23:00:00-05:30")?.secondsSince1970 == 1_704_515_400)
  }

  @Test func theReadmeProgramPrintsStartTimes() throws {
    let source = try CalendarSource(contentsOf: SampleFile.path("family.ics"))
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday)
    let layout = try source.layOut(month: "2024-08", options: options)
    var lines: [String] = []
    for week in layout.weeks {
      lines.append("week of \(week.start)")
      for (number, lane) in week.lanes.enumerated() {
        let bars = lane.map { bar in
          let start = bar.start  // a value: day, hour, minute, second, UTC offset
          let clock = " at \(start.hour):\(start.minute / 10)\(start.minute % 10)"
          return "\(bar.title) \(bar.firstDay)…\(bar.lastDay)" + (bar.allDay ? "" : clock)
        }
        lines.append("  lane \(number): " + bars.joined(separator: " | "))
      }
    }
    #expect(lines.first == "week of 2024-07-29")
    #expect(
      lines.contains(
        "  lane 1: Night shift 2024-08-28…2024-08-29 at 21:00 | Léa's birthday 2024-08-30…2024-08-30"
      ))
    #expect(lines.contains { $0.contains("Dentist 2024-08-12…2024-08-12 at 8:30") })
    print(lines.joined(separator: "\n"))
  }
}
