import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Scratch
import Testing

/// A folder of one-event `.ics` files read as one calendar, as vdirsyncer and khal keep it.
@Suite("Feeds from folders")
struct FolderFeedTests {
  static let household = TestSupport.sample("household")

  /// A new empty folder under the temporary directory.
  static func temporaryFolder(_ name: String) throws -> URL {
    let folder = try Scratch.folder().appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A new folder `name` holding `files` (name: text).
  static func folder(_ name: String, files: [String: String]) throws -> URL {
    let folder = try FolderFeedTests.temporaryFolder(name)
    for (file, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(file))
    }
    return folder
  }

  /// A one-event calendar file's text: one day-long event on `day` of August 2024.
  static func oneEvent(_ index: Int, day: Int, finalLineEnd: Bool = true) -> String {
    let date = String(format: "202408%02d", day)
    let next = String(format: "202408%02d", day + 1)
    let text = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN", "BEGIN:VEVENT",
      "UID:event-\(index)@tests", "DTSTAMP:20240701T000000Z", "SUMMARY:Event \(index)",
      "DTSTART;VALUE=DATE:\(date)", "DTEND;VALUE=DATE:\(next)", "END:VEVENT", "END:VCALENDAR",
    ].joined(separator: "\r\n")
    return finalLineEnd ? text + "\r\n" : text
  }

  static func layout(_ feed: Feed) throws -> MonthLayout {
    try TestSupport.layOut(
      [feed], month: try TestSupport.requireMonth("2024-08"),
      zone: try TestSupport.requireZone("Europe/Berlin"))
  }

  @Test("The bundled folder: name from displayname, colour from color, every file read")
  func household() throws {
    let feed = try Feed(location: FeedLocation(argument: FolderFeedTests.household))
    #expect(feed.name == "Household")
    #expect(feed.color == "#2ca02c")
    #expect(feed.eventsRead == 6)
    #expect(feed.warnings.isEmpty)
    let layout = try FolderFeedTests.layout(feed)
    #expect(layout.calendars?.first?.color == "#2ca02c")
    let titles = Set(layout.segments.map(\.title))
    #expect(titles == ["Bins out", "Dentist", "Grandma visits", "Piano lesson", "Boiler service"])
  }

  @Test(
    "3000 small files (some without a final line end, some with a BOM): every event, as from one file"
  )
  func thousandsOfFiles() throws {
    let folder = try FolderFeedTests.temporaryFolder("many")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    var events: [String] = []
    for index in 0..<3_000 {
      // Every tenth file has no final line end, every seventh a byte-order mark.
      let text = FolderFeedTests.oneEvent(index, day: 1 + index % 28, finalLineEnd: index % 10 != 0)
      let bytes = (index % 7 == 0 ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
      try Data(bytes).write(to: folder.appendingPathComponent(String(format: "%05d.ics", index)))
      events.append(
        text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst(3).dropLast()
          .joined(separator: "\r\n"))
    }
    try Data("not a calendar".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    // Left out: a FIFO (reading it would block), a subfolder and a hidden file.
    #expect(mkfifo(folder.appendingPathComponent("pipe.ics").path, 0o600) == 0)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub.ics"), withIntermediateDirectories: true)
    try Data("BEGIN:VCALENDAR\r\n".utf8).write(to: folder.appendingPathComponent(".hidden.ics"))
    let feed = try Feed(location: .folder(folder.path))
    #expect(feed.name == "many")
    #expect(feed.color == nil)
    #expect(feed.eventsRead == 3_000)
    #expect(feed.skipped.isEmpty)
    let single = try Feed(
      text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.joined(separator: "\r\n")
        + "\r\nEND:VCALENDAR\r\n", name: "many")
    let fromFolder = try FolderFeedTests.layout(feed)
    let fromFile = try FolderFeedTests.layout(single)
    #expect(fromFolder.segments.count == 3_000)
    #expect(TestSupport.occurrences(fromFolder) == TestSupport.occurrences(fromFile))
  }

  @Test("A bad file is named with its own line; --strict fails naming it")
  func badFileNamed() throws {
    let folder = try FolderFeedTests.temporaryFolder("work")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    for index in 0..<3 {
      try Data(FolderFeedTests.oneEvent(index, day: 5 + index).utf8)
        .write(to: folder.appendingPathComponent("e\(index).ics"))
    }
    let broken =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:broken\r\nSUMMARY:no start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    try Data(broken.utf8).write(to: folder.appendingPathComponent("e1-broken.ics"))
    try Data("#FF8800CC\n".utf8).write(to: folder.appendingPathComponent("color"))
    let feed = try Feed(location: .folder(folder.path))
    #expect(feed.color == "#ff8800")
    #expect(feed.eventsRead == 4)
    let skipped = try #require(feed.skipped.first)
    #expect(skipped.line == 2)
    #expect(skipped.reason.hasPrefix("e1-broken.ics: "))
    var strict = ImportOptions()
    strict.strict = true
    let failure = #expect(throws: ImportError.self) {
      _ = try Feed(location: .folder(folder.path), options: strict)
    }
    #expect(
      failure?.description
        == "\(folder.appendingPathComponent("e1-broken.ics").path):2: event broken skipped: no DTSTART (--strict)"
    )
  }

  /// A folder whose files end their lines with lone CRs (`a.ics`, ending in one) and LF then CR
  /// (`b.ics`: each such pair is two line ends), then a broken file.
  static func lineEndsFolder() throws -> URL {
    try FolderFeedTests.folder(
      "line-ends",
      files: [
        "a.ics": oneEvent(0, day: 5).replacingOccurrences(of: "\r\n", with: "\r"),
        "b.ics": oneEvent(1, day: 6).replacingOccurrences(of: "\r\n", with: "\n\r"),
        "c-broken.ics": "BEGIN:VCALENDAR\rBEGIN:VEVENT\rUID:broken\rEND:VEVENT\rEND:VCALENDAR\r",
        "d.ics": oneEvent(2, day: 7),
      ])
  }

  /// Lines end at a CRLF, an LF or a lone CR in every file, as in one file: a file after files
  /// with lone CRs is still named with its own lines.
  @Test("A file after files whose lines end in lone CRs is named with its own line")
  func loneCarriageReturns() throws {
    let folder = try FolderFeedTests.lineEndsFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let feed = try Feed(location: .folder(folder.path))
    #expect(feed.eventsRead == 4)
    let skipped = try #require(feed.skipped.first)
    #expect(skipped.reason.hasPrefix("c-broken.ics: "))
    #expect(skipped.line == 2)
    #expect(try FolderFeedTests.layout(feed).segments.count == 3)
  }

  /// A folder whose `b.ics` leaves its VEVENT open until END:VCALENDAR, and whose `c.ics` ends
  /// inside a three-day VEVENT, on its DTEND line; `d.ics` starts with a line of blanks, which
  /// in one file would continue that line.
  static func openEndsFolder() throws -> URL {
    func withoutEnd(_ index: Int, day: Int) -> String {
      oneEvent(index, day: day).replacingOccurrences(of: "END:VEVENT\r\n", with: "")
    }
    let threeDays = withoutEnd(2, day: 7).replacingOccurrences(of: "0808", with: "0810")
    return try FolderFeedTests.folder(
      "open-ends",
      files: [
        "a.ics": oneEvent(0, day: 5),
        "b.ics": withoutEnd(1, day: 6),
        "c.ics": threeDays.replacingOccurrences(of: "\r\nEND:VCALENDAR\r\n", with: ""),
        "d.ics": "  \r\n" + oneEvent(3, day: 12),
      ])
  }

  /// Each file of a folder stands alone: what one leaves open ends with it, as at the end of a
  /// feed, and a notice names lines as its file's own.
  @Test("What a file leaves open ends with it; notices name the file's own lines")
  func filesStandAlone() throws {
    let folder = try FolderFeedTests.openEndsFolder()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let feed = try Feed(location: .folder(folder.path))
    let segments = try FolderFeedTests.layout(feed).segments
    #expect(segments.count == 4)
    let threeDays = try #require(segments.first { $0.uid == "event-2@tests" })
    #expect(threeDays.lastDay == Day(year: 2024, month: 8, day: 9))
    #expect(
      feed.warnings.map(\.description) == [
        "\(folder.appendingPathComponent("b.ics").path):4: END:VCALENDAR at line 10 before"
          + " END:VEVENT: the VEVENT is closed there and read",
        "\(folder.appendingPathComponent("c.ics").path):4: the file ends inside this VEVENT"
          + " (no END:VEVENT): the VEVENT is closed there and read",
      ])
  }

  /// 900 files of about 2 KB, each ending inside its VEVENT, over several of the stream's 1 MiB
  /// chunks: each file's start is found, wherever the chunks end.
  static func openEndsOverChunks() throws -> URL {
    var files: [String: String] = [:]
    for index in 0..<900 {
      let text = oneEvent(index, day: 1 + index % 28)
        .replacingOccurrences(of: "END:VEVENT\r\nEND:VCALENDAR\r\n", with: "")
      files[String(format: "%03d.ics", index)] =
        text + "DESCRIPTION:" + String(repeating: "x", count: 2_000) + "\r\n"
    }
    return try FolderFeedTests.folder("open-ends-over-chunks", files: files)
  }

  /// Each of 900 files left open ends with itself: none runs into the next, at a chunk's end
  /// or inside one.
  @Test("Files each left open, over several chunks: each ends with its own file")
  func openEndsOverChunksStandAlone() throws {
    let folder = try FolderFeedTests.openEndsOverChunks()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let feed = try Feed(location: .folder(folder.path))
    #expect(feed.eventsRead == 900)
    #expect(feed.warnings.count == 900)
    let endings = feed.warnings.filter {
      $0.line == 4 && $0.message.hasPrefix("the file ends inside this VEVENT (no END:VEVENT)")
    }
    #expect(endings.count == 900)
    #expect(try FolderFeedTests.layout(feed).segments.count == 900)
  }

  @Test("Options name and colour the calendar over the folder's files; bad color warns")
  func overrides() throws {
    let folder = try FolderFeedTests.temporaryFolder("home")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    try Data(FolderFeedTests.oneEvent(1, day: 3).utf8)
      .write(to: folder.appendingPathComponent("a.ics"))
    try Data("not-a-colour\n".utf8).write(to: folder.appendingPathComponent("color"))
    try Data("At home\n".utf8).write(to: folder.appendingPathComponent("displayname"))
    let plain = try Feed(location: .folder(folder.path))
    #expect(plain.name == "At home")
    #expect(plain.color == nil)
    #expect(
      plain.warnings.map(\.message) == ["\"not-a-colour\" is not a colour (#rrggbb); left out"])
    // Fullwidth hex digits are not hex digits: the JSON's colours stay #rrggbb.
    try Data("ｆｆ８８００\n".utf8).write(to: folder.appendingPathComponent("color"))
    let fullwidth = try Feed(location: .folder(folder.path))
    #expect(fullwidth.color == nil)
    #expect(fullwidth.warnings.count == 1)
    var options = ImportOptions()
    options.calendarName = "Home"
    options.calendarColor = "#ABC"
    let named = try Feed(location: .folder(folder.path), options: options)
    #expect(named.name == "Home")
    #expect(named.color == "#aabbcc")
  }

  /// A file with its own VTIMEZONE `Custom/Zone` at a fixed offset and one timed event at
  /// 10:00 local time on `day`.
  static func zoned(_ index: Int, offset: String, day: Int) -> String {
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN", "BEGIN:VTIMEZONE",
      "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)",
      "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT",
      "UID:zoned-\(index)@tests", "DTSTAMP:20240701T000000Z", "SUMMARY:Zoned \(index)",
      String(format: "DTSTART;TZID=Custom/Zone:202408%02dT100000", day),
      String(format: "DTEND;TZID=Custom/Zone:202408%02dT110000", day), "END:VEVENT",
      "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
  }

  @Test("Files repeating one VTIMEZONE share it; a different one under the same TZID stays its own")
  func sharedZones() throws {
    let folder = try FolderFeedTests.temporaryFolder("zoned")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    for index in 0..<40 {
      // Files 0…19 at +05:00, 20…39 at +03:00, all calling their zone Custom/Zone.
      let offset = index < 20 ? "+0500" : "+0300"
      try Data(FolderFeedTests.zoned(index, offset: offset, day: 1 + index % 20).utf8)
        .write(to: folder.appendingPathComponent(String(format: "%02d.ics", index)))
    }
    let feed = try Feed(location: .folder(folder.path))
    let layout = try TestSupport.layOut(
      [feed], month: try TestSupport.requireMonth("2024-08"),
      zone: try TestSupport.requireZone("UTC"))
    let starts = Dictionary(
      TestSupport.occurrences(layout).map { ($0.uid, $0.start) }, uniquingKeysWith: { $1 })
    #expect(starts.count == 40)
    for index in 0..<40 {
      let hour = index < 20 ? "05" : "07"
      #expect(
        starts["zoned-\(index)@tests"]
          == String(format: "2024-08-%02dT\(hour):00:00+00:00", 1 + index % 20))
    }
  }

  /// A folder cannot be read at an offset: events the pre-filter passed over that share a UID
  /// with a kept one are found by reading the whole folder a second time.
  @Test(
    "A folder read a second time for passed-over events of kept UIDs gives the whole reading's layout"
  )
  func readAgainWhole() throws {
    let folder = try FolderFeedTests.temporaryFolder("again")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    func calendar(_ lines: [String]) -> String {
      (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//tests//EN", "BEGIN:VEVENT"] + lines
        + ["END:VEVENT", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }
    let files = [
      "a-master.ics": calendar([
        "UID:standup@tests", "DTSTART:20240101T090000Z", "DURATION:PT30M", "SUMMARY:Standup",
        "RRULE:FREQ=WEEKLY;BYDAY=MO",
      ]),
      // From March on the series moves to 14:00: outside August itself, it changes August.
      "b-moved.ics": calendar([
        "UID:standup@tests", "RECURRENCE-ID;RANGE=THISANDFUTURE:20240304T090000Z",
        "DTSTART:20240304T140000Z", "DURATION:PT30M", "SUMMARY:Standup (afternoons)",
      ]),
      "c-other.ics": FolderFeedTests.oneEvent(1, day: 7),
      // Two events with one UID: the first in file order is used, even where it is passed over.
      "d-first.ics": calendar([
        "UID:twice@tests", "DTSTART;VALUE=DATE:20240304", "SUMMARY:The one used",
      ]),
      "e-second.ics": calendar([
        "UID:twice@tests", "DTSTART;VALUE=DATE:20240806", "SUMMARY:A duplicate",
      ]),
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    let zone = try TestSupport.requireZone("UTC")
    let august = try TestSupport.requireMonth("2024-08")
    let window = MonthRequest(first: august, zone: zone).window
    let whole = try Feed(location: .folder(folder.path))
    let filtered = try Feed(location: .folder(folder.path), options: ImportOptions(window: window))
    let render = { (feed: Feed) throws -> String in
      try JSONLayoutRenderer.render([try TestSupport.layOut([feed], month: august, zone: zone)])
    }
    #expect(try render(filtered) == render(whole))
    let titles = try TestSupport.layOut([filtered], month: august, zone: zone).segments
      .map(\.title)
    #expect(titles.filter { $0 == "Standup (afternoons)" }.count == 4)
    #expect(!titles.contains("Standup") && !titles.contains("A duplicate"))
    #expect(filtered.eventsDuplicate == 1 && whole.eventsDuplicate == 1)
  }

  @Test("A duplicate in another file names that file and the line in it")
  func duplicateNamesFileAndLine() throws {
    let folder = try FolderFeedTests.temporaryFolder("twice")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    // b.ics's event is repeated by c.ics; a.ics comes first, so the folder's line count
    // differs from b.ics's own.
    try Data(FolderFeedTests.oneEvent(1, day: 3).utf8)
      .write(to: folder.appendingPathComponent("a.ics"))
    try Data(FolderFeedTests.oneEvent(2, day: 5).utf8)
      .write(to: folder.appendingPathComponent("b.ics"))
    try Data(FolderFeedTests.oneEvent(2, day: 5).utf8)
      .write(to: folder.appendingPathComponent("c.ics"))
    let window = MonthRequest(
      first: try TestSupport.requireMonth("2024-08"), zone: try TestSupport.requireZone("UTC")
    ).window
    for options in [ImportOptions(), ImportOptions(window: window)] {
      let feed = try Feed(location: .folder(folder.path), options: options)
      #expect(feed.eventsDuplicate == 1)
      #expect(
        feed.warnings.map(\.description) == [
          "\(folder.path)/c.ics:4: event event-2@tests: repeats the VEVENT at line 4 of \(folder.path)/b.ics (same UID and RECURRENCE-ID); that one is used"
        ])
    }
    // Within one file, the line alone.
    let two = FolderFeedTests.oneEvent(3, day: 7).replacingOccurrences(
      of: "END:VEVENT\r\n",
      with:
        "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:event-3@tests\r\nDTSTART;VALUE=DATE:20240807\r\nEND:VEVENT\r\n"
    )
    try Data(two.utf8).write(to: folder.appendingPathComponent("d.ics"))
    let feed = try Feed(location: .folder(folder.path))
    #expect(
      feed.warnings.map(\.description).last
        == "\(folder.path)/d.ics:11: event event-3@tests: repeats the VEVENT at line 4 (same UID and RECURRENCE-ID); that one is used"
    )
  }

  @Test("A file that is not iCalendar is left out with a warning naming it, its text unquoted")
  func badFilesStandAlone() throws {
    let folder = try FolderFeedTests.temporaryFolder("mixed")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    // The first file by name is not iCalendar, and neither is one in the middle.
    try Data("secret first line\nmore\n".utf8)
      .write(to: folder.appendingPathComponent("0-notes.ics"))
    try Data(FolderFeedTests.oneEvent(1, day: 3).utf8)
      .write(to: folder.appendingPathComponent("a.ics"))
    try Data("<html><body>secret page</body></html>\n".utf8)
      .write(to: folder.appendingPathComponent("m-page.ics"))
    try Data(FolderFeedTests.oneEvent(2, day: 9).utf8)
      .write(to: folder.appendingPathComponent("z.ics"))
    let feed = try Feed(location: .folder(folder.path))
    #expect(feed.eventsRead == 2)
    let message = "not iCalendar (it does not begin with BEGIN:VCALENDAR); file left out"
    #expect(
      feed.warnings == [
        ImportWarning(
          source: "\(folder.path)/0-notes.ics", line: nil, uid: nil, message: message),
        ImportWarning(source: "\(folder.path)/m-page.ics", line: nil, uid: nil, message: message),
      ])
    #expect(!feed.warnings.contains { $0.description.contains("secret") })
    let layout = try FolderFeedTests.layout(feed)
    #expect(Set(layout.segments.map(\.title)) == ["Event 1", "Event 2"])
    var strict = ImportOptions()
    strict.strict = true
    #expect(
      throws: ImportError.strictFailure(
        source: "\(folder.path)/0-notes.ics", line: nil, message: message)
    ) {
      _ = try Feed(location: .folder(folder.path), options: strict)
    }
    // A folder of nothing but such files is not iCalendar, and says so without quoting them.
    for name in ["a.ics", "z.ics"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
    #expect(
      throws: ImportError.notICalendar(
        source: folder.path, detail: "none of its .ics files is iCalendar")
    ) {
      _ = try Feed(location: .folder(folder.path))
    }
  }

  @Test("A folder with no .ics files is an error naming it")
  func emptyFolder() throws {
    let folder = try FolderFeedTests.temporaryFolder("empty")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(
      throws: ImportError.unreadable(path: folder.path, reason: "a folder with no .ics files")
    ) {
      _ = try Feed(location: .folder(folder.path))
    }
  }
}
