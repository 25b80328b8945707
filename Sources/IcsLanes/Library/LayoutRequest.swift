import FeedImport
import LaneLayout

/// Everything one layout run needs: the feeds, the months, the view options and how the feeds
/// are read. ``CalendarSource/layOut(_:)`` loads the feeds for exactly these months (events that
/// cannot touch them are passed over unparsed, or read through an index) and lays them out.
///
/// ```swift
/// var request = try LayoutRequest(
///   feeds: [FeedInput("family.ics"), FeedInput("team.ics", name: "Team")],
///   first: YearMonth(year: 2024, month: 8)!, count: 3,
///   options: MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday))
/// request.index = .automatic
/// let result = try CalendarSource.layOut(request)
/// ```
public struct LayoutRequest: Sendable {
  /// The most months one request lays out.
  public static let maximumMonthCount = 1_200

  /// The feeds, merged in every layout in this order.
  public var feeds: [FeedInput]
  /// The first month.
  public var first: YearMonth
  /// How many consecutive months, from ``first``: 1 to ``maximumMonthCount``.
  public var count: Int
  /// The display zone, week start, lane cap and rule, outside days, filter and colours.
  public var options: MonthViewOptions
  /// How each feed is read: strictness, the occurrence and step caps, the network timeout.
  /// Its `window`, `calendarName`, `calendarColor` and `progress` are set for each feed from
  /// this request.
  public var importOptions: ImportOptions
  /// Whether events that cannot touch the months are passed over unparsed (the default); off,
  /// every event is parsed (for checking the pre-filter: the layouts are the same).
  public var prefilter = true
  /// Where feed files and folders keep an index that later requests read instead of the whole
  /// feed; nil reads without one. A URL keeps its body and the server's validators beside its
  /// index when the index is a folder (the server is still asked each time; a 304 answers from
  /// the kept body). Standard input, bytes, and URLs with an index file are read without one.
  public var index: FeedIndexLocation?
  /// Told how far the loading has gone, from any thread.
  public var progress: (@Sendable (LoadProgress) -> Void)?

  /// A request for `count` months from `first`.
  ///
  /// - Throws: as ``validate()`` does.
  public init(
    feeds: [FeedInput], first: YearMonth, count: Int = 1,
    options: MonthViewOptions, importOptions: ImportOptions = ImportOptions()
  ) throws(IcsLanesError) {
    self.feeds = feeds
    self.first = first
    self.count = count
    self.options = options
    self.importOptions = importOptions
    try validate()
  }

  /// The months, in order.
  public var months: [YearMonth] {
    (0..<max(1, count)).compactMap { first.adding(months: $0) }
  }

  /// Checks the request; ``CalendarSource/layOut(_:)`` checks it again before loading anything.
  ///
  /// - Throws: ``IcsLanesError/invalidMonthCount(_:)`` when ``count`` is outside 1 to
  ///   ``maximumMonthCount``, ``IcsLanesError/invalidMaxLanes(_:)`` when the lane cap is below
  ///   1, ``IcsLanesError/monthsPastLastYear(first:count:)`` when the months run past 9999-12,
  ///   and ``IcsLanesError/indexFileForManyFeeds(index:feedFiles:)`` when ``index`` is one file
  ///   and more than one feed is a file or a folder.
  public func validate() throws(IcsLanesError) {
    guard (1...LayoutRequest.maximumMonthCount).contains(count) else {
      throw .invalidMonthCount(count)
    }
    try options.validate()
    guard first.adding(months: count - 1) != nil else {
      throw .monthsPastLastYear(first: first, count: count)
    }
    if case .file(let path) = index {
      let files = feeds.filter {
        guard case .location(let argument) = $0.content else { return false }
        switch FeedLocation(argument: argument) {
        case .file, .folder: return true
        case .url, .standardInput: return false
        }
      }
      guard files.count <= 1 else {
        throw .indexFileForManyFeeds(index: path, feedFiles: files.count)
      }
    }
  }

  /// The months, zone, options, filter and colours, as `MonthLayouter` reads them.
  var monthRequest: MonthRequest {
    options.request(first: first, count: count)
  }
}

/// How far ``CalendarSource/layOut(_:)`` has gone loading a request's feeds.
public enum LoadProgress: Sendable, Equatable {
  /// `bytesRead` of the feed named `feed` (``FeedInput/shortName``) are read, of `totalBytes`
  /// when known.
  case reading(feed: String, bytesRead: Int, totalBytes: Int?)
  /// Every feed is loaded (or one failed); the layout begins.
  case loaded
}
