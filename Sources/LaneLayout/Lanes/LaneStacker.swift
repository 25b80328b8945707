/// Assigns the segments of one week row to lanes, using a 7-bit occupancy mask per lane.
///
/// First-fit asks for the lowest lane whose mask does not meet the segment's mask. The lanes are
/// the leaves of a segment tree whose nodes hold, as a 128-bit set, every mask that fits some
/// lane below them; lanes past the last used one count as empty. A placement walks from the
/// root to the leftmost leaf that fits, then updates the path back up: O(log lanes), so a row
/// with thousands of lanes stays fast.
struct LaneStacker {
  private(set) var occupancy: [UInt8] = []
  /// Node 1 is the root; node n has children 2n and 2n+1; leaves start at `leafCount`.
  private var tree: [MaskSet] = []
  private var leafCount = 0

  /// A set of 7-bit masks.
  struct MaskSet: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    func contains(_ mask: UInt8) -> Bool {
      mask < 64 ? (low >> UInt64(mask)) & 1 == 1 : (high >> UInt64(mask - 64)) & 1 == 1
    }

    static func | (lhs: MaskSet, rhs: MaskSet) -> MaskSet {
      MaskSet(low: lhs.low | rhs.low, high: lhs.high | rhs.high)
    }
  }

  /// For each occupancy, the masks that fit a lane with it.
  static let fitting: [MaskSet] = (0..<128).map { occupied in
    var set = MaskSet()
    for mask in 0..<128 where mask & occupied == 0 {
      if mask < 64 { set.low |= 1 << UInt64(mask) } else { set.high |= 1 << UInt64(mask - 64) }
    }
    return set
  }

  /// The mask of columns `first…last` (0–6).
  static func mask(first: Int, last: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: (1 << (last + 1)) - (1 << first))
  }

  /// Empties every lane, keeping the storage for the next row.
  mutating func removeAll() {
    guard !occupancy.isEmpty else { return }
    occupancy.removeAll(keepingCapacity: true)
    for node in tree.indices { tree[node] = LaneStacker.fitting[0] }
  }

  /// Places `mask` in the lowest lane where it fits and returns that lane.
  mutating func placeFirstFit(_ mask: UInt8) -> Int {
    // An unused lane always fits: make sure the tree has one.
    reserve(lanes: occupancy.count + 1)
    var node = 1
    while node < leafCount {
      node = tree[2 * node].contains(mask) ? 2 * node : 2 * node + 1
    }
    let lane = node - leafCount
    take(lane: lane, mask: mask)
    return lane
  }

  /// Places `mask` in `lane` when it is free there and returns true; else changes nothing.
  mutating func place(_ mask: UInt8, preferring lane: Int) -> Bool {
    if lane < occupancy.count, occupancy[lane] & mask != 0 { return false }
    reserve(lanes: lane + 1)
    take(lane: lane, mask: mask)
    return true
  }

  private mutating func take(lane: Int, mask: UInt8) {
    while occupancy.count <= lane { occupancy.append(0) }
    occupancy[lane] |= mask
    var node = leafCount + lane
    tree[node] = LaneStacker.fitting[Int(occupancy[lane])]
    node /= 2
    // Up to the first node whose set does not change: the ones above it stay as they are.
    while node >= 1 {
      let merged = tree[2 * node] | tree[2 * node + 1]
      if merged == tree[node] { break }
      tree[node] = merged
      node /= 2
    }
  }

  /// Grows the tree (doubling) until it has at least `lanes` leaves.
  private mutating func reserve(lanes: Int) {
    guard lanes > leafCount else { return }
    var count = max(leafCount, 16)
    while count < lanes { count *= 2 }
    leafCount = count
    tree = [MaskSet](repeating: LaneStacker.fitting[0], count: 2 * count)
    for (lane, occupied) in occupancy.enumerated() {
      tree[count + lane] = LaneStacker.fitting[Int(occupied)]
    }
    for node in stride(from: count - 1, through: 1, by: -1) {
      tree[node] = tree[2 * node] | tree[2 * node + 1]
    }
  }
}
