import FeedImport
import Testing

/// The outcomes a replay keeps, in buffers of `KeptOutcomes.chunkSize` bytes: each is found by
/// its line, whole, whatever buffer it landed in.
struct KeptOutcomesTests {
  /// The bytes of the outcome at `line` in these tests: a pattern of its own length.
  static func outcome(line: Int, count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: line &* 31 &+ $0) }
  }

  @Test func outcomesAcrossBuffersAreFoundWhole() {
    var kept = KeptOutcomes()
    var added: [(line: Int, count: Int)] = []
    // Lines out of order, lengths from nothing to past a buffer's size.
    var line = 1
    for index in 0..<3_000 {
      let count = index == 1_000 ? 3 * (64 << 10) + 5 : (index * 37) % 700
      let at = index % 2 == 0 ? line : 1_000_000 - line
      added.append((at, count))
      let bytes = KeptOutcomesTests.outcome(line: at, count: count)
      bytes.withUnsafeBytes { kept.add(line: at, $0) }
      line += 3
    }
    // A second outcome for a line already kept is not the one found.
    [UInt8](repeating: 0xFF, count: 10).withUnsafeBytes { kept.add(line: added[5].line, $0) }
    #expect(kept.count == 3_001)
    for sorted in [false, true] {
      if sorted { kept.sortByLine() }
      for (at, count) in added {
        let found = kept[at].map(Array.init)
        #expect(found == KeptOutcomesTests.outcome(line: at, count: count), "line \(at)")
      }
      #expect(kept[2] == nil)
      #expect(kept[999_999] == nil)
    }
  }
}
