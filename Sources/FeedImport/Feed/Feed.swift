import FeedScan
import Foundation
import LaneLayout
import Synchronization

/// A loaded iCalendar feed: its events read once, ready to be expanded for any window of days.
///
/// Loading streams the input component by component, so memory follows the events kept, not the
/// file. With ``ImportOptions/window`` set, events that cannot touch the window are passed over
/// without being parsed. On a machine with several cores, an input over a megabyte (or of unknown
/// size) is scanned on the calling thread while a worker thread parses what the scan keeps, in file
/// order, so the result is the same. All libical work is confined behind the door's lock
/// (`ICalBridge`), so a feed may be queried from several tasks at once.
public final class Feed: @unchecked Sendable {
  /// The file path, or the name given for bytes.
  public let source: String
  /// The calendar's name: ``ImportOptions/calendarName`` when set, else a folder's
  /// `displayname`, else X-WR-CALNAME of its first VCALENDAR, else the file's (folder's, URL's)
  /// name.
  public let name: String
  /// The calendar's colour as `#rrggbb`: ``ImportOptions/calendarColor`` when set, else a
  /// folder's `color` file, else COLOR (RFC 7986) or X-APPLE-CALENDAR-COLOR of its first
  /// VCALENDAR that has one; nil leaves the colour to the view.
  public let color: String?
  /// Problems that lost nothing, or lost an event listed in ``skipped``.
  public let warnings: [ImportWarning]
  /// Events that could not be used.
  public let skipped: [SkippedEvent]
  /// VEVENT components read (overrides, duplicates and skipped ones included).
  public let eventsRead: Int
  /// VEVENTs that repeat an earlier one's UID and RECURRENCE-ID; only one of each is used.
  public let eventsDuplicate: Int
  /// VEVENTs the pre-filter passed over and libical never read: the events of the UID groups
  /// none of whose events can touch the window (a group is read whole or not at all).
  public let eventsPassedOver: Int
  /// The window the pre-filter kept events for, when one was set.
  public let window: ClosedRange<Day>?

  let options: ImportOptions
  let calendars: [FeedCalendar]
  let records: RecordList
  /// Per series (UID): the master's index and the overrides' indices, in file order.
  let series: [Series]
  /// The series by the days they can reach.
  let reachIndex: SeriesReachIndex
  /// The outcomes libical gave for the kept events a replay read (``ParsedOutcome``), until
  /// ``takeParsedInReplay()`` hands them to the index.
  private let parsedInReplay: Mutex<[(line: Int, outcome: [UInt8])]>

  /// The outcomes libical gave for the events a replay from an index read and parsed, by line,
  /// for the index to keep; each is handed out once.
  package func takeParsedInReplay() -> [(line: Int, outcome: [UInt8])] {
    parsedInReplay.withLock { kept in
      defer { kept = [] }
      return kept
    }
  }

  struct Series {
    var master: Int?
    var overrides: [Int]
    /// The days any occurrence of the series can touch; nil when unbounded.
    var reach: ClosedRange<Int>? = nil
  }

  /// Loads the feed at `path` (`-` reads standard input).
  public convenience init(contentsOf path: String, options: ImportOptions = ImportOptions())
    throws(ImportError)
  {
    if path == "-" {
      // Kept in a temporary file first, so that it is read as any file is.
      var input = ByteSource.standardInput()
      let spooled = try ByteSource.spooled(&input) { .unreadable(path: "stdin", reason: $0) }
      var byteSource = spooled
      try self.init(
        byteSource: &byteSource, source: "stdin", fallbackName: "stdin", options: options,
        reopen: { () throws(ImportError) -> ByteSource in spooled.continuing(at: 0) })
      return
    }
    var byteSource = try ByteSource(path: path)
    try self.init(
      byteSource: &byteSource, source: path, fallbackName: FeedLocation.file(path).fallbackName,
      options: options,
      reopen: { () throws(ImportError) -> ByteSource in try ByteSource(path: path) })
  }

  /// Loads the file at `path` as the feed `location` (a URL whose body was kept in that file):
  /// messages name `location`, and the calendar's fallback name is its.
  package convenience init(
    contentsOf path: String, as location: FeedLocation, options: ImportOptions
  )
    throws(ImportError)
  {
    var byteSource = try ByteSource(path: path)
    try self.init(
      byteSource: &byteSource, source: location.source, fallbackName: location.fallbackName,
      options: options,
      reopen: { () throws(ImportError) -> ByteSource in try ByteSource(path: path) })
  }

  /// Loads the feed at `location`: a file, standard input, a folder of `.ics` files (one
  /// calendar) or a URL, fetched once into a temporary file and read from there.
  ///
  /// A URL fails with `ImportError.unavailable(source:reason:)` on an error status, a host
  /// not found, a refused connection, a TLS failure, or no data for
  /// ``ImportOptions/networkTimeout`` seconds; redirects are followed and gzip bodies decoded.
  public convenience init(location: FeedLocation, options: ImportOptions = ImportOptions())
    throws(ImportError)
  {
    switch location {
    case .standardInput, .file:
      try self.init(
        contentsOf: location == .standardInput ? "-" : location.source, options: options)
    case .folder(let path):
      let folder = try CalendarFolder(path: path)
      try self.init(folder: folder, stream: FolderStream(folder: folder), options: options)
    case .url(let url):
      let source = location.source
      let timeout = options.networkTimeout
      var body = try ByteSource(url: url, source: source, timeout: timeout)
      let spooled = try ByteSource.spooled(&body) { .unavailable(source: source, reason: $0) }
      var byteSource = spooled
      try self.init(
        byteSource: &byteSource, source: source, fallbackName: location.fallbackName,
        options: options,
        reopen: { () throws(ImportError) -> ByteSource in spooled.continuing(at: 0) })
    }
  }

  /// `#rrggbb` (lower case) for a colour written `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha
  /// dropped), with or without `#`; nil when `text` is no such colour.
  public static func normalizedColor(_ text: String) -> String? {
    CalendarFolder.hexColor(text)
  }

  /// Loads a feed from bytes in memory; `name` names it in messages and as its calendar name.
  public convenience init(
    bytes: [UInt8], name: String = "feed", options: ImportOptions = ImportOptions()
  )
    throws(ImportError)
  {
    var byteSource = ByteSource(bytes: bytes)
    try self.init(
      byteSource: &byteSource, source: name, fallbackName: name, options: options,
      reopen: { () throws(ImportError) -> ByteSource in ByteSource(bytes: bytes) })
  }

  /// Loads a feed from text.
  public convenience init(
    text: String, name: String = "feed", options: ImportOptions = ImportOptions()
  )
    throws(ImportError)
  {
    try self.init(bytes: Array(text.utf8), name: name, options: options)
  }

  /// A way to hand a ``FeedLoader`` its parts other than scanning the bytes (a later stage's,
  /// such as an index's replay): it fills the loader from the byte source, as
  /// ``FeedLoader/load(from:)`` would.
  typealias TakeParts = (inout FeedLoader, ByteSource) throws(ImportError) -> Void

  convenience init(
    byteSource: inout ByteSource, source: String, fallbackName: String, options: ImportOptions,
    reopen: () throws(ImportError) -> ByteSource, givenName: String? = nil,
    givenColor: String? = nil, notes: [ImportWarning] = [], takeParts: TakeParts? = nil
  ) throws(ImportError) {
    // A folder's lines are counted over all its files: name the file and its own line.
    let folder = byteSource.folderStream
    do {
      try self.init(
        loading: &byteSource, source: source, fallbackName: fallbackName, options: options,
        reopen: reopen, givenName: givenName, givenColor: givenColor, notes: notes,
        folder: folder, takeParts: takeParts)
    } catch {
      guard let folder else { throw error }
      switch error {
      case .strictFailure(_, let line?, let message):
        guard let (file, fileLine) = folder.place(ofLine: line) else { throw error }
        throw .strictFailure(source: file, line: fileLine, message: message)
      case .notICalendar where !folder.skippedFiles.isEmpty:
        throw .notICalendar(source: source, detail: "none of its .ics files is iCalendar")
      default:
        throw error
      }
    }
  }

  /// The warning of a VEVENT that repeats the one at `earlier` (a line, or a line of a file).
  static func repeatsMessage(earlier: String) -> String {
    "repeats the VEVENT at \(earlier) (same UID and RECURRENCE-ID); that one is used"
  }

  private init(
    loading byteSource: inout ByteSource, source: String, fallbackName: String,
    options: ImportOptions, reopen: () throws(ImportError) -> ByteSource, givenName: String?,
    givenColor: String?, notes: [ImportWarning], folder: FolderStream?, takeParts: TakeParts?
  ) throws(ImportError) {
    var loader = FeedLoader(source: source, options: options)
    if let takeParts {
      try takeParts(&loader, byteSource)
    } else {
      try loader.load(from: &byteSource)
    }
    try Feed.readKeptGroups(&loader, reopen: reopen)
    // The scan's keys of passed-over events have done their work; let them go before the
    // grouping's tables are built.
    loader.releaseScanKeys()
    // Taken out of the loader, so that dropping duplicates compacts the one list in place.
    var records = loader.takeRecords()
    let (series, duplicatesRead, warningsRead) = Feed.group(
      &records, dropped: loader.droppedRepeats.sorted { $0.line < $1.line }, source: source)
    var duplicateWarnings = Feed.duplicateWarnings(warningsRead, duplicatesRead, source: source)
    let fileNotes =
      folder?.skippedFiles.map { skipped in
        ImportWarning(source: skipped.file, line: nil, uid: nil, message: skipped.reason)
      } ?? []
    if options.strict, let first = fileNotes.first {
      throw .strictFailure(source: first.source, line: nil, message: first.message)
    }
    if options.strict, let first = duplicateWarnings.first {
      throw .strictFailure(source: source, line: first.warning.line, message: first.warning.message)
    }
    self.source = source
    self.name =
      options.calendarName ?? givenName
      ?? loader.calendars.lazy.compactMap(\.name).first { !$0.isEmpty } ?? fallbackName
    self.color =
      options.calendarColor.flatMap(CalendarFolder.hexColor) ?? givenColor
      ?? loader.calendars.lazy.compactMap(\.color).first
    var warnings = loader.warnings
    var skipped = loader.skipped
    if let folder {
      Feed.placeInFiles(&warnings, &skipped, &duplicateWarnings, folder: folder)
    }
    self.warnings = notes + fileNotes + warnings + duplicateWarnings.map(\.warning)
    self.skipped = skipped
    self.eventsRead = loader.eventsRead
    self.eventsDuplicate = duplicatesRead
    self.eventsPassedOver = loader.eventsPassedOver
    self.window = options.window
    self.options = options
    self.calendars = loader.calendars
    self.records = records
    self.series = series
    self.reachIndex = SeriesReachIndex(series: series, records: records)
    self.parsedInReplay = Mutex(loader.parsed)
  }

  /// Reads the passed-over events of every UID group another event of which was read, so that
  /// each group is laid out exactly as without the pre-filter: at the lines the scan recorded.
  private static func readKeptGroups(
    _ loader: inout FeedLoader, reopen: () throws(ImportError) -> ByteSource
  ) throws(ImportError) {
    let groups = loader.keptGroupsPassedOver()
    guard !groups.isEmpty else { return }
    let again = try reopen()
    guard again.readsAtOffsets, let lines = loader.linesToReadAgain(for: groups) else {
      throw .unreadable(
        path: loader.source,
        reason: "more than \(ScanTally.unknownLine - 1) lines, or not readable again")
    }
    try loader.readAgain(lines: lines, keys: groups, from: again)
    if let problem = loader.strictProblem { throw problem }
  }

  /// The duplicate warnings of the grouping (`read`, of `count` duplicates), each with the
  /// line of the VEVENT used: the first ``FeedLoader/warningLimit`` are worded, and the rest
  /// said in one line.
  private static func duplicateWarnings(
    _ read: [FoundDuplicate], _ count: Int, source: String
  ) -> [(earlier: Int?, warning: ImportWarning)] {
    var warnings = read.prefix(FeedLoader.warningLimit).map { (Optional($0.earlier), $0.warning) }
    let unworded = count - warnings.count
    guard unworded > 0 else { return warnings }
    warnings.append(
      (
        nil,
        ImportWarning(
          source: source, line: nil, uid: nil,
          message: "\(unworded) more duplicate(s) not listed one by one")
      ))
    return warnings
  }

  /// Counts a series that cannot reach the window: none of its events is shown.
  func countOutside(_ entry: Series, into batch: inout SpanBatch) {
    EventCount().add(entry, records: records, to: &batch)
  }

  /// The spans of every occurrence whose days meet `first…last` in `zone`: each event's first,
  /// and at most ``ImportOptions/maximumOccurrencesPerFeed`` more (or
  /// ``ImportOptions/sharedOccurrencesPerEventRead`` per event read, when more), from RRULE walks of at most
  /// ``ImportOptions/maximumRecurrenceStepsPerFeed`` steps (see ``SpanBatch/warnings`` for
  /// what was left out).
  public func spans(from first: Day, through last: Day, in zone: DisplayZone) -> SpanBatch {
    var batch = SpanBatch()
    var outside = reachIndex.outsideCounts
    var budget = expansionBudget()
    for index in reachIndex.series(touching: first.ordinal, last.ordinal) {
      outside.remove(SeriesReachIndex.counts(of: series[index], records: records))
      collect(series[index], from: first, through: last, in: zone, into: &batch, budget: &budget)
    }
    batch.eventsOutside += eventsPassedOver + outside.outside
    batch.eventsCancelled += outside.cancelled
    batch.warnings += budget.warnings(source: source)
    return batch
  }

  /// ``spans(from:through:in:)`` visiting every series in turn: the simple reading that
  /// ``SeriesReachIndex`` is held to.
  func spansVisitingEverySeries(from first: Day, through last: Day, in zone: DisplayZone)
    -> SpanBatch
  {
    var batch = SpanBatch()
    batch.eventsOutside = eventsPassedOver
    var budget = expansionBudget()
    for entry in series {
      collect(entry, from: first, through: last, in: zone, into: &batch, budget: &budget)
    }
    batch.warnings += budget.warnings(source: source)
    return batch
  }

  /// The occurrences and steps this feed may spend in one window.
  func expansionBudget() -> ExpansionBudget {
    ExpansionBudget(options: options, eventsRead: eventsRead)
  }
}
