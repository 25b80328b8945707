/// A tiny seeded generator (a 64-bit linear congruential one), so that generated test data is
/// the same on every run.
struct SeededRandom {
  var state: UInt64

  /// The next 64 bits.
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    Int((next() >> 33) % UInt64(bound))
  }
}
