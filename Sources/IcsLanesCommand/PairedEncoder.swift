import IcsLanes
import LaneLayout

/// Writes the JSON of several months two at a time, one on each of two threads: the months of a
/// `--months` run are independent values, and writing their JSON is a good part of such a run.
///
/// The bytes are exactly those of writing them one after the other: each month's object one
/// level deep, after the array's separator.
enum PairedEncoder {
  /// The array elements of `layouts` (the first of the whole array when `first`), in order.
  static func elements(of layouts: [MonthLayout], first: Bool) -> [[UInt8]] {
    concurrentMap(layouts.count) { index in
      var bytes = Array((first && index == 0 ? "  " : ",\n  ").utf8)
      JSONLayoutRenderer.write(layouts[index], indent: 1, into: &bytes)
      return bytes
    }
  }
}
