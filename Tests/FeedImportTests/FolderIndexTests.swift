import Foundation
import GRDB
import IcsLanes
import LaneLayout
import Testing

@testable import FeedImport
@testable import FeedIndex
@testable import FeedScan

/// A folder of `.ics` files loaded through its index answers every request exactly as the
/// folder read through with the pre-filter, and an index is never used for files that changed.
@Suite struct FolderIndexTests {
  /// The answer of the folder at `path` read without an index.
  static func plain(_ path: String, _ request: MonthRequest) throws -> IndexAnswer {
    IndexAnswer(
      try Feed(location: .folder(path), options: ImportOptions(window: request.window)), request)
  }

  /// The answer of the folder at `path` read through the index in `folder`; whether it came
  /// from the index must be `fromIndex`.
  static func indexed(
    _ path: String, _ request: MonthRequest, folder: String, fromIndex: Bool = true
  ) throws -> IndexAnswer {
    let (feed, indexed) = try IndexedFeed.loadTelling(
      folder: path, options: ImportOptions(window: request.window), place: .folder(folder))
    #expect(indexed == fromIndex)
    return IndexAnswer(feed, request)
  }

  /// The folder `name`: the bundled one, one with a byte-order mark, a file without a final
  /// line end, a file that is not iCalendar, a UID group over two files and duplicates
  /// (`offsets`), files whose lines end in lone CRs (`line-ends`), files that leave a VEVENT
  /// open (`open-ends`, and 900 over several chunks), or 40 files repeating one of two
  /// VTIMEZONEs under one TZID (`zoned`).
  static func folder(_ name: String) throws -> String {
    switch name {
    case "household": return FolderFeedTests.household
    case "offsets": return try FolderOffsetTests.folder().path
    case "line-ends": return try FolderFeedTests.lineEndsFolder().path
    case "open-ends": return try FolderFeedTests.openEndsFolder().path
    case "open-ends-over-chunks": return try FolderFeedTests.openEndsOverChunks().path
    default:
      let folder = try FolderFeedTests.temporaryFolder("zoned")
      for index in 0..<40 {
        let offset = index < 20 ? "+0500" : "+0300"
        try Data(FolderFeedTests.zoned(index, offset: offset, day: 1 + index % 20).utf8)
          .write(to: folder.appendingPathComponent(String(format: "%02d.ics", index)))
      }
      return folder.path
    }
  }

  /// Each folder, cold and warm, in two zones, several months.
  @Test(arguments: [
    "household", "offsets", "zoned", "line-ends", "open-ends", "open-ends-over-chunks",
  ])
  func aFolderAnswersAsWithoutTheIndex(name: String) throws {
    let path = try FolderIndexTests.folder(name)
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var passedOver = 0
    for zone in ["UTC", "Pacific/Kiritimati"] {
      for month in ["2024-08", "2025-01", "2020-01"] {
        let request = try IndexSupport.request(month, zone: zone)
        let whole = try Feed(
          location: .folder(path), options: ImportOptions(window: request.window))
        let expected = IndexAnswer(whole, request)
        passedOver += whole.eventsPassedOver
        #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
        #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
      }
    }
    #expect(passedOver > 0)
    _ = try IndexSupport.indexFile(in: folder)
  }

  /// A file changed, added or taken away: the folder is surveyed again, and answers as it is
  /// now (not as the index last saw it).
  @Test func aChangedFolderIsSurveyedAgain() throws {
    let path = try FolderOffsetTests.folder().path
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let request = try IndexSupport.request("2024-08")
    var answers = [try FolderIndexTests.indexed(path, request, folder: folder)]
    let changes: [() throws -> Void] = [
      {
        try FolderFeedTests.oneEvent(3, day: 20).write(
          toFile: path + "/d-3.ics", atomically: false, encoding: .utf8)
      },
      {
        try FolderFeedTests.oneEvent(40, day: 9).write(
          toFile: path + "/e-added.ics", atomically: true, encoding: .utf8)
      },
      { try FileManager.default.removeItem(atPath: path + "/d-5.ics") },
    ]
    for change in changes {
      try change()
      let expected = try FolderIndexTests.plain(path, request)
      #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
      #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
      answers.append(expected)
    }
    // Each change changed the month (else this test could not tell a stale index).
    #expect(Set(answers.map(\.json)).count == answers.count)
  }

  /// A file changed after the folder was listed is never read again as if it were the file
  /// listed: reading the stream at an offset fails as a replay's mismatch.
  @Test func aFileChangedAfterTheListingIsNotRead() throws {
    let path = try FolderOffsetTests.folder().path
    let listed = try CalendarFolder(path: path)
    let stream = FolderStream(folder: listed)
    var source = ByteSource(stream: stream)
    while try source.readChunk({ _ in }) {}
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 8)
    defer { buffer.deallocate() }
    #expect(try stream.bytes(at: 0, into: buffer) == 256)
    let first = try #require(listed.files.first)
    let text = try String(contentsOfFile: first, encoding: .utf8)
    try (text + "\r\n").write(toFile: first, atomically: false, encoding: .utf8)
    #expect {
      _ = try stream.bytes(at: 0, into: buffer)
    } throws: { error in
      (error as? ImportError)?.isReplayMismatch == true
    }
  }

  /// A layout kept by an index is used only when it can be that of the folder's stream.
  @Test func aLayoutThatDoesNotFitIsRefused() throws {
    let listed = try CalendarFolder(path: try FolderOffsetTests.folder().path)
    let stream = FolderStream(folder: listed)
    var source = ByteSource(stream: stream)
    while try source.readChunk({ _ in }) {}
    let layout = stream.layout
    let files = listed.files.count
    #expect(layout.fits(fileCount: files))
    #expect(layout.leftOut.count == 1)
    var gap = layout
    let last = try #require(gap.pieces.last)
    gap.pieces.removeLast()
    gap.pieces.append(
      FolderPiece(
        streamStart: last.streamStart + 1, file: last.file, fileStart: last.fileStart,
        count: last.count))
    var outOfRange = layout
    outOfRange.firstLines[0] = FirstLine(line: 1, file: files)
    var backwards = layout
    backwards.firstLines.swapAt(0, 1)
    var empty = layout
    empty.pieces[0] = FolderPiece(streamStart: 0, file: 0, fileStart: 0, count: 0)
    for bad in [gap, outOfRange, backwards, empty] {
      #expect(!bad.fits(fileCount: files))
    }
    #expect(!layout.fits(fileCount: files - 1))
  }

  /// An index whose folder rows are damaged, or whose repeated VTIMEZONE names a row that
  /// holds none, is built again, and the answer is still right.
  @Test(arguments: [
    ("offsets", "UPDATE folder SET pieces = x'0102'"),
    ("offsets", "UPDATE folder SET first_lines = zeroblob(16)"),
    ("offsets", "DELETE FROM folder"),
    ("offsets", "UPDATE left_out SET file = 1000"),
    ("zoned", "UPDATE part SET same_as = 1 WHERE same_as IS NOT NULL"),
    ("zoned", "UPDATE part SET same_as = position WHERE same_as IS NOT NULL"),
  ])
  func aDamagedFolderIndexIsBuiltAgain(name: String, damage: String) throws {
    let path = try FolderIndexTests.folder(name)
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let request = try IndexSupport.request("2024-08")
    let expected = try FolderIndexTests.plain(path, request)
    #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
    let indexFile = try IndexSupport.indexFile(in: folder)
    let queue = try DatabaseQueue(path: indexFile)
    try queue.write { db in
      try db.execute(sql: damage)
      #expect(db.changesCount > 0)
    }
    try queue.close()
    #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
    #expect(try FolderIndexTests.indexed(path, request, folder: folder) == expected)
  }

  /// The library: a source opened with an index over a folder answers as one loaded whole; an
  /// index file serves one feed, a folder counting as one.
  @Test func aCalendarSourceIndexesAFolder() throws {
    let folder = try IndexSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = FolderFeedTests.household
    let whole = try CalendarSource(contentsOf: [path])
    let indexed = try CalendarSource(contentsOf: [path], index: .folder(folder))
    let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday)
    for month in ["2024-07", "2024-08"] {
      let expected = try whole.layOut(month: month, options: options)
      #expect(try indexed.layOut(month: month, options: options) == expected)
    }
    _ = try IndexSupport.indexFile(in: folder)
    #expect(throws: IcsLanesError.indexFileForManyFeeds(index: folder + "/one", feedFiles: 2)) {
      var request = try LayoutRequest(
        feeds: [FeedInput(path), FeedInput(TestSupport.sample("team.ics"))],
        first: try #require(YearMonth(iso: "2024-08")), options: options)
      request.index = .file(folder + "/one")
      try request.validate()
    }
  }

  /// A folder's files are read in the byte order of their names, whether all are ASCII (sorted
  /// the quick way) or not.
  @Test func filesAreListedInTheByteOrderOfTheirNames() {
    var random = SeededRandom(state: 5)
    let letters = ["a", "B", "z", "0", "-", "_", ".", "é", "Z", "~", "ß", "\u{1F600}"]
    for round in 0..<200 {
      // Half the rounds ASCII only.
      let pool = round % 2 == 0 ? Array(letters.prefix(7) + ["Z", "~"]) : letters
      let names = (0..<30).map { _ in
        (0..<(1 + random.next(6))).map { _ in pool[random.next(pool.count)] }.joined() + ".ics"
      }
      #expect(
        CalendarFolder.inByteOrder(names).map { Array($0.utf8) }
          == names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    }
  }
}
