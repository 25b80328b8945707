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
    var statsLines: [MonthLayout] = []
    // `[` once the feeds are loaded (the first month arrives): a feed that fails to load
    // leaves standard output empty.
    var opened = false
    func open() throws {
      guard !opened else { return }
      opened = true
      try StandardOutput.write(Array("[\n".utf8))
    }
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
    let (request, progress) = command.requestWithProgress(settings)
    let result: LayoutResult
    do {
      defer { progress.finish() }
      result = try CalendarSource.layOut(request) { layout in
        try open()
        var summary = layout
        summary.weeks = []
        statsLines.append(summary)
        pending.append(layout)
        if pending.count == 2 { try flush() }
      }
    } catch let error as IcsLanesError {
      throw CommandFailure(error)
    }
    try open()
    try flush()
    try StandardOutput.write(Array("\n]\n".utf8))
    command.printWarnings(result)
    if command.stats {
      for layout in statsLines { Diagnostics.printStats(layout) }
    }
  }

  /// Months with more segments than this are written as they are made rather than two at once,
  /// so that the JSON of two big months is never held at the same time.
  static let pairedSegments = 4_000

  /// How many segments `layout` has.
  static func segments(of layout: MonthLayout) -> Int {
    layout.weeks.reduce(0) { sum, week in week.lanes.reduce(sum) { $0 + $1.count } }
  }
}
