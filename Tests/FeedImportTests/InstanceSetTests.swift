import Testing

@testable import FeedImport
@testable import Recurrence
@testable import ICalBridge

/// ``InstanceSet`` keeps a series' instances in an array while they come in key order and in a
/// dictionary once one does not: whatever the order of puts, removals and lookups, it must
/// answer as the dictionary the expansion kept before.
@Suite struct InstanceSetTests {
  static func instance(_ key: Int64, _ tag: Int) -> SeriesInstance {
    var start = WallTime.null
    start.second = Int32(tag)
    return SeriesInstance(start: start, explicitEnd: nil, key: key)
  }

  @Test func answersAsADictionary() {
    var random = SeededRandom(state: 16)
    var outOfOrder = 0
    for round in 0..<2_000 {
      var set = InstanceSet()
      var model: [Int64: SeriesInstance] = [:]
      // Mostly ascending keys, as a rule gives them, with repeats, removals and some going back.
      var next: Int64 = Int64(random.next(50)) - 25
      for step in 0..<random.next(60) {
        let back = random.next(round % 4 == 0 ? 3 : 20) == 0
        let key = back ? next - Int64(random.next(40)) : next
        next += Int64(random.next(3))
        let instance = random.next(6) == 0 ? nil : Self.instance(key, step)
        #expect(set.contains(key) == (model[key] != nil))
        if random.next(2) == 0 || instance == nil {
          set.set(instance, at: key)
          model[key] = instance
        } else if !set.contains(key) {
          set.set(instance, at: key)
          model[key] = instance
        }
        if back { outOfOrder += 1 }
        #expect(set.count == model.count)
      }
      let expected = model.values.sorted { $0.key < $1.key }
      #expect(set.sorted().map(\.key) == expected.map(\.key))
      #expect(set.sorted().map(\.start.second) == expected.map(\.start.second))
    }
    #expect(outOfOrder > 1_000)
  }
}
