import Foundation
import IcsLanes
import LaneLayout

/// Warnings and stats on stderr.
enum Diagnostics {
  /// At most this many warnings are printed; the rest are counted.
  static let warningLimit = 50

  static func printWarnings(_ warnings: [String]) {
    for warning in warnings.prefix(warningLimit) {
      write("icslanes: warning: \(TerminalText.sanitize(warning))")
    }
    if warnings.count > warningLimit {
      write("icslanes: warning: … and \(warnings.count - warningLimit) more warning(s)")
    }
  }

  static func printStats(_ layout: MonthLayout) {
    guard let stats = layout.stats else { return }
    let filtered = stats.eventsFiltered > 0 ? " + \(stats.eventsFiltered) filtered out" : ""
    write(
      "icslanes: \(layout.month): \(stats.eventsRead) events read = \(stats.eventsShown) shown + \(stats.eventsOutside) outside the month + \(stats.eventsCancelled) cancelled + \(stats.eventsSkipped) skipped + \(stats.eventsDuplicate) duplicate\(filtered); \(stats.occurrences) occurrences in \(stats.segments) segments"
    )
  }

  static func write(_ line: String) {
    StandardError.write(line + "\n")
  }
}
