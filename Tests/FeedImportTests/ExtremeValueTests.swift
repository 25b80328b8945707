import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Puts the limits of Int32 and Int64, zero and negatives into every numeric field a feed can
/// carry, one field of one event at a time, and runs import, layout and every renderer (JSON,
/// text with and without colour, HTML with and without a lane cap, agenda) on each:
/// nothing traps, and the stats add up (issue 11's property test).
@Suite("Extreme values")
struct ExtremeValueTests {
  static let numbers = [
    "-9223372036854775808", "-2147483648", "-53", "-1", "0", "1", "53", "613566757",
    "2147483647", "4294967296", "9223372036854775807", "99999999999999999999",
  ]

  /// A feed template per field, `#` standing for the number.
  static let templates: [(field: String, lines: [String])] = [
    ("DURATION weeks", ["DTSTART:20240805T090000Z", "DURATION:P#W"]),
    ("DURATION days", ["DTSTART;VALUE=DATE:20240805", "DURATION:P#D"]),
    ("DURATION hours", ["DTSTART:20240805T090000Z", "DURATION:PT#H"]),
    ("DURATION minutes", ["DTSTART:20240805T090000Z", "DURATION:PT#M"]),
    ("DURATION seconds", ["DTSTART:20240805T090000Z", "DURATION:-PT#S"]),
    ("daily DURATION", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY", "DURATION:P#W"]),
    ("COUNT", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY;COUNT=#"]),
    ("INTERVAL", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY;INTERVAL=#"]),
    ("BYSECOND", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY;BYSECOND=#"]),
    ("BYMINUTE", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY;BYMINUTE=#"]),
    ("BYHOUR", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY;BYHOUR=#"]),
    ("BYDAY", ["DTSTART:20240805T090000Z", "RRULE:FREQ=MONTHLY;BYDAY=#MO"]),
    ("BYMONTHDAY", ["DTSTART:20240805T090000Z", "RRULE:FREQ=MONTHLY;BYMONTHDAY=#"]),
    ("BYYEARDAY", ["DTSTART:20240805T090000Z", "RRULE:FREQ=YEARLY;BYYEARDAY=#"]),
    ("BYWEEKNO", ["DTSTART;VALUE=DATE:20000101", "RRULE:FREQ=YEARLY;BYWEEKNO=#"]),
    ("BYMONTH", ["DTSTART:20240805T090000Z", "RRULE:FREQ=YEARLY;BYMONTH=#"]),
    ("BYSETPOS", ["DTSTART:20240805T090000Z", "RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=#"]),
    ("DTSTART year", ["DTSTART:#0805T090000Z", "RRULE:FREQ=YEARLY"]),
    ("DTEND year", ["DTSTART:20240805T090000Z", "DTEND:#0805T090000Z"]),
    ("UNTIL year", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY;UNTIL=#0101T000000Z"]),
    ("RDATE year", ["DTSTART:20240805T090000Z", "RDATE:#0806T090000Z"]),
    ("EXDATE year", ["DTSTART:20240805T090000Z", "RRULE:FREQ=DAILY", "EXDATE:#0806T090000Z"]),
    ("RDATE period", ["DTSTART:20240805T090000Z", "RDATE;VALUE=PERIOD:20240806T090000Z/P#W"]),
    ("SEQUENCE", ["DTSTART:20240805T090000Z", "SEQUENCE:#"]),
    ("TZOFFSETTO", ["DTSTART;TZID=Odd:20240805T090000"]),
    ("TZOFFSETFROM", ["DTSTART;TZID=Odd:20240805T090000", "RRULE:FREQ=DAILY"]),
  ]

  /// The feed for one field and number.
  static func feed(_ field: String, _ lines: [String], _ number: String) -> String {
    let filled = lines.map { $0.replacingOccurrences(of: "#", with: number) }
    var zone = ""
    if field.hasPrefix("TZOFFSET") {
      let offset = "+" + number
      let (from, to) = field == "TZOFFSETTO" ? ("+0100", offset) : (offset, "+0100")
      zone =
        "BEGIN:VTIMEZONE\r\nTZID:Odd\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
        + "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:\(from)\r\n"
        + "TZOFFSETTO:\(to)\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
    }
    let event =
      "BEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20240701T090000Z\r\n"
      + filled.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
    return Hostile.calendar(zone + event)
  }

  @Test("every numeric field at its limits imports, lays out and renders", arguments: templates)
  func extremes(_ template: (field: String, lines: [String])) throws {
    for number in ExtremeValueTests.numbers + ["-" + "1" + String(repeating: "0", count: 30)] {
      let text = ExtremeValueTests.feed(template.field, template.lines, number)
      let feed = try Feed(text: text, name: "extreme", options: ImportOptions())
      #expect(feed.eventsRead == 1, "\(template.field)=\(number)")
      // December 9999 too for the years, where the end of libical's range is.
      let months =
        template.field.hasSuffix("year")
        ? [YearMonth(year: 2024, month: 8), YearMonth(year: 9999, month: 12)]
        : [YearMonth(year: 2024, month: 8)]
      for month in months {
        let (layout, _) = try Hostile.layOut([feed], month: month)
        let stats = try Hostile.unwrap(layout.stats)
        #expect(stats.addsUp, "\(template.field)=\(number): \(stats)")
        #expect(stats.segments == layout.segments.count)
        #expect(stats.eventsRead == 1)
        _ = try JSONLayoutRenderer.render(layout)
        _ = TextGridRenderer(width: 1_000).render(layout)
        _ = HTMLMonthRenderer().render(layout)
        _ = HTMLMonthRenderer(maxLanes: 1).render(layout)
        _ = AgendaRenderer().render([layout])
        _ = TextGridRenderer(width: TextGridRenderer.minimumWidth, color: true).render(layout)
      }
    }
  }
}
