import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// `--format json` with several months: lays the months out one at a time and writes each as
/// soon as it is ready, so that memory holds one month's layout and JSON, not all of them.
///
/// The bytes are those of the whole array written at once: each month's pretty-printed object,
/// indented one level, between `[` and `]`. Warnings follow the output (they are only known
/// once every month is expanded); `--strict` does not stream, so that it can fail first.
struct MonthStream {
  let command: IcsLanesCommand
  let settings: CommandSettings

  func run() throws {
    let feeds = try command.loadFeeds(settings)
    var expansionWarnings: [ImportWarning] = []
    var statsLines: [MonthLayout] = []
    try StandardOutput.write(Array("[\n".utf8))
    // Months are written two at a time, their JSON made on two threads.
    var pending: [MonthLayout] = []
    var written = 0
    func flush() throws {
      if pending.contains(where: { MonthStream.segments(of: $0) > MonthStream.pairedSegments }) {
        // A big month is written as it is made, on this thread: two big months' JSON made at
        // once would be tens of megabytes in memory.
        for layout in pending {
          var bytes = Array((written == 0 ? "  " : ",\n  ").utf8)
          var failure: Error?
          JSONLayoutRenderer.stream(layout, indent: 1, into: &bytes) { chunk in
            guard failure == nil else { return }
            do { try StandardOutput.write(chunk) } catch { failure = error }
          }
          if let failure { throw failure }
          try StandardOutput.write(bytes)
          written += 1
        }
      } else {
        for element in PairedEncoder.elements(of: pending, first: written == 0) {
          try StandardOutput.write(element)
        }
        written += pending.count
      }
      pending.removeAll()
    }
    // The months are expanded in blocks whose occurrences stay within a budget: every
    // occurrence of a block is held until its month is laid out. A block's layouts are those of
    // the months one by one, whatever the blocks.
    let months = settings.request.months
    var next = 0
    var block = MonthStream.firstBlock(months.count, feeds: feeds)
    while next < months.count {
      var request = settings.request
      request.months = Array(months[next..<min(months.count, next + block)])
      var occurrences = 0
      try MonthLayouter.layOut(feeds, request: request) { layout, warnings in
        expansionWarnings += warnings
        occurrences += layout.stats?.occurrences ?? 0
        var summary = layout
        summary.weeks = []
        statsLines.append(summary)
        pending.append(layout)
        if pending.count == 2 { try flush() }
      }
      next += request.months.count
      let perMonth = max(1, occurrences / request.months.count)
      block = max(1, MonthStream.occurrenceBudget / perMonth)
    }
    try flush()
    try StandardOutput.write(Array("\n]\n".utf8))
    Diagnostics.printWarnings(
      IcsLanesCommand.importWarnings(feeds) + expansionWarnings.map(\.description))
    if command.stats {
      for layout in statsLines { Diagnostics.printStats(layout) }
    }
  }

  /// About how many occurrences a block of months may hold (some 350 bytes each).
  static let occurrenceBudget = 40_000

  /// How many months are expanded first: all of them for feeds of fewer than 300,000 events;
  /// two for bigger ones, whose occurrences per month then size the later blocks.
  static func firstBlock(_ months: Int, feeds: [Feed]) -> Int {
    feeds.reduce(0) { $0 + $1.eventsRead } < 300_000 ? months : min(months, 2)
  }

  /// Months with more segments than this are written as they are made rather than two at once.
  static let pairedSegments = 20_000

  /// How many segments `layout` has.
  static func segments(of layout: MonthLayout) -> Int {
    layout.weeks.reduce(0) { sum, week in week.lanes.reduce(sum) { $0 + $1.count } }
  }
}
