/// Sorts the 64-bit UID keys of passed-over events (a million for a million-event feed) in
/// ascending `Int` order, in place: a radix sort on their bytes, most significant first
/// ("American flag" sort), which needs no second array and, on hash values, finishes in about
/// two passes where a comparison sort takes twenty.
enum KeySort {
  static func sort(_ keys: inout [Int]) {
    var none: [UInt32] = []
    sort(&keys, carrying: &none)
  }

  /// Sorts `keys` and moves each element of `companion` (empty, or as long as `keys`) along
  /// with its key.
  static func sort(_ keys: inout [Int], carrying companion: inout [UInt32]) {
    precondition(companion.isEmpty || companion.count == keys.count)
    keys.withUnsafeMutableBufferPointer { buffer in
      companion.withUnsafeMutableBufferPointer { carried in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 512) { scratch in
          sort(
            buffer, carried.isEmpty ? nil : carried, from: 0, to: buffer.count, shift: 56,
            scratch: scratch)
        }
      }
    }
  }

  /// The byte of `key` at `shift`, with the sign bit flipped so that byte order is `Int` order.
  private static func digit(_ key: Int, _ shift: Int) -> Int {
    Int(truncatingIfNeeded: ((UInt64(bitPattern: Int64(key)) ^ (1 << 63)) >> UInt64(shift)) & 0xFF)
  }

  private static func sort(
    _ keys: UnsafeMutableBufferPointer<Int>, _ carried: UnsafeMutableBufferPointer<UInt32>?,
    from low: Int, to high: Int, shift: Int, scratch: UnsafeMutableBufferPointer<Int>
  ) {
    if high - low <= 24 {
      // Insertion sort for short runs.
      var index = low + 1
      while index < high {
        let value = keys[index]
        let along = carried?[index] ?? 0
        var place = index
        while place > low, keys[place - 1] > value {
          keys[place] = keys[place - 1]
          carried?[place] = carried?[place - 1] ?? 0
          place -= 1
        }
        keys[place] = value
        carried?[place] = along
        index += 1
      }
      return
    }
    // scratch[0..<256]: the next free place of each bucket; scratch[256..<512]: its end.
    for bucket in 0..<256 { scratch[256 + bucket] = 0 }
    for index in low..<high { scratch[256 + digit(keys[index], shift)] += 1 }
    var start = low
    for bucket in 0..<256 {
      scratch[bucket] = start
      start += scratch[256 + bucket]
      scratch[256 + bucket] = start
    }
    for bucket in 0..<256 {
      while scratch[bucket] < scratch[256 + bucket] {
        let value = keys[scratch[bucket]]
        let target = digit(value, shift)
        if target == bucket {
          scratch[bucket] += 1
        } else {
          keys[scratch[bucket]] = keys[scratch[target]]
          keys[scratch[target]] = value
          if let carried { carried.swapAt(scratch[bucket], scratch[target]) }
          scratch[target] += 1
        }
      }
    }
    guard shift > 0 else { return }
    // The buckets' ends, before the recursion reuses the scratch space.
    var ends: [Int] = []
    ends.reserveCapacity(256)
    for bucket in 0..<256 { ends.append(scratch[256 + bucket]) }
    var bucketStart = low
    for end in ends {
      if end - bucketStart > 1 {
        sort(keys, carried, from: bucketStart, to: end, shift: shift - 8, scratch: scratch)
      }
      bucketStart = end
    }
  }
}
