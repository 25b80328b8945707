import Synchronization

/// Stretches of time over which a zone's UTC offset is known not to change, learnt from the
/// probes of ``LibicalTime/instant(ofLocal:in:)``, so that most local times of a month are
/// turned into instants without asking libical again (three conversions each otherwise).
///
/// A stretch is recorded only when the conversion found the same offset three days apart and in
/// between, which under the conversion's own assumption (a zone changes its offset at most once
/// within three days) means no change in between; overlapping stretches with the same offset
/// join. Zones are told apart by their libical pointer: every stretch is forgotten when a
/// feed's zones are freed (``TimeZoneResolver``). Used inside ``LibicalGate``, and guarded by a
/// lock of its own as well.
enum SteadyOffsets {
  private struct Stretch: Sendable {
    /// The zone's address.
    let zone: UInt
    var low: Int64
    var high: Int64
    let offset: Int
  }

  /// At most this many stretches are kept; the oldest goes first.
  static let limit = 64
  private static let stretches = Mutex<[Stretch]>([])

  /// The offset of `zone` over all of `low…high`, when a known stretch covers it.
  static func offset(over low: Int64, _ high: Int64, in zone: OpaquePointer) -> Int? {
    let zone = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(zone)))
    return stretches.withLock { stretches in
      // Newest first: the stretch learnt last is the likeliest to cover the next question.
      for stretch in stretches.reversed()
      where stretch.zone == zone && stretch.low <= low && high <= stretch.high {
        return stretch.offset
      }
      return nil
    }
  }

  /// Records that `zone`'s offset is `offset` over all of `low…high`.
  static func learn(_ low: Int64, _ high: Int64, offset: Int, in zone: OpaquePointer) {
    let zone = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(zone)))
    stretches.withLock { stretches in
      for index in stretches.indices
      where stretches[index].zone == zone && stretches[index].offset == offset
        && low <= stretches[index].high && high >= stretches[index].low
      {
        stretches[index].low = min(stretches[index].low, low)
        stretches[index].high = max(stretches[index].high, high)
        return
      }
      if stretches.count >= limit { stretches.removeFirst() }
      stretches.append(Stretch(zone: zone, low: low, high: high, offset: offset))
    }
  }

  /// Forgets every stretch (a feed's zones are being freed).
  static func forgetAll() {
    stretches.withLock { $0.removeAll() }
  }
}
