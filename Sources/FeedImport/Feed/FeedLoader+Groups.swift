import ICalBridge
import LaneLayout

/// Which passed-over events are read after all: a UID group is read whole or not at all.
extension FeedLoader {
  /// The UIDs (as ``uidKey(_:)``) of the events read that some passed-over event shares: those
  /// passed-over events are read too, so that libical and ``Feed/group(_:dropped:source:)``
  /// settle the group (its master, overrides and duplicates) as with no pre-filter. A kept
  /// event's key is that of the UID libical read; a passed-over event's UID reads the same for
  /// the scan and libical (``EventFacts/uidReadOtherwise``).
  mutating func keptGroupsPassedOver() -> Set<Int> {
    guard !tally.passedOver.uids.isEmpty else { return [] }
    // Sorted in place: a copy of a big feed's passed-over keys would add to the peak.
    KeySort.sort(&tally.passedOver.uids, carrying: &tally.passedOver.lines)
    var groups: Set<Int> = []
    for index in records.indices where !records[index].uid.isEmpty {
      let key = FeedLoader.uidKey(records[index].uid)
      if Bisection.contains(key, in: tally.passedOver.uids) { groups.insert(key) }
    }
    return groups
  }
}
