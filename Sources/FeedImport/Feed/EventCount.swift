/// How the events of one series are counted on a window: the one owner of that rule, which
/// the series' layout (``SeriesLayout``), a series that cannot reach the window
/// (``Feed/countOutside(_:into:)``) and the months of one expansion (``Feed/hand(_:of:to:meeting:)``)
/// all count through.
///
/// A cancelled master cancels its whole series (itself and every override); otherwise each
/// record (the master, each override) is cancelled when its STATUS says so, shown when one of
/// its occurrences meets the window, and outside otherwise.
struct EventCount {
  /// The first record index with an occurrence on the window (-1: none yet), kept inline so
  /// that the usual series (one record shown) allocates nothing.
  private var first = -1
  /// The other record indices with an occurrence on the window.
  private var others: [Int] = []
  /// The same as a set, once there are more than a few (a series with thousands of
  /// overrides would make the list quadratic).
  private var othersSet: Set<Int>?

  /// No record shown yet.
  init() {}

  /// Notes that the record at `index` has an occurrence on the window.
  mutating func show(_ index: Int) {
    if index == first { return }
    if first < 0 {
      first = index
      return
    }
    if othersSet != nil {
      othersSet?.insert(index)
      return
    }
    if others.last == index || others.contains(index) { return }
    others.append(index)
    if others.count > 8 { othersSet = Set(others) }
  }

  /// Whether the record at `index` has an occurrence on the window.
  func isShown(_ index: Int) -> Bool {
    if index == first { return true }
    if let othersSet { return othersSet.contains(index) }
    return others.contains(index)
  }

  /// Adds the counts of `entry`'s events to `batch`.
  func add(_ entry: Feed.Series, records: RecordList, to batch: inout SpanBatch) {
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
