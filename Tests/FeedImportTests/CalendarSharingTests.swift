import Foundation
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport

/// VCALENDARs that repeat the last one's head share its calendar, and the feed is the same as
/// with a calendar for each: a head that stops short, differs, or goes on after an event gives
/// its calendar one of its own.
@Suite struct CalendarSharingTests {
  static let head = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN", "X-WR-CALNAME:Shared",
  ]
  static let wallZone = "X-WR-TIMEZONE:Asia/Tokyo"
  static let zone = [
    "BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0500", "TZOFFSETTO:+0500", "END:STANDARD", "END:VTIMEZONE",
  ]

  /// An event on 5 August 2024 at 10:00, in `zone` (nil: floating).
  static func event(_ uid: String, zone: String?) -> [String] {
    let start = zone.map { "DTSTART;TZID=\($0):20240805T100000" } ?? "DTSTART:20240805T100000"
    return [
      "BEGIN:VEVENT", "UID:\(uid)@tests", "DTSTAMP:20240701T000000Z", start, "DURATION:PT1H",
      "SUMMARY:\(uid)", "END:VEVENT",
    ]
  }

  /// A folder of 20 files with the full head (an event in Custom/Zone, one floating), and
  /// files whose head is shorter, differs or goes on after their event.
  static func folder() throws -> String {
    let folder = try FolderFeedTests.temporaryFolder("sharing")
    func write(_ name: String, _ lines: [String]) throws {
      try (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n").write(
        to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    for index in 0..<20 {
      let events =
        event("zoned-\(index)", zone: "Custom/Zone") + event("floating-\(index)", zone: nil)
      try write(String(format: "a-%02d.ics", index), head + [wallZone] + zone + events)
    }
    // No X-WR-TIMEZONE: its floating event is in the display zone.
    try write("b-short.ics", head + event("short", zone: nil))
    // Its VTIMEZONE, at another offset, comes after its event.
    let later = zone.map { $0.replacingOccurrences(of: "+0500", with: "+0300") }
    try write("c-later.ics", head + [wallZone] + event("later", zone: "Custom/Zone") + later)
    // Another name.
    try write(
      "d-renamed.ics",
      head.dropLast() + ["X-WR-CALNAME:Other", wallZone] + zone
        + event("renamed", zone: "Custom/Zone"))
    return folder.path
  }

  @Test func repeatedHeadsShareACalendarAndKeepTheirTimes() throws {
    let path = try CalendarSharingTests.folder()
    let feed = try Feed(location: .folder(path))
    let calendars = feed.calendars
    try #require(calendars.count == 23)
    // The first calendar read the VTIMEZONE; the second took it as read before and is shared.
    #expect(calendars[0] !== calendars[1])
    #expect((2..<20).allSatisfy { calendars[$0] === calendars[1] })
    #expect(
      (20..<23).allSatisfy { index in !calendars[..<index].contains { $0 === calendars[index] } })
    let layout = try TestSupport.layOut(
      [feed], month: try TestSupport.requireMonth("2024-08"),
      zone: try TestSupport.requireZone("UTC"))
    let starts = Dictionary(
      TestSupport.occurrences(layout).map { ($0.uid, $0.start.description) },
      uniquingKeysWith: { $1 })
    for index in 0..<20 {
      #expect(starts["zoned-\(index)@tests"] == "2024-08-05T05:00:00+00:00")
      #expect(starts["floating-\(index)@tests"] == "2024-08-05T01:00:00+00:00")
    }
    #expect(starts["short@tests"] == "2024-08-05T10:00:00+00:00")
    #expect(starts["later@tests"] == "2024-08-05T07:00:00+00:00")
    #expect(starts["renamed@tests"] == "2024-08-05T05:00:00+00:00")
    #expect(calendars[22].name == "Other" && calendars[1].name == "Shared")
  }

  /// A head longer than ``CalendarSharing/longestHead`` is not kept, and never shared.
  @Test func aLongHeadIsNotShared() throws {
    let properties = (0..<70).map { "X-WR-CALNAME:Name \($0)" }
    let calendar =
      CalendarSharingTests.head + properties + CalendarSharingTests.event("long", zone: nil)
    let text = (calendar + ["END:VCALENDAR"] + calendar + ["END:VCALENDAR", ""])
      .joined(separator: "\r\n")
    let feed = try Feed(text: text)
    try #require(feed.calendars.count == 2)
    #expect(feed.calendars[0] !== feed.calendars[1])
    #expect(feed.calendars.allSatisfy { $0.name == "Name 69" })
    let short =
      (CalendarSharingTests.head + CalendarSharingTests.event("short", zone: nil) + [
        "END:VCALENDAR"
      ])
    let shared = try Feed(text: (short + short + [""]).joined(separator: "\r\n"))
    #expect(shared.calendars.count == 2 && shared.calendars[0] === shared.calendars[1])
  }
}
