import FeedImport
import FeedIndex
import Foundation
import GRDB
import IcsLanes
import LaneLayout
import Testing

/// The index never gives a stale answer: a feed touched, grown, truncated or replaced between
/// two queries, and an index file damaged, truncated or foreign, still give the right answer.
@Suite struct FeedIndexFreshnessTests {
  /// A folder holding a copy of team.ics as `team.ics`, and the index folder `index/`.
  struct Setup {
    let folder: String
    let feed: String
    let indexFolder: String
    let request: MonthRequest

    init() throws {
      folder = try IndexSupport.temporaryFolder()
      feed = folder + "/team.ics"
      indexFolder = folder + "/index"
      try FileManager.default.copyItem(atPath: TestSupport.sample("team.ics"), toPath: feed)
      request = try IndexSupport.request("2024-08", zone: "Europe/Berlin")
    }

    func indexed() throws -> IndexAnswer {
      try IndexSupport.indexed(feed, request, folder: indexFolder)
    }

    func plain() throws -> IndexAnswer {
      try IndexSupport.plain(feed, request)
    }

    var indexFile: String {
      get throws { try IndexSupport.indexFile(in: indexFolder) }
    }

    /// The feed's text with one more event in August 2024.
    func grownText(_ title: String) throws -> String {
      let text = try String(contentsOfFile: feed, encoding: .utf8)
      let event = """
        BEGIN:VEVENT\r
        UID:added-\(title)@test\r
        DTSTART;VALUE=DATE:20240813\r
        DTEND;VALUE=DATE:20240815\r
        SUMMARY:\(title)\r
        END:VEVENT\r

        """
      guard let end = text.range(of: "END:VCALENDAR", options: .backwards) else { return text }
      return text.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: event)
    }

    func cleanUp() {
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  @Test func aTouchedFeedKeepsItsIndex() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let before = try setup.indexed()
    let inode = IndexSupport.inode(try setup.indexFile)
    let later = Date().addingTimeInterval(3_600)
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: setup.feed)
    #expect(try setup.indexed() == before)
    #expect(try setup.indexed() == setup.plain())
    // Same bytes: the index was refreshed, not rebuilt (a rebuild renames a new file over it).
    #expect(IndexSupport.inode(try setup.indexFile) == inode)
  }

  @Test func aGrownFeedIsIndexedAgain() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let before = try setup.indexed()
    try setup.grownText("Grown").write(toFile: setup.feed, atomically: false, encoding: .utf8)
    let after = try setup.indexed()
    #expect(after == (try setup.plain()))
    #expect(after != before)
    #expect(after.lines.contains { $0.contains("read \(before.readCount + 1) ") })
  }

  @Test func aTruncatedFeedIsIndexedAgain() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let before = try setup.indexed()
    let handle = try #require(FileHandle(forUpdatingAtPath: setup.feed))
    let size = try handle.seekToEnd()
    try handle.truncate(atOffset: size / 2)
    try handle.close()
    let after = try setup.indexed()
    #expect(after == (try setup.plain()))
    #expect(after != before)
  }

  /// Replaced by a file of the same size and modification time: only the inode and the change
  /// time tell, and the hash of the bytes decides.
  @Test func aReplacedFeedOfTheSameSizeAndTimeIsIndexedAgain() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let before = try setup.indexed()
    let attributes = try FileManager.default.attributesOfItem(atPath: setup.feed)
    let text = try String(contentsOfFile: setup.feed, encoding: .utf8)
    // One title changed, same length.
    let changed = text.replacingOccurrences(of: "Hack week", with: "Hack Week")
    #expect(changed != text)
    let replacement = setup.folder + "/replacement.ics"
    try changed.write(toFile: replacement, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: replacement)
    #expect(rename(replacement, setup.feed) == 0)
    let after = try setup.indexed()
    #expect(after == (try setup.plain()))
    #expect(after != before)
  }

  /// Rewritten in place with other bytes of the same size, its modification time set back.
  @Test func aFeedRewrittenInPlaceIsIndexedAgain() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let before = try setup.indexed()
    let attributes = try FileManager.default.attributesOfItem(atPath: setup.feed)
    let text = try String(contentsOfFile: setup.feed, encoding: .utf8)
    let changed = text.replacingOccurrences(of: "Hack week", with: "Hack Week")
    try changed.write(toFile: setup.feed, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: setup.feed)
    let after = try setup.indexed()
    #expect(after == (try setup.plain()))
    #expect(after != before)
  }

  @Test(arguments: IndexDamage.allCases)
  func aDamagedIndexIsRebuilt(damage: IndexDamage) throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let expected = try setup.indexed()
    let indexFile = try setup.indexFile
    /// How many rows `damage` added are in the index file (nil: it adds none).
    func addedRows() throws -> Int? {
      guard let addedRow = damage.addedRow else { return nil }
      let queue = try DatabaseQueue(path: indexFile)
      defer { try? queue.close() }
      return try queue.read { try Int.fetchOne($0, sql: addedRow) }
    }
    try damage.apply(to: indexFile, folder: setup.folder)
    if damage.addedRow != nil { #expect(try addedRows() == 1) }
    #expect(try setup.indexed() == expected)
    // Not trusted: the index was built again, without the row.
    if damage.addedRow != nil { #expect(try addedRows() == 0) }
    // Rebuilt: a sound index again, which the next query reads.
    #expect(try setup.indexed() == expected)
    #expect(try setup.indexed() == setup.plain())
    let header = try #require(FileManager.default.contents(atPath: indexFile))
    #expect(header.prefix(15) == Data("SQLite format 3".utf8))
  }

  /// Two threads building the same index at once: both answer right, and one index remains.
  @Test func twoBuildsAtOnceAreSafe() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let expected = try setup.plain()
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      results.append(try? setup.indexed())
    }
    #expect(results.values.count == 4)
    #expect(results.values.allSatisfy { $0 == expected })
    _ = try setup.indexFile
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.indexFolder)
    #expect(leftovers.count == 1, "\(leftovers)")
  }

  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [IndexAnswer?] = []
    func append(_ value: IndexAnswer?) {
      lock.lock()
      values.append(value)
      lock.unlock()
    }
  }

  /// The index file given as a file, not a folder, for one feed.
  /// `--index FILE` naming something that is not an index: it is read without one, and what is
  /// there is left as it was (a text file, another program's database, a FIFO with no writer,
  /// which must not block the run).
  @Test(.timeLimit(.minutes(1)))
  func aPathThatIsNotAnIndexIsLeftAlone() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let options = ImportOptions(window: setup.request.window)
    let text = setup.folder + "/notes.txt"
    try "my notes\n".write(toFile: text, atomically: false, encoding: .utf8)
    let database = setup.folder + "/other.sqlite"
    let queue = try DatabaseQueue(path: database)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE feed (id INTEGER, format TEXT)")
      try db.execute(sql: "INSERT INTO feed VALUES (1, 'someone else''s')")
    }
    try queue.close()
    let fifo = setup.folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let before = try [text, database].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    for path in [text, database, fifo] {
      let (feed, fromIndex) = try IndexedFeed.loadTelling(
        path: setup.feed, options: options, place: .file(path))
      #expect(!fromIndex, "\(path)")
      #expect(IndexAnswer(feed, setup.request) == (try setup.plain()))
    }
    let after = try [text, database].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    #expect(after == before)
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    // An empty file is taken for the index, as a missing one is.
    let empty = setup.folder + "/empty"
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    let (_, fromIndex) = try IndexedFeed.loadTelling(
      path: setup.feed, options: options, place: .file(empty))
    #expect(fromIndex)
  }

  @Test func anIndexFileNamedForOneFeed() throws {
    let setup = try Setup()
    defer { setup.cleanUp() }
    let indexFile = setup.folder + "/team.sqlite"
    let options = ImportOptions(window: setup.request.window)
    for _ in 0..<2 {
      let feed = try IndexedFeed.load(path: setup.feed, options: options, place: .file(indexFile))
      #expect(IndexAnswer(feed, setup.request) == (try setup.plain()))
    }
    #expect(FileManager.default.fileExists(atPath: indexFile))
    // Another feed through the same index file: its path differs, so the index is rebuilt.
    let other = TestSupport.sample("family.ics")
    let feed = try IndexedFeed.load(path: other, options: options, place: .file(indexFile))
    #expect(IndexAnswer(feed, setup.request) == (try IndexSupport.plain(other, setup.request)))
  }
}

/// Ways an index file goes bad.
enum IndexDamage: String, CaseIterable, Sendable {
  /// Garbage written over its middle.
  case overwrittenMiddle
  /// Its SQLite header damaged.
  case overwrittenHeader
  /// Cut to half its size.
  case truncated
  /// Emptied.
  case empty
  /// Replaced by a text file.
  case foreignText
  /// Replaced by another SQLite database.
  case foreignDatabase
  /// Sound SQLite, but its events' lines moved by one: the feed holds no VEVENT where it says.
  case linesShifted
  /// Sound SQLite, but one event at two lines: rows that contradict each other.
  case oneEventAtTwoLines
  /// Sound SQLite, but fewer events in the feed than it keeps for the month.
  case countBelowKept
  /// Sound SQLite, but its line checkpoints lost.
  case checkpointsLost
  /// Sound SQLite, but a passed-over event sharing a UID at a line past the feed's end.
  case sharingPastTheEnd
  /// Sound SQLite, but a `sharing` row whose line is text that begins with a number (read as
  /// an integer, SQLite would give that number: the row was trusted).
  case sharingLineAsText
  /// Sound SQLite, but a `sharing` row whose UID is text, not the bytes a survey writes (the
  /// row was trusted).
  case sharingUIDAsText
  /// Sound SQLite, but a count in the `feed` row is text: GRDB's conversion of it was a fatal
  /// error (the program stopped), never an index rebuilt.
  case feedCountAsText
  /// Sound SQLite, but the kept events' lines are text.
  case reachLineAsText
  /// Sound SQLite of the format's previous version, whose rows keep no event for any month (an
  /// older scan passed over what this one keeps, as before folded names were read): rebuilt,
  /// never trusted.
  case olderVersion

  /// The SQL that damages the rows, for the cases that keep the file sound.
  var statement: String? {
    switch self {
    case .linesShifted: "UPDATE reach SET line = line + 1"
    case .oneEventAtTwoLines: "UPDATE reach SET position = (SELECT min(position) FROM reach)"
    case .countBelowKept: "UPDATE feed SET event_count = 1"
    case .checkpointsLost: "UPDATE feed SET checkpoints = x''"
    // An added `sharing` row is a group of its own, listed in `alone` so that every replay
    // reads it.
    case .sharingPastTheEnd:
      """
      INSERT INTO sharing VALUES (1000000, 99999, x'41', 1000000);
      INSERT INTO alone VALUES (1000000)
      """
    case .sharingLineAsText:
      """
      INSERT INTO sharing SELECT 1000000, (coalesce(max(line), 0) + 1) || 'abc', x'41', 1000000
      FROM sharing;
      INSERT INTO alone VALUES (1000000)
      """
    case .sharingUIDAsText:
      """
      INSERT INTO sharing
      SELECT 1000000, coalesce(max(line), 0) + 1, 'A', 1000000
      FROM sharing;
      INSERT INTO alone VALUES (1000000)
      """
    case .feedCountAsText: "UPDATE feed SET event_count = 'many'"
    case .reachLineAsText: "UPDATE reach SET line = line || 'x'"
    case .olderVersion:
      "UPDATE feed SET version = version - 1; DELETE FROM reach; DELETE FROM always"
    default: nil
    }
  }

  /// For the cases that add a `sharing` row: the SQL that counts it (none once rebuilt).
  var addedRow: String? {
    switch self {
    case .sharingPastTheEnd, .sharingLineAsText, .sharingUIDAsText:
      "SELECT count(*) FROM sharing WHERE position = 1000000"
    default: nil
    }
  }

  func apply(to indexFile: String, folder: String) throws {
    if let statement {
      let queue = try DatabaseQueue(path: indexFile)
      try queue.write { try $0.execute(sql: statement) }
      try queue.close()
      return
    }
    switch self {
    case .overwrittenMiddle, .overwrittenHeader:
      let handle = try #require(FileHandle(forUpdatingAtPath: indexFile))
      let size = try handle.seekToEnd()
      try handle.seek(toOffset: self == .overwrittenHeader ? 0 : size / 2)
      try handle.write(contentsOf: Data(repeating: 0xA5, count: 4_096))
      try handle.close()
    case .truncated:
      let handle = try #require(FileHandle(forUpdatingAtPath: indexFile))
      let size = try handle.seekToEnd()
      try handle.truncate(atOffset: size / 2)
      try handle.close()
    case .empty:
      try Data().write(to: URL(fileURLWithPath: indexFile))
    case .foreignText:
      try "not an index\n".write(toFile: indexFile, atomically: false, encoding: .utf8)
    case .linesShifted, .oneEventAtTwoLines, .countBelowKept, .checkpointsLost,
      .sharingPastTheEnd, .sharingLineAsText, .sharingUIDAsText,
      .feedCountAsText, .reachLineAsText, .olderVersion:
      return
    case .foreignDatabase:
      // A real SQLite file of someone else's: an index of an older format looks the same.
      let other = TestSupport.sample("family.ics")
      try FileManager.default.removeItem(atPath: indexFile)
      let place = IndexPlace.file(indexFile)
      _ = try IndexedFeed.load(path: other, options: ImportOptions(), place: place)
    }
  }
}

extension IndexAnswer {
  /// The events read, from the counts line.
  var readCount: Int {
    guard let line = lines.first(where: { $0.hasPrefix("name ") }),
      let range = line.range(of: " read ")
    else { return -1 }
    return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? -1
  }
}
