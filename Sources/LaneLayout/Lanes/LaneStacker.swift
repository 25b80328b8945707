/// Assigns the segments of one week row to lanes, using a 7-bit occupancy mask per lane.
///
/// First-fit asks for the lowest lane whose mask does not meet the segment's mask. Lanes are kept
/// in 128 min-heaps, one per occupancy value, so each placement checks at most 128 heap tops
/// instead of every lane: a row with thousands of lanes stays linear in its segments.
struct LaneStacker {
  private(set) var occupancy: [UInt8] = []
  private var heaps = [MinHeap](repeating: MinHeap(), count: 128)

  /// The mask of columns `first…last` (0–6).
  static func mask(first: Int, last: Int) -> UInt8 {
    var mask: UInt8 = 0
    for column in first...last { mask |= 1 << UInt8(column) }
    return mask
  }

  /// Places `mask` in the lowest lane where it fits and returns that lane.
  mutating func placeFirstFit(_ mask: UInt8) -> Int {
    var best = occupancy.count
    for value in 0..<128 where UInt8(value) & mask == 0 {
      while let top = heaps[value].top, occupancy[top] != UInt8(value) {
        heaps[value].pop()
      }
      if let top = heaps[value].top, top < best { best = top }
    }
    take(lane: best, mask: mask)
    return best
  }

  /// Places `mask` in `lane` when it is free there and returns true; else changes nothing.
  mutating func place(_ mask: UInt8, preferring lane: Int) -> Bool {
    if lane < occupancy.count, occupancy[lane] & mask != 0 { return false }
    take(lane: lane, mask: mask)
    return true
  }

  private mutating func take(lane: Int, mask: UInt8) {
    while occupancy.count <= lane {
      occupancy.append(0)
      heaps[0].push(occupancy.count - 1)
    }
    occupancy[lane] |= mask
    heaps[Int(occupancy[lane])].push(lane)
  }
}

/// A binary min-heap of lane indices.
struct MinHeap {
  private var items: [Int] = []

  var top: Int? { items.first }

  mutating func push(_ value: Int) {
    items.append(value)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child] < items[parent] else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() {
    guard !items.isEmpty else { return }
    items.swapAt(0, items.count - 1)
    items.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < items.count, items[left] < items[smallest] { smallest = left }
      if right < items.count, items[right] < items[smallest] { smallest = right }
      if smallest == parent { return }
      items.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
