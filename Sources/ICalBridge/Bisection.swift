/// Bisection over positions whose keys ascend: the one search the loader's key lists and a
/// series' instances share.
///
/// Public and inlinable, though no product exports it, so that the later targets' hot loops
/// get it inlined and specialized: Swift inlines across targets only what is public.
public enum Bisection {
  /// The first position in `0..<count` whose key (`keyAt`, ascending with the position) is not
  /// below `key`; `count` when there is none.
  @inlinable @inline(__always)
  public static func lowerBound<Key: Comparable>(
    of key: Key, count: Int, keyAt: (Int) -> Key
  ) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if keyAt(middle) < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether `values`, ascending, hold `value`.
  @inlinable
  public static func contains<Key: Comparable>(_ value: Key, in values: [Key]) -> Bool {
    let low = lowerBound(of: value, count: values.count) { values[$0] }
    return low < values.count && values[low] == value
  }
}
