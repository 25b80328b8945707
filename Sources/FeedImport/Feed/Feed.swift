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
/// (`Libical/`), so a feed may be queried from several tasks at once.
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
  /// VEVENTs the pre-filter passed over and libical never read (a duplicate among them that
  /// was settled from the scan's keys counts in ``eventsDuplicate`` instead; a folder, which
  /// cannot be read again at an offset, reads such events again with libical, so the same
  /// events may pass over fewer there).
  public let eventsPassedOver: Int
  /// The window the pre-filter kept events for, when one was set.
  public let window: ClosedRange<Day>?

  let options: ImportOptions
  let calendars: [FeedCalendar]
  let records: RecordList
  /// Per series (UID): the master's index and the overrides' indices, in file order.
  let series: [Series]
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
  /// A URL fails with ``ImportError/unavailable(source:reason:)`` on an error status, a host
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
      var byteSource = ByteSource(folder: folder)
      var notes: [ImportWarning] = []
      if let text = folder.unreadableColor {
        notes.append(
          ImportWarning(
            source: path + "/color", line: 1, uid: nil,
            message: "\"\(text)\" is not a colour (#rrggbb); left out"))
      }
      try self.init(
        byteSource: &byteSource, source: path, fallbackName: location.fallbackName,
        options: options,
        reopen: { () throws(ImportError) -> ByteSource in
          ByteSource(folder: folder)
        }, givenName: folder.displayName, givenColor: folder.color, notes: notes)
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
    var (conflicts, duplicates) = loader.conflictingUIDs()
    let again = try (conflicts.isEmpty && duplicates.isEmpty) ? nil : reopen()
    if !duplicates.isEmpty {
      // Passed-over overrides of one instance: settled from the keys the scan kept, without
      // libical, when the input can be read at an offset (for the UID's text).
      if let source = again, source.readsAtOffsets {
        conflicts.formUnion(try loader.decideDuplicates(for: duplicates, from: source))
      } else {
        conflicts.formUnion(duplicates)
      }
    }
    if !conflicts.isEmpty {
      // A passed-over event shares its UID with another in a way that matters (a duplicate, a
      // THISANDFUTURE override…): read again the passed-over events of those UIDs, so that the
      // layout is exactly the one without the pre-filter. Only those events are read, at the
      // lines the scan recorded; the whole feed only when the input cannot be read at an offset
      // (a folder).
      if var again {
        if again.readsAtOffsets, let lines = loader.linesToReadAgain(for: conflicts) {
          try loader.readAgain(lines: lines, keys: conflicts, from: again)
        } else {
          try loader.readAgain(for: conflicts, from: &again)
        }
        if let problem = loader.strictProblem { throw problem }
      }
    }
    // The scan's keys of passed-over events have done their work; let them go before the
    // grouping's tables are built.
    loader.releaseScanKeys()
    // Taken out of the loader, so that dropping duplicates compacts the one list in place.
    var records = loader.takeRecords()
    let (series, duplicatesRead, warningsRead) = Feed.group(
      &records, dropped: loader.droppedRepeats.sorted { $0.line < $1.line }, source: source)
    // Each list is in line order and worded up to the limit: the first of both together.
    var duplicateWarnings = Feed.merge(warningsRead, loader.byteDuplicates)
    let duplicatesUnworded =
      duplicatesRead + loader.byteDuplicateCount
      - min(duplicateWarnings.count, FeedLoader.warningLimit)
    if duplicatesUnworded > 0 {
      duplicateWarnings.removeLast(max(0, duplicateWarnings.count - FeedLoader.warningLimit))
      duplicateWarnings.append(
        (
          nil,
          ImportWarning(
            source: source, line: nil, uid: nil,
            message: "\(duplicatesUnworded) more duplicate(s) not listed one by one")
        ))
    }
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
    self.eventsDuplicate = duplicatesRead + loader.byteDuplicateCount
    self.eventsPassedOver = loader.eventsPassedOver
    self.window = options.window
    self.options = options
    self.calendars = loader.calendars
    self.records = records
    self.series = series
    self.parsedInReplay = Mutex(loader.parsed)
  }

  /// Drops exact repeats and groups overrides with their masters.
  ///
  /// Duplicates (same UID and same RECURRENCE-ID, or both without one): the one with the highest
  /// SEQUENCE wins; on a tie, the first in the file.
  ///
  /// Each warning comes with the line of the VEVENT whose reading found the duplicate.
  ///
  /// `dropped` are the repeats the loader did not keep (``FeedLoader/dropsAsRepeat(_:)``), in
  /// line order: each is folded in at its line as its record would have been (it never wins),
  /// so the counts and warnings are those of every record.
  ///
  /// `records` are compacted in place when duplicates are dropped: pass them without keeping a
  /// copy, and a million records cost no second list.
  static func group(
    _ records: inout RecordList, dropped: [DroppedRepeat] = [], source: String
  ) -> ([Series], Int, [(foundAt: Int, earlier: Int, warning: ImportWarning)]) {
    /// The record (index) or dropped repeat in use for a UID and RECURRENCE-ID so far.
    struct Used {
      let index: Int?
      let sequence: Int
      let line: Int

      /// The place of a UID and RECURRENCE-ID not met before.
      static let none = Used(index: nil, sequence: 0, line: Int.min)
    }
    /// A UID and RECURRENCE-ID (nil: none), without a string made of both for each record.
    struct Instance: Hashable {
      let uid: ExactText
      let recurrence: Int64?
    }
    // At its final size from the start: growing, it would hold the old table and one twice
    // its size at once.
    var chosen: [Instance: Used] = [:]
    chosen.reserveCapacity(records.count + dropped.count)
    var keep = [Bool](repeating: true, count: records.count)
    var warnings: [(foundAt: Int, earlier: Int, warning: ImportWarning)] = []
    var duplicates = 0
    /// Folds one record (`index`) or dropped repeat (nil) in, in line order.
    func fold(uid: String, recurrence: Int64?, sequence: Int, line: Int, index: Int?) {
      let key = Instance(uid: ExactText(uid), recurrence: recurrence)
      let this = Used(index: index, sequence: sequence, line: line)
      // One lookup of the key: its place is taken as it is read (a UID is hashed once).
      var earlier = Used.none
      func settle(_ slot: inout Used) {
        earlier = slot
        if slot.line == Used.none.line || slot.sequence < sequence { slot = this }
      }
      settle(&chosen[key, default: .none])
      guard earlier.line != Used.none.line else { return }
      duplicates += 1
      let winner = earlier.sequence >= sequence ? earlier : this
      let loser = winner.line == earlier.line ? this : earlier
      if let lost = loser.index { keep[lost] = false }
      // Only the first of them are worded (``FeedLoader/warningLimit``); the rest are counted.
      guard warnings.count < FeedLoader.warningLimit else { return }
      warnings.append(
        (
          line, winner.line,
          ImportWarning(
            source: source, line: loser.line, uid: uid,
            message: Feed.repeatsMessage(earlier: "line \(winner.line)")
          )
        ))
    }
    var next = dropped.startIndex
    /// Folds the dropped repeats before `line` in.
    func foldDropped(before line: Int) {
      while next < dropped.endIndex, dropped[next].line < line {
        let repeated = dropped[next]
        fold(
          uid: repeated.uid, recurrence: repeated.recurrence, sequence: repeated.sequence,
          line: repeated.line, index: nil)
        next += 1
      }
    }
    // Fields read in place: a copy of each record costs a retain of every reference it holds.
    for index in records.indices where !records[index].uid.isEmpty {
      let line = records[index].line
      foldDropped(before: line)
      let allDay = records[index].allDay
      fold(
        uid: records[index].uid,
        recurrence: records[index].recurrenceId.map { SeriesExpander.key(of: $0, allDay: allDay) },
        sequence: records[index].sequence, line: line, index: index)
    }
    foldDropped(before: Int.max)
    chosen = [:]
    if keep.contains(false) {
      // Kept records moved forward in order, in the same array.
      var kept = 0
      for index in 0..<records.count where keep[index] {
        if kept != index { records.swapAt(kept, index) }
        kept += 1
      }
      records.truncate(to: kept)
    }
    var seriesIndex: [ExactText: Int] = Dictionary(minimumCapacity: records.count)
    var series: [Series] = []
    for index in records.indices {
      let uid = records[index].uid
      let key = ExactText(uid.isEmpty ? "\u{0}\(index)" : uid)
      // One lookup of the UID: a new one takes the next place as it is read.
      let next = series.count
      func place(_ slot: inout Int) -> Int {
        if slot < 0 { slot = next }
        return slot
      }
      let position = place(&seriesIndex[key, default: -1])
      if position == next { series.append(Series(master: nil, overrides: [])) }
      if records[index].recurrenceId != nil {
        series[position].overrides.append(index)
      } else if series[position].master == nil {
        series[position].master = index
      } else {
        // Two masters with one UID but different content: lay both out as their own series.
        series.append(Series(master: index, overrides: []))
      }
    }
    for position in series.indices {
      let members = ([series[position].master].compactMap { $0 } + series[position].overrides)
      series[position].reach = Series.reach(of: members.map { records[$0].reach })
    }
    return (series, duplicates, warnings)
  }

  /// The duplicate warnings of libical's records and of the scan's keys, in the order of the
  /// lines that found them: the order of one reading of every event.
  static func merge(
    _ one: [(foundAt: Int, earlier: Int, warning: ImportWarning)],
    _ other: [(foundAt: Int, earlier: Int, warning: ImportWarning)]
  ) -> [(earlier: Int?, warning: ImportWarning)] {
    let both = other.isEmpty ? one : (one + other).sorted { $0.foundAt < $1.foundAt }
    return both.map { (Optional($0.earlier), $0.warning) }
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
