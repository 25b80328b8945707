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
    // One buffer for every month: it grows to the biggest month's JSON and is reused.
    var bytes = Array("[\n".utf8)
    var index = 0
    try MonthLayouter.layOut(feeds, request: settings.request) { layout, warnings in
      defer { index += 1 }
      expansionWarnings += warnings
      // One array element: a separator, then the object one level deep.
      bytes.append(contentsOf: (index == 0 ? "  " : ",\n  ").utf8)
      JSONLayoutRenderer.write(layout, indent: 1, into: &bytes)
      try StandardOutput.write(bytes)
      bytes.removeAll(keepingCapacity: true)
      var summary = layout
      summary.weeks = []
      statsLines.append(summary)
    }
    bytes.append(contentsOf: "\n]\n".utf8)
    try StandardOutput.write(bytes)
    Diagnostics.printWarnings(
      IcsLanesCommand.importWarnings(feeds) + expansionWarnings.map(\.description))
    if command.stats {
      for layout in statsLines { Diagnostics.printStats(layout) }
    }
  }
}
