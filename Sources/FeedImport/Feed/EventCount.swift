/// How the events of one series are counted on a window: the one owner of that rule, which
/// the series' layout (``SeriesLayout``), a series that cannot reach the window
/// (``Feed/countOutside(_:into:)``) and the months of one expansion (``Feed/hand(_:of:to:meeting:)``)
/// all count through.
///
/// A cancelled master cancels its whole series (itself and every override); otherwise each
/// record (the master, each override) is cancelled when its STATUS says so, shown when one of
/// its occurrences meets the window, and outside otherwise.
struct EventCount {
  /// The record indices that have an occurrence on the window.
  private var shown: [Int] = []
  /// The same as a set, once there are more than a few (a series with thousands of
  /// overrides would make the list quadratic).
  private var shownSet: Set<Int>?

  /// No record shown yet.
  init() {}

  /// Notes that the record at `index` has an occurrence on the window.
  mutating func show(_ index: Int) {
    if shownSet != nil {
      shownSet?.insert(index)
      return
    }
    if shown.last == index || shown.contains(index) { return }
    shown.append(index)
    if shown.count > 8 { shownSet = Set(shown) }
  }

  /// Whether the record at `index` has an occurrence on the window.
  func isShown(_ index: Int) -> Bool {
    if let shownSet { return shownSet.contains(index) }
    return shown.contains(index)
  }

  /// Adds the counts of `entry`'s events to `batch`.
  func add(_ entry: Feed.Series, records: [EventRecord], to batch: inout SpanBatch) {
    if let master = entry.master {
      if records[master].cancelled {
        batch.eventsCancelled += 1 + entry.overrides.count
        return
      }
      count(master, to: &batch)
    }
    for override in entry.overrides {
      if records[override].cancelled {
        batch.eventsCancelled += 1
      } else {
        count(override, to: &batch)
      }
    }
  }

  private func count(_ index: Int, to batch: inout SpanBatch) {
    if isShown(index) { batch.eventsShown += 1 } else { batch.eventsOutside += 1 }
  }
}
