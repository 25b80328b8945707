import FeedImport
import FeedIndex
import LaneLayout

extension CalendarSource {
  /// Loads the request's feeds for its months and lays every month out: the one path from a
  /// request to layouts, which the `icslanes` command takes too.
  ///
  /// Unless ``LayoutRequest/prefilter`` is off, events that cannot touch the months are passed
  /// over unparsed; with ``LayoutRequest/index`` set, feed files are read through their index.
  /// The feeds are let go before this returns.
  ///
  /// - Throws: as ``LayoutRequest/validate()`` does; ``IcsLanesError/feed(source:error:)`` for
  ///   the first feed that cannot be loaded, and, with `importOptions.strict`, for the first
  ///   warning met expanding a month (as an `ImportError.strictFailure`).
  public static func layOut(_ request: LayoutRequest) throws(IcsLanesError) -> LayoutResult {
    let (feeds, loadWarnings) = try load(request)
    let (layouts, expansion) = MonthLayouter.layOut(feeds, request: request.monthRequest)
    if request.importOptions.strict, let first = expansion.first {
      throw strictFailure(first)
    }
    return LayoutResult(
      layouts: layouts, warnings: loadWarnings + expansion.map(LayoutWarning.expansion),
      calendarNames: feeds.map(\.name))
  }

  /// Loads the request's feeds for its months, as ``layOut(_:)`` does, and hands each month's
  /// layout to `body` as soon as it is laid out, in order: memory holds the occurrences of a
  /// few months, not every layout.
  ///
  /// Months are expanded in blocks whose occurrences stay within a budget (all of them at once
  /// for feeds of fewer than 300,000 events); each layout is the one ``layOut(_:)`` gives.
  ///
  /// - Returns: the warnings and calendar names; `layouts` is empty (they went to `body`).
  /// - Throws: what ``layOut(_:)`` throws, and what `body` throws. With `importOptions.strict`,
  ///   an expansion warning throws after the layouts before it were handed over.
  public static func layOut(_ request: LayoutRequest, each body: (MonthLayout) throws -> Void)
    throws -> LayoutResult
  {
    let (feeds, loadWarnings) = try load(request)
    var expansion: [ImportWarning] = []
    let monthRequest = request.monthRequest
    let months = monthRequest.months
    var next = 0
    var block = firstBlock(months.count, feeds: feeds)
    var occurrences = 0
    while next < months.count {
      var part = monthRequest
      part.months = Array(months[next..<min(months.count, next + block)])
      try MonthLayouter.layOut(feeds, request: part) { layout, warnings in
        if request.importOptions.strict, let first = warnings.first {
          throw strictFailure(first)
        }
        expansion += warnings
        occurrences += layout.stats?.occurrences ?? 0
        try body(layout)
      }
      next += part.months.count
      block = nextBlock(occurrences: occurrences, months: next)
    }
    return LayoutResult(
      layouts: [], warnings: loadWarnings + expansion.map(LayoutWarning.expansion),
      calendarNames: feeds.map(\.name))
  }

  /// About how many occurrences a block of streamed months may hold (some 350 bytes each).
  static let occurrenceBudget = 40_000

  /// How many months the next block takes: as many as ``occurrenceBudget`` holds at the rate of
  /// every month laid out so far (`occurrences` in `months`), one at least. The rate of all the
  /// months so far, not of the last block: after a month without events (a term's holidays) a
  /// rate of one occurrence would open a block of every month left at once.
  static func nextBlock(occurrences: Int, months: Int) -> Int {
    let perMonth = max(1, occurrences / max(1, months))
    return max(1, occurrenceBudget / perMonth)
  }

  /// How many months are expanded first: all of them for feeds of fewer than 300,000 events;
  /// two for bigger ones, whose occurrences per month then size the later blocks.
  static func firstBlock(_ months: Int, feeds: [Feed]) -> Int {
    feeds.reduce(0) { $0 + $1.eventsRead } < 300_000 ? months : min(months, 2)
  }

  /// An expansion warning as the failure `--strict` makes of it.
  static func strictFailure(_ warning: ImportWarning) -> IcsLanesError {
    var message = warning.message
    if let uid = warning.uid, !uid.isEmpty { message = "event \(uid): " + message }
    return .feed(
      source: warning.source,
      error: .strictFailure(source: warning.source, line: warning.line, message: message))
  }

  /// Every feed of `request` loaded for its months, with their warnings and skipped events.
  static func load(_ request: LayoutRequest) throws(IcsLanesError) -> (
    feeds: [Feed], warnings: [LayoutWarning]
  ) {
    try request.validate()
    let window = request.prefilter ? request.monthRequest.window : nil
    let place = request.index.map(\.place)
    let progress = request.progress
    defer { progress?(.loaded) }
    var feeds: [Feed] = []
    var warnings: [LayoutWarning] = []
    for input in request.feeds {
      var options = request.importOptions
      options.window = window
      options.calendarName = input.name
      options.calendarColor = input.color
      if let progress {
        let name = input.shortName
        options.progress = { read, total in
          progress(.reading(feed: name, bytesRead: read, totalBytes: total))
        }
      }
      let feed: Feed
      do {
        switch input.content {
        case .bytes(let bytes, let name):
          feed = try Feed(bytes: bytes, name: name, options: options)
        case .location(let argument):
          let location = FeedLocation(argument: argument)
          if let place {
            feed = try IndexedFeed.load(location: location, options: options, place: place)
          } else {
            feed = try Feed(location: location, options: options)
          }
        }
      } catch {
        throw .feed(source: input.source, error: error)
      }
      feeds.append(feed)
      warnings += feed.warnings.map(LayoutWarning.load)
      warnings += feed.skipped.map { LayoutWarning.skipped(source: feed.source, event: $0) }
    }
    return (feeds, warnings)
  }
}
