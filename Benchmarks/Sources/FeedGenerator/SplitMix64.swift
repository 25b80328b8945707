/// Small, fast, seedable PRNG (SplitMix64). The feed generator never touches
/// system randomness, so the same arguments always produce the same bytes.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  @inline(__always)
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform integer in `0..<bound` (bound > 0), via the high half of a
  /// 64x64-bit multiply.
  @inline(__always)
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// Uniform integer in the closed range.
  @inline(__always)
  mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// True with probability `permille / 1000`.
  @inline(__always)
  mutating func chance(permille: Int) -> Bool {
    below(1000) < permille
  }

  @inline(__always)
  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }
}
