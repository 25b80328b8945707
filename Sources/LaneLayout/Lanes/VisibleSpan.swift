/// A span that meets the visible days, with its days clipped to them.
struct VisibleSpan {
  /// The span's index in the caller's array.
  var index: Int
  /// The first visible day the span covers.
  var first: Day
  /// The last visible day the span covers.
  var last: Day

  /// The spans that meet `first…last`, clipped to those days, in contract rule 3's order.
  ///
  /// Sorts flat integer keys (instants, then position) and looks at strings only inside runs of
  /// spans with equal instants, reading each such span's ``TieKey`` once. Spans equal on every
  /// key keep their input order.
  static func inContractOrder(
    _ spans: UnsafeBufferPointer<DaySpan>, from first: Day, through last: Day
  ) -> [VisibleSpan] {
    var visible: [VisibleSpan] = []
    var keys: [OrderKey] = []
    visible.reserveCapacity(spans.count)
    keys.reserveCapacity(spans.count)
    for index in spans.indices
    where spans[index].lastDay >= first && spans[index].firstDay <= last {
      keys.append(
        OrderKey(
          start: spans[index].startInstant, end: spans[index].endInstant, position: visible.count))
      visible.append(
        VisibleSpan(
          index: index, first: max(spans[index].firstDay, first),
          last: min(spans[index].lastDay, last)))
    }
    keys.sort { lhs, rhs in
      if lhs.start != rhs.start { return lhs.start < rhs.start }
      if lhs.end != rhs.end { return lhs.end > rhs.end }
      return lhs.position < rhs.position
    }
    // Runs of equal instants: order them on the strings, then on position. The tie keys are
    // read in input order, which walks the spans (and their strings) front to back.
    var runs: [Range<Int>] = []
    var tieSlot = [Int](repeating: -1, count: visible.count)
    var runStart = 0
    while runStart < keys.count {
      var runEnd = runStart + 1
      while runEnd < keys.count, keys[runEnd].start == keys[runStart].start,
        keys[runEnd].end == keys[runStart].end
      {
        runEnd += 1
      }
      if runEnd - runStart > 1 {
        runs.append(runStart..<runEnd)
        for key in keys[runStart..<runEnd] { tieSlot[key.position] = 0 }
      }
      runStart = runEnd
    }
    guard !runs.isEmpty else { return keys.map { visible[$0.position] } }
    var ties: [TieKey] = []
    for position in visible.indices where tieSlot[position] == 0 {
      tieSlot[position] = ties.count
      ties.append(TieKey(spans, index: visible[position].index, position: position))
    }
    var run: [TieKey] = []
    for range in runs {
      run.removeAll(keepingCapacity: true)
      for key in keys[range] { run.append(ties[tieSlot[key.position]]) }
      run.sort { TieKey.precedes($0, $1, in: spans) }
      for (offset, tie) in run.enumerated() {
        keys[range.lowerBound + offset].position = tie.position
      }
    }
    return keys.map { visible[$0.position] }
  }

  /// What rule 3 sorts on before the strings.
  private struct OrderKey {
    var start: Int64
    var end: Int64
    var position: Int
  }
}
