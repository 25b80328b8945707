import Foundation
import IcsLanes

/// A one-line "read X MB of Y MB" on stderr while feeds load, for runs long enough to wonder
/// about: shown only when stderr is a terminal and only after ``delay`` seconds, redrawn at
/// most every ``interval`` seconds, and erased when loading ends. Otherwise it writes nothing.
final class ProgressLine: @unchecked Sendable {
  /// Seconds before the line first appears.
  static let delay = 1.0
  /// Seconds between redraws.
  static let interval = 0.1

  private let lock = NSLock()
  private let enabled: Bool
  private let started: Date
  private var lastDrawn: Date?
  private var shown = false

  /// A progress line for a run that starts now; `enabled` defaults to whether stderr is a tty.
  init(enabled: Bool = isatty(STDERR_FILENO) != 0, now: Date = Date()) {
    self.enabled = enabled
    started = now
  }

  /// The report for `bytesRead` of `total` bytes of `name`, to hand to the import.
  func reporter(for name: String) -> @Sendable (Int, Int?) -> Void {
    { [self] read, total in self.update(name: name, read: read, total: total, now: Date()) }
  }

  /// Draws the line for a report of the library's loading, or erases it once loading ends.
  @Sendable func report(_ progress: LoadProgress) {
    switch progress {
    case .reading(let feed, let read, let total):
      update(name: feed, read: read, total: total, now: Date())
    case .loaded:
      finish()
    }
  }

  /// Draws the line when it is due.
  func update(name: String, read: Int, total: Int?, now: Date) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    guard now.timeIntervalSince(started) >= ProgressLine.delay else { return }
    if let lastDrawn, now.timeIntervalSince(lastDrawn) < ProgressLine.interval { return }
    lastDrawn = now
    shown = true
    ProgressLine.write("\r\u{1B}[K" + ProgressLine.text(name: name, read: read, total: total))
  }

  /// Erases the line if it was drawn.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    guard shown else { return }
    shown = false
    ProgressLine.write("\r\u{1B}[K")
  }

  /// The progress text: the feed's name and the megabytes read, and when the size is known, of
  /// how many and what share.
  static func text(name: String, read: Int, total: Int?) -> String {
    let readText = megabytes(read)
    guard let total, total > 0 else { return "icslanes: \(name): read \(readText) MB" }
    let percent = min(100, read * 100 / total)
    return "icslanes: \(name): read \(readText) MB of \(megabytes(total)) MB (\(percent)%)"
  }

  private static func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + 500_000) / 1_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }

  private static func write(_ text: String) {
    StandardError.write(text)
  }
}
