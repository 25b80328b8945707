import Testing

@testable import FeedImport

/// The radix sort of passed-over UID keys gives exactly `sorted()`'s order.
@Suite struct KeySortTests {
  @Test func radixOrderIsIntOrder() {
    var random = SeededRandom(state: 99)
    var shapes: [[Int]] = [[], [5], [3, -1], Array(repeating: 7, count: 100)]
    shapes.append((0..<1_000).map { $0 })
    shapes.append((0..<1_000).map { 1_000 - $0 })
    shapes.append([Int.min, Int.max, 0, -1, 1, Int.min, Int.max])
    for count in [30, 300, 5_000, 70_000] {
      // Hash-like keys, keys that share their high bytes, and many repeats.
      shapes.append((0..<count).map { _ in Int(truncatingIfNeeded: random.next()) })
      shapes.append((0..<count).map { _ in Int(truncatingIfNeeded: random.next() >> 40) - 8_000 })
      shapes.append((0..<count).map { _ in Int(truncatingIfNeeded: random.next() % 17) })
    }
    for shape in shapes {
      var keys = shape
      KeySort.sort(&keys)
      #expect(keys == shape.sorted(), "\(shape.count) keys")
      // With a companion (the lines of passed-over events): each element moves with its key.
      var carried = keys.isEmpty ? [] : (0..<shape.count).map { UInt32($0) }
      keys = shape
      KeySort.sort(&keys, carrying: &carried)
      #expect(keys == shape.sorted(), "\(shape.count) keys with a companion")
      #expect(carried.indices.allSatisfy { shape[Int(carried[$0])] == keys[$0] })
      #expect(Set(carried).count == shape.count)
    }
  }
}
