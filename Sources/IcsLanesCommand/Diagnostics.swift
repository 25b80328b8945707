import Foundation
import IcsLanes
import LaneLayout

/// Warnings and stats on stderr.
enum Diagnostics {
  /// How much of the warnings is shown: set once from `--quiet` and `--verbose` before the run
  /// reads anything, read after.
  nonisolated(unsafe) static var mode = WarningMode.summary

  /// The command's own warnings (each a kind of its own).
  static func printWarnings(_ warnings: [String]) {
    printWarnings(warnings.map(WarningReport.item))
  }

  /// The library's warnings.
  static func printWarnings(_ warnings: [LayoutWarning]) {
    printWarnings(warnings.map(WarningReport.item))
  }

  static func printWarnings(_ items: [WarningReport.Item]) {
    for line in WarningReport.lines(items, mode: mode) {
      write("icslanes: warning: \(TerminalText.sanitize(line))")
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
