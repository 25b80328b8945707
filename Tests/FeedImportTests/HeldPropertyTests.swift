import Foundation
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedScan

/// The scan reads the properties that bound an event's days (DTSTART, DTEND, DURATION, RRULE,
/// RDATE, EXDATE, RECURRENCE-ID, STATUS, SEQUENCE) once their line is whole
/// (``HeldProperty``): a folded one says what it says unfolded, and its event is passed over
/// for the windows it cannot reach, as libical reads it. Read a piece at a time, such events
/// were kept for every window: Outlook folds a DTSTART with a long TZID, Google a long EXDATE
/// list, Sunbird every line after its name.
@Suite struct HeldPropertyTests {
  /// Events whose every property the scan reads, with long values that writers fold.
  static let events = [
    """
    BEGIN:VEVENT\r
    UID:outlook-long-zone@held\r
    DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna":20240805T100000\r
    DTEND;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna":20240805T113000\r
    SEQUENCE:12\r
    SUMMARY:Long zone name\r
    END:VEVENT\r
    """,
    """
    BEGIN:VEVENT\r
    UID:google-exdates@held\r
    DTSTART;TZID=Europe/Berlin:20240108T090000\r
    DURATION:PT45M\r
    RRULE:FREQ=WEEKLY;COUNT=40;BYDAY=MO,WE;WKST=MO\r
    EXDATE;TZID=Europe/Berlin:20240115T090000,20240117T090000,20240205T090000,20240207T090000,20240311T090000\r
    SUMMARY:Series with holidays\r
    END:VEVENT\r
    """,
    """
    BEGIN:VEVENT\r
    UID:rdates@held\r
    DTSTART;VALUE=DATE:20230301\r
    DTEND;VALUE=DATE:20230303\r
    RDATE;VALUE=DATE:20230610,20230915,20231120,20240214,20240520,20240812\r
    SUMMARY:Dates\r
    END:VEVENT\r
    """,
    """
    BEGIN:VEVENT\r
    UID:google-exdates@held\r
    RECURRENCE-ID;TZID=Europe/Berlin:20240304T090000\r
    DTSTART;TZID=Europe/Berlin:20240304T140000\r
    DTEND;TZID=Europe/Berlin:20240304T150000\r
    SEQUENCE:3\r
    STATUS:CANCELLED\r
    SUMMARY:Moved, then cancelled\r
    END:VEVENT\r
    """,
    """
    BEGIN:VEVENT\r
    UID:yearly@held\r
    DTSTART;VALUE=DATE:20190417\r
    RRULE:FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=17;UNTIL=20300417\r
    SUMMARY:Birthday\r
    END:VEVENT\r
    """,
    """
    BEGIN:VEVENT\r
    UID:duration-days@held\r
    DTSTART:20240727T220000Z\r
    DURATION:P2DT3H\r
    STATUS:CONFIRMED\r
    SUMMARY:Weekend away\r
    END:VEVENT\r
    """,
  ]

  /// The events in a VCALENDAR (each literal ends with its CR; the LF is added here).
  static func calendar(_ events: [String]) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.map { $0 + "\n" }.joined() + "END:VCALENDAR\r\n"
  }

  /// What the scan read of each event, as text (every field of ``EventFacts``).
  static func read(_ text: String) throws -> [String] {
    try KeptWindowsTests.facts(of: Array(text.utf8)).map { "\($0)" }
  }

  /// Every line folded after its name and after each parameter, as Sunbird writes.
  static func foldedAtNames(_ text: String) -> String {
    text.split(separator: "\r\n", omittingEmptySubsequences: false).map { line -> String in
      guard !line.hasPrefix("BEGIN:"), !line.hasPrefix("END:") else { return String(line) }
      var folded = ""
      for character in line {
        if character == ";" || character == ":", !folded.isEmpty, !folded.contains(":") {
          folded += "\r\n "
        }
        folded.append(character)
      }
      return folded
    }.joined(separator: "\r\n")
  }

  @Test func unfoldedEventsAreBoundedAndReadable() throws {
    let facts = try KeptWindowsTests.facts(
      of: Array(HeldPropertyTests.calendar(HeldPropertyTests.events).utf8))
    #expect(facts.count == HeldPropertyTests.events.count)
    for event in facts {
      #expect(!event.unreadable, "\(event)")
      #expect(!event.unboundedRecurrence, "\(event)")
      // A cancelled event changes how its series counts: kept for every window.
      #expect((event.keptWindow == nil) == event.cancelled, "\(event)")
    }
    #expect(facts[3].cancelled && facts[3].overridesInstance)
    #expect(facts[4].season != nil)
  }

  @Test(arguments: [1, 2, 3, 5, 8, 13, 21, 34, 55, 75])
  func foldedPropertiesReadAsUnfolded(width: Int) throws {
    let text = HeldPropertyTests.calendar(HeldPropertyTests.events)
    let expected = try HeldPropertyTests.read(text)
    #expect(try HeldPropertyTests.read(FoldedLineTests.folded(text, width: width)) == expected)
  }

  @Test func propertiesFoldedAfterTheirNamesReadAsUnfolded() throws {
    let text = HeldPropertyTests.calendar(HeldPropertyTests.events)
    let folded = HeldPropertyTests.foldedAtNames(text)
    #expect(folded.contains("DTSTART\r\n ;TZID=Europe/Berlin\r\n :20240304T140000"))
    #expect(try HeldPropertyTests.read(folded) == HeldPropertyTests.read(text))
  }

  /// The layouts are those of the unfolded feed, with and without the pre-filter, in months
  /// the events reach and months they do not.
  @Test(arguments: [4, 11, 40])
  func foldedFeedLaysOutAsUnfolded(width: Int) throws {
    let text = HeldPropertyTests.calendar(HeldPropertyTests.events)
    let request = MonthRequest(
      first: try #require(YearMonth(year: 2024, month: 1)), count: 9,
      zone: try #require(DisplayZone(named: "Europe/Berlin")))
    func json(_ text: String, filtered: Bool) throws -> String {
      let options = filtered ? ImportOptions(window: request.window) : ImportOptions()
      let feed = try Feed(text: text, name: "held", options: options)
      return try JSONLayoutRenderer.render(MonthLayouter.layOut([feed], request: request).layouts)
    }
    let expected = try json(text, filtered: false)
    #expect(expected.contains("Series with holidays"))
    for folded in [
      FoldedLineTests.folded(text, width: width), HeldPropertyTests.foldedAtNames(text),
    ] {
      #expect(try json(folded, filtered: false) == expected)
      #expect(try json(folded, filtered: true) == expected)
    }
  }

  /// A folded EXDATE list longer than the scan holds is not read: its event is kept for every
  /// window, as any property the scan cannot read.
  @Test func anExdateListTooLongToHoldKeepsTheEvent() throws {
    let days = (0..<6_000).map { "\(3000 + $0)0101T090000Z" }
    let event = """
      BEGIN:VEVENT\r
      UID:many-exdates@held\r
      DTSTART:20240101T090000Z\r
      RRULE:FREQ=DAILY;COUNT=10\r
      EXDATE:\(days.joined(separator: ","))\r
      SUMMARY:Ten days\r
      END:VEVENT\r
      """
    let text = FoldedLineTests.folded(HeldPropertyTests.calendar([event]), width: 75)
    let facts = try #require(KeptWindowsTests.facts(of: Array(text.utf8)).first)
    #expect(facts.unreadable)
    #expect(facts.keptWindow == nil)
    let fewer = days.prefix(3_000).joined(separator: ",")
    let short = FoldedLineTests.folded(
      HeldPropertyTests.calendar([
        event.replacingOccurrences(of: days.joined(separator: ","), with: fewer)
      ]),
      width: 75)
    let bounded = try #require(KeptWindowsTests.facts(of: Array(short.utf8)).first)
    #expect(!bounded.unreadable)
    #expect(bounded.keptWindow != nil)
  }

  /// A UID folded before its value is read whole, as libical reads it; one too long to hold is
  /// known by its first bytes only, and its event is left to libical.
  @Test func aUIDFoldedBeforeItsValue() throws {
    func facts(uidLength: Int) throws -> EventFacts {
      let event = """
        BEGIN:VEVENT\r
        UID\r
         :\(String(repeating: "u", count: uidLength))\r
        DTSTART:20240101T090000Z\r
        SUMMARY:Folded UID\r
        END:VEVENT\r
        """
      let text = FoldedLineTests.folded(HeldPropertyTests.calendar([event]), width: 75)
      return try #require(KeptWindowsTests.facts(of: Array(text.utf8)).first)
    }
    let short = try facts(uidLength: 40)
    #expect(!short.unreadable && short.uid == String(repeating: "u", count: 40))
    #expect(short.uidKey == FeedLoader.uidKey(String(repeating: "u", count: 40)))
    #expect(try facts(uidLength: 70_000).unreadable)
  }
}
