import FeedImport
import FeedIndex
import LaneLayout

/// One or more iCalendar feeds, loaded once, that lay out any month or range of months.
///
/// The feeds' events are merged in every layout, each tagged with its feed's calendar name.
/// Loading reads every event unless `ImportOptions.window` is set, so one load serves every
/// month; with a window, months outside it miss the events the pre-filter passed over.
///
/// ```swift
/// let source = try CalendarSource(contentsOf: "family.ics")
/// let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday)
/// let august = try source.layOut(month: "2024-08", options: options)
/// ```
///
/// Opened with an index (``init(contentsOf:index:options:)``), a source of feed files loads, for
/// each layout, only the events that can touch its months, from an index kept beside the feeds'
/// data: the first opening surveys each file once, and every month after costs milliseconds.
public struct CalendarSource: Sendable {
  /// The loaded feeds, in the order given; none for a source opened with an index, which loads
  /// its feeds anew for each layout.
  public let feeds: [Feed]
  /// The indexed feed files, their index's place and the options they load with.
  private let indexed: (paths: [String], place: IndexPlace, options: ImportOptions)?

  /// A source of feeds loaded already.
  public init(feeds: [Feed]) {
    self.feeds = feeds
    indexed = nil
  }

  /// Opens the feed files and folders at `paths` with an index at `index`, built (or rebuilt,
  /// when a file changed) here; each layout then reads from each feed only the events that can
  /// touch its months, with the same result as a source loaded without an index. A folder of
  /// `.ics` files is surveyed again whole when any of its files is added, taken away or changed.
  ///
  /// A path may also be a URL (`http`, `https`, `webcal`): with a folder index its body is kept
  /// there beside the server's `ETag` and `Last-Modified`, and each layout asks the server
  /// whether it changed (a 304 answers from the kept body and its index). A URL with an index
  /// file is loaded without an index.
  ///
  /// `options.window` is not used: each layout sets its own.
  ///
  /// - Throws: ``IcsLanesError/feed(source:error:)`` for the first feed that cannot be loaded.
  public init(
    contentsOf paths: [String], index: FeedIndexLocation, options: ImportOptions = ImportOptions()
  ) throws(IcsLanesError) {
    let place = index.place
    var opening = options
    // A window of one day long ago (1 January of year 1): builds or checks each index, and
    // reads almost nothing.
    opening.window = Day(ordinal: -719_162)...Day(ordinal: -719_162)
    for path in paths {
      do {
        _ = try IndexedFeed.load(
          location: FeedLocation(argument: path), options: opening, place: place)
      } catch {
        throw .feed(source: path, error: error)
      }
    }
    feeds = []
    indexed = (paths, place, options)
  }

  /// The feeds to lay `request` out from: the loaded ones, or each indexed file loaded for the
  /// request's months.
  private func feeds(for request: MonthRequest) throws(IcsLanesError) -> [Feed] {
    guard let indexed else { return feeds }
    var options = indexed.options
    options.window = request.window
    var loaded: [Feed] = []
    for path in indexed.paths {
      do {
        loaded.append(
          try IndexedFeed.load(
            location: FeedLocation(argument: path), options: options, place: indexed.place))
      } catch {
        throw .feed(source: path, error: error)
      }
    }
    return loaded
  }

  /// Loads the feed at `path`, whatever the command takes: a file, a folder of `.ics` files (one
  /// calendar), an `http`, `https` or `webcal` URL (fetched once), or `-` for standard input.
  ///
  /// - Throws: ``IcsLanesError/feed(source:error:)`` when the feed cannot be read or holds no
  ///   iCalendar data (or, with `ImportOptions.strict`, has any problem).
  public init(contentsOf path: String, options: ImportOptions = ImportOptions())
    throws(IcsLanesError)
  {
    try self.init(contentsOf: [path], options: options)
  }

  /// Loads the feeds at `paths`, in order, each as ``init(contentsOf:options:)-(String,_)``
  /// loads one.
  ///
  /// - Throws: ``IcsLanesError/feed(source:error:)`` for the first feed that cannot be loaded.
  public init(contentsOf paths: [String], options: ImportOptions = ImportOptions())
    throws(IcsLanesError)
  {
    var feeds: [Feed] = []
    for path in paths {
      do {
        feeds.append(try Feed(location: FeedLocation(argument: path), options: options))
      } catch {
        throw .feed(source: path, error: error)
      }
    }
    self.init(feeds: feeds)
  }

  /// Loads a feed from bytes in memory; `name` names it in messages and is its calendar name
  /// when the feed has no X-WR-CALNAME.
  ///
  /// - Throws: ``IcsLanesError/feed(source:error:)`` when the bytes hold no iCalendar data.
  public init(bytes: [UInt8], name: String = "feed", options: ImportOptions = ImportOptions())
    throws(IcsLanesError)
  {
    do {
      self.init(feeds: [try Feed(bytes: bytes, name: name, options: options)])
    } catch {
      throw .feed(source: name, error: error)
    }
  }

  /// Loads a feed from iCalendar text; `name` as for ``init(bytes:name:options:)``.
  ///
  /// - Throws: ``IcsLanesError/feed(source:error:)`` when the text holds no iCalendar data.
  public init(text: String, name: String = "feed", options: ImportOptions = ImportOptions())
    throws(IcsLanesError)
  {
    try self.init(bytes: Array(text.utf8), name: name, options: options)
  }

  /// Problems met while loading that lost nothing, or lost one event (listed in every layout's
  /// `MonthLayout.skipped`), in feed order (none for a source opened with an index).
  ///
  /// Problems met while expanding a month (an event with more occurrences than
  /// `ImportOptions.maximumOccurrencesPerEvent`) are not kept here:
  /// ``result(from:count:options:)`` returns them with the layouts.
  public var warnings: [ImportWarning] {
    feeds.flatMap(\.warnings)
  }

  /// The layout of `month`, with the skipped events, the stats and the calendars.
  ///
  /// - Throws: ``IcsLanesError/invalidMaxLanes(_:)`` when the lane cap is below 1.
  public func layOut(_ month: YearMonth, options: MonthViewOptions)
    throws(IcsLanesError) -> MonthLayout
  {
    try options.validate()
    let request = options.request(first: month)
    return MonthLayouter.layOut(try feeds(for: request), month: month, request: request).layout
  }

  /// The layout of the month written `YYYY-MM`.
  ///
  /// - Throws: ``IcsLanesError/invalidMonth(_:)`` when `month` is not such a month, and as
  ///   ``layOut(_:options:)`` does.
  public func layOut(month: String, options: MonthViewOptions)
    throws(IcsLanesError) -> MonthLayout
  {
    guard let parsed = YearMonth(iso: month) else { throw .invalidMonth(month) }
    return try layOut(parsed, options: options)
  }

  /// The layouts of `count` consecutive months from `first`, in order, from this one load.
  ///
  /// - Throws: ``IcsLanesError/invalidMonthCount(_:)`` when `count` is outside 1 to
  ///   ``LayoutRequest/maximumMonthCount``, ``IcsLanesError/monthsPastLastYear(first:count:)``
  ///   when the range runs past 9999-12, and as ``layOut(_:options:)`` does.
  public func layOut(
    from first: YearMonth, count: Int, options: MonthViewOptions
  ) throws(IcsLanesError) -> [MonthLayout] {
    try result(from: first, count: count, options: options).layouts
  }

  /// The layouts of `count` consecutive months from `first`, as ``layOut(from:count:options:)``
  /// gives them, with every warning: the feeds' loading warnings and skipped events, then those
  /// met expanding the months.
  ///
  /// - Throws: as ``layOut(from:count:options:)`` does.
  public func result(
    from first: YearMonth, count: Int, options: MonthViewOptions
  ) throws(IcsLanesError) -> LayoutResult {
    guard (1...LayoutRequest.maximumMonthCount).contains(count) else {
      throw .invalidMonthCount(count)
    }
    guard first.adding(months: count - 1) != nil else {
      throw .monthsPastLastYear(first: first, count: count)
    }
    try options.validate()
    let request = options.request(first: first, count: count)
    let feeds = try feeds(for: request)
    let (layouts, expansion) = MonthLayouter.layOut(feeds, request: request)
    let loaded = feeds.flatMap { feed in
      feed.warnings.map(LayoutWarning.load)
        + feed.skipped.map { LayoutWarning.skipped(source: feed.source, event: $0) }
    }
    return LayoutResult(
      layouts: layouts, warnings: loaded + expansion.map(LayoutWarning.expansion),
      calendarNames: feeds.map(\.name))
  }

  /// The twelve layouts of `year`, January first.
  ///
  /// - Throws: ``IcsLanesError/invalidYear(_:)`` when `year` is outside 1–9999, and as
  ///   ``layOut(_:options:)`` does.
  public func layOut(year: Int, options: MonthViewOptions)
    throws(IcsLanesError) -> [MonthLayout]
  {
    guard let january = YearMonth(year: year, month: 1) else { throw .invalidYear(year) }
    return try layOut(from: january, count: 12, options: options)
  }
}
