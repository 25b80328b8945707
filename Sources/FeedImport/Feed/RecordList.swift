import ICalBridge

/// The ``EventRecord``s of a load, in blocks of a fixed size rather than one array.
///
/// One growing array doubles: while it grows it holds the old buffer and one twice its size at
/// once, and it may end up half empty. Blocks are allocated at their final size as they are
/// needed, so the records never cost more than themselves and a block, and none is ever copied
/// to grow.
///
/// Indices are positions from 0, as in an array.
struct RecordList: RandomAccessCollection, MutableCollection {
  /// Records per block: a block stays under the mmap threshold the command sets, so it comes
  /// from the heap.
  static let blockSize = 1 << blockShift
  private static let blockShift = 10
  private static let blockMask = blockSize - 1

  private var blocks: [[EventRecord]] = []
  /// How many records the list holds.
  private(set) var count = 0

  init() {}

  init<Records: Sequence<EventRecord>>(_ records: Records) {
    for record in records { append(record) }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> EventRecord {
    // Out of range traps in the blocks' own bounds checks, as an array's subscript would.
    // Read in place (`records[index].uid` copies the UID, not the whole record and the dozen
    // references it holds); changed in place.
    _read { yield blocks[position >> Self.blockShift][position & Self.blockMask] }
    _modify { yield &blocks[position >> Self.blockShift][position & Self.blockMask] }
  }

  /// Adds a record at the end.
  mutating func append(_ record: EventRecord) {
    if count & Self.blockMask == 0 {
      var block: [EventRecord] = []
      block.reserveCapacity(Self.blockSize)
      blocks.append(block)
    }
    blocks[blocks.count - 1].append(record)
    count += 1
  }

  /// Keeps the first `newCount` records and drops the rest, with the blocks they leave empty.
  mutating func truncate(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "record count out of range")
    let blocksKept = (newCount + Self.blockMask) >> Self.blockShift
    blocks.removeSubrange(blocksKept...)
    if let last = blocks.indices.last {
      blocks[last].removeSubrange((newCount - last * Self.blockSize)...)
    }
    count = newCount
  }

  /// Puts the records in line order (stable), copying nothing when they already are.
  mutating func sortByLine() {
    guard indices.dropFirst().contains(where: { self[$0].line < self[$0 - 1].line }) else {
      return
    }
    // The order worked out on indices and applied in place, cycle by cycle: a sorted copy of
    // the records and a new list made from it would hold every record three times at once.
    let lines = map(\.line)
    var order = Array(indices)
    order.sort { (lines[$0], $0) < (lines[$1], $1) }
    for start in order.indices where order[start] != start {
      // Position `current` takes the record at `order[current]`; each is moved once.
      let first = self[start]
      var current = start
      while true {
        let next = order[current]
        order[current] = current
        if next == start {
          self[current] = first
          break
        }
        self[current] = self[next]
        current = next
      }
    }
  }
}
