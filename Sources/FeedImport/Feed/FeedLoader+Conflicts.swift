import LaneLayout

/// Which passed-over events matter after all: those whose UID another event shares in a way
/// that changes the layout.
extension FeedLoader {
  /// The UIDs (as ``uidKey(_:)``) of events the pre-filter passed over that share their UID
  /// with another event in a way that changes the layout: a duplicate (another event without
  /// RECURRENCE-ID, passed over or kept) or a THISANDFUTURE override, which can move the
  /// passed-over series' instances anywhere; and see ``overrideConflicts()``. Overrides that
  /// only replace one instance far from the window do not matter.
  ///
  /// `duplicates` are the UIDs, not among `conflicts`, whose only link is passed-over
  /// overrides of one instance written alike: ``decideDuplicates(for:from:)`` settles them from
  /// their byte-level keys, without libical.
  mutating func conflictingUIDs() -> (conflicts: Set<Int>, duplicates: Set<Int>) {
    var (conflicts, duplicates) = overrideConflicts()
    if !tally.passedOver.uids.isEmpty {
      // Sorted in place: a copy of a big feed's passed-over keys would add to the peak.
      KeySort.sort(&tally.passedOver.uids, carrying: &tally.passedOver.lines)
      let passed = tally.passedOver.uids
      // Passed-over events without RECURRENCE-ID that repeat a UID among themselves only:
      // duplicates, settled from their keys (``decideDuplicates(for:from:)``).
      var repeated: Set<Int> = []
      for index in passed.indices.dropFirst() where passed[index] == passed[index - 1] {
        repeated.insert(passed[index])
      }
      for index in records.indices
      where !records[index].uid.isEmpty
        && (records[index].recurrenceId == nil || records[index].thisAndFuture)
      {
        let key = FeedLoader.uidKey(records[index].uid)
        if Bisection.contains(key, in: passed) { conflicts.insert(key) }
      }
      duplicates.formUnion(repeated.subtracting(conflicts))
    }
    duplicates.subtract(conflicts)
    return (conflicts, duplicates)
  }

  /// The UIDs of passed-over overrides that meet a kept event of their series in a way that
  /// changes the layout: a THISANDFUTURE override; a master that is cancelled, does not recur
  /// (its instance then shows a RECURRENCE-ID), or whose replaced instance would last into the
  /// window; or a kept override of the same instance (a duplicate).
  ///
  /// Two passed-over overrides that may replace one instance are duplicates: in `duplicates`
  /// when their RECURRENCE-ID is written alike and their SEQUENCE was read, else a conflict.
  private func overrideConflicts() -> (conflicts: Set<Int>, duplicates: Set<Int>) {
    let passedOverOverrides = tally.passedOver.overrides
    guard let window = options.window, !passedOverOverrides.isEmpty else { return ([], []) }
    var conflicts: Set<Int> = []
    var duplicates: Set<Int> = []
    // The overrides in (UID, replaced day) order, by their indices, ties in file order: a
    // sorted copy of the overrides themselves would add to the peak memory of a big feed.
    var order = Array(passedOverOverrides.indices)
    order.sort {
      let (one, other) = (passedOverOverrides[$0], passedOverOverrides[$1])
      return (one.uid, one.replacedDay, $0) < (other.uid, other.replacedDay, $1)
    }
    // Two passed-over overrides of one instance: duplicates, counted as such without the filter.
    for position in order.indices.dropFirst() {
      let (one, other) = (
        passedOverOverrides[order[position - 1]], passedOverOverrides[order[position]]
      )
      guard one.uid == other.uid, Int(other.replacedDay) - Int(one.replacedDay) <= 1 else {
        continue
      }
      if one.instanceKey == other.instanceKey, one.sequence >= 0, other.sequence >= 0 {
        duplicates.insert(other.uid)
      } else {
        conflicts.insert(other.uid)
      }
    }
    /// Whether some passed-over override has the UID `key` (bisection of `order`).
    func overridden(_ key: Int) -> Bool {
      let low = Bisection.lowerBound(of: key, count: order.count) {
        passedOverOverrides[order[$0]].uid
      }
      return low < order.count && passedOverOverrides[order[low]].uid == key
    }
    var kept: [Int: [Int]] = [:]
    for index in records.indices where !records[index].uid.isEmpty {
      let key = FeedLoader.uidKey(records[index].uid)
      if overridden(key) { kept[key, default: []].append(index) }
    }
    guard !kept.isEmpty else { return (conflicts, duplicates) }
    for override in passedOverOverrides {
      for index in kept[override.uid] ?? [] {
        let record = records[index]
        let matters: Bool
        if record.thisAndFuture {
          matters = true
        } else if let recurrenceId = record.recurrenceId {
          let day = recurrenceId.dayValue
          matters = day.map { abs($0.ordinal - Int(override.replacedDay)) <= 1 } ?? true
        } else if record.cancelled || !record.recurs {
          matters = true
        } else {
          let lengthDays =
            max(0, record.length.days) + (max(0, record.length.seconds) + 86_399) / 86_400
          matters = ZoneMargin.mayMeet(
            Int(override.replacedDay), Int(override.replacedDay) + lengthDays, window)
        }
        if matters { conflicts.insert(override.uid) }
      }
    }
    return (conflicts, duplicates)
  }
}
