import Foundation

/// Integers kept in an index as one BLOB: each a little-endian 64-bit integer, one after the
/// other (a feed's line checkpoints, a folder's layout).
enum PackedIntegers {
  /// The bytes of `values`.
  static func data(_ values: [Int]) -> Data {
    var data = Data(capacity: values.count * 8)
    for value in values {
      withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) }
    }
    return data
  }

  /// The integers of `data`, whose count must be a multiple of `width`; nil when it is not.
  static func integers(_ data: Data, width: Int = 1) -> [Int]? {
    guard data.count % (8 * width) == 0 else { return nil }
    return data.withUnsafeBytes { raw in
      (0..<(raw.count / 8)).map { index in
        Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * index, as: Int64.self)))
      }
    }
  }
}
