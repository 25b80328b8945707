import ICalBridge

/// What libical made of kept VEVENTs, as an index keeps it (``ParsedOutcome``'s bytes), by the
/// line of each event: in a few buffers for all of them, found by bisection, instead of an array
/// and a dictionary entry for each (a month of a million-event feed takes ten thousand).
///
/// The buffers are of ``chunkSize`` bytes (an outcome longer than that has one of its own), so
/// the outcomes cost little more than their bytes: one buffer grown by doubling would hold up
/// to twice them, and three times while it grew.
package struct KeptOutcomes: Sendable {
  /// The outcomes' bytes, one after the other, in buffers of ``chunkSize`` bytes at most (but
  /// for a longer outcome).
  private var chunks: [[UInt8]] = []
  /// Each outcome's line and place in ``chunks``; in the order added until ``sortByLine()``.
  private var entries: [Entry] = []
  private var sorted = true

  /// The size of the buffers outcomes are kept in: below the mmap threshold the command sets,
  /// so that they come from the heap.
  static let chunkSize = 64 << 10

  private struct Entry: Sendable {
    let line: Int
    let chunk: Int
    let start: Int
    let count: Int
  }

  /// None.
  package init() {}

  /// Keeps `outcome`'s bytes as the VEVENT at `line`'s. An outcome added again for a line is
  /// not looked at (the first is found).
  package mutating func add(line: Int, _ outcome: UnsafeRawBufferPointer) {
    if let last = entries.last, last.line > line { sorted = false }
    if chunks.isEmpty || chunks[chunks.count - 1].count + outcome.count > KeptOutcomes.chunkSize {
      var chunk: [UInt8] = []
      chunk.reserveCapacity(max(KeptOutcomes.chunkSize, outcome.count))
      chunks.append(chunk)
    }
    let chunk = chunks.count - 1
    entries.append(
      Entry(line: line, chunk: chunk, start: chunks[chunk].count, count: outcome.count))
    chunks[chunk].append(contentsOf: outcome)
  }

  /// Orders the outcomes by line, so that ``subscript(line:)`` finds them by bisection (else
  /// one by one).
  package mutating func sortByLine() {
    if !sorted {
      // Stable: of two outcomes of one line, the first added is found.
      let order = entries.indices.sorted { (entries[$0].line, $0) < (entries[$1].line, $1) }
      entries = order.map { entries[$0] }
      sorted = true
    }
  }

  /// The bytes kept for the VEVENT at `line`, nil when none are.
  package subscript(line: Int) -> ArraySlice<UInt8>? {
    let found: Entry?
    if sorted {
      let position = Bisection.lowerBound(of: line, count: entries.count) { entries[$0].line }
      found = position < entries.count && entries[position].line == line ? entries[position] : nil
    } else {
      found = entries.first { $0.line == line }
    }
    guard let entry = found else { return nil }
    return chunks[entry.chunk][entry.start..<(entry.start + entry.count)]
  }

  /// How many outcomes are kept.
  package var count: Int { entries.count }
}
