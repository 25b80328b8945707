import ICalBridge

/// The instances of one series found so far, one per key (RFC 5545 3.8.5.3: duplicate
/// instances are one), handed back in key order.
///
/// Instances mostly come in key order (DTSTART, then a rule's instances one after another): they
/// are kept in an array, each new last one appended, so that a weekly series costs no hashing.
/// The first instance that comes out of order (an RDATE, a second RRULE, a start moved out of a
/// DST gap past the next one) moves the set into a dictionary, as it was always kept before.
package struct InstanceSet {
  /// The instances in key order, while they came in order.
  private var ordered: [SeriesInstance] = []
  /// Every instance by its key, once one came out of order.
  private var byKey: [Int64: SeriesInstance]?

  /// How many instances the set holds.
  var count: Int { byKey?.count ?? ordered.count }

  /// Whether an instance with `key` is in the set.
  func contains(_ key: Int64) -> Bool {
    if let byKey { return byKey[key] != nil }
    return position(of: key) != nil
  }

  /// Puts `instance` in the set under its key, in place of one there; nil removes the one
  /// there.
  mutating func set(_ instance: SeriesInstance?, at key: Int64) {
    if byKey == nil {
      if let instance, ordered.last.map({ $0.key < key }) ?? true {
        // Room for a month of a weekly series at once, not grown 1, 2, 4, 8.
        if ordered.isEmpty { ordered.reserveCapacity(8) }
        ordered.append(instance)
        return
      }
      if let instance, let index = position(of: key) {
        ordered[index] = instance
        return
      }
      if instance == nil, position(of: key) == nil { return }
      byKey = Dictionary(uniqueKeysWithValues: ordered.map { ($0.key, $0) })
      ordered = []
    }
    byKey?[key] = instance
  }

  /// The instances in key order.
  func sorted() -> [SeriesInstance] {
    guard let byKey else { return ordered }
    return byKey.values.sorted { $0.key < $1.key }
  }

  /// The index of the instance with `key` in ``ordered``, found by bisection.
  private func position(of key: Int64) -> Int? {
    let low = Bisection.lowerBound(of: key, count: ordered.count) { ordered[$0].key }
    return low < ordered.count && ordered[low].key == key ? low : nil
  }
}
