/// Builds a week row's lanes of segments once every piece of the row has its lane.
enum RowLanes {
  /// The row starting on `start` whose `pieces` (in the contract's order) sit in `laneOf`'s
  /// lanes, `0..<laneCount`; `spans` is `source`'s array, read in place.
  ///
  /// Each listed lane's array is made at its final size, its segments in day order; lanes from
  /// `maxLanes` on are only counted in `more`.
  static func weekRow(
    start: Day, pieces: [RowPiece], laneOf: [Int], laneCount: Int, maxLanes: Int?,
    spans: UnsafeBufferPointer<DaySpan>, source: SpanList
  ) -> WeekRow {
    let shown = max(0, min(laneCount, maxLanes ?? laneCount))
    // Group the pieces by lane (a counting sort, which keeps the contract's order in a lane).
    var laneStart = [Int](repeating: 0, count: shown + 1)
    var hidden = [Int](repeating: 0, count: 7)
    for (position, piece) in pieces.enumerated() {
      if laneOf[position] < shown {
        laneStart[laneOf[position] + 1] += 1
      } else {
        for column in piece.first...piece.last { hidden[column] += 1 }
      }
    }
    for lane in 0..<shown { laneStart[lane + 1] += laneStart[lane] }
    var slots = [Int](repeating: 0, count: laneStart[shown])
    var next = laneStart
    for position in pieces.indices where laneOf[position] < shown {
      slots[next[laneOf[position]]] = position
      next[laneOf[position]] += 1
    }

    var lanes: [[Segment]] = []
    lanes.reserveCapacity(shown)
    for lane in 0..<shown {
      let range = laneStart[lane]..<laneStart[lane + 1]
      // Pieces of one lane never share a column. Rule 3 order is day order whenever the
      // instants agree with the days, as they do for spans from a feed; else sort.
      if !isInDayOrder(slots[range], pieces) {
        slots[range].sort { pieces[$0].first < pieces[$1].first }
      }
      lanes.append(
        [Segment](unsafeUninitializedCapacity: range.count) { segments, count in
          guard var slot = segments.baseAddress else { return }
          for position in slots[range] {
            let piece = pieces[position]
            let firstDay = start.adding(days: piece.first)
            let lastDay = start.adding(days: piece.last)
            slot.initialize(
              to: Segment(
                source: source, index: piece.span, firstDay: firstDay, lastDay: lastDay,
                allDay: spans[piece.span].allDay,
                continuesBefore: spans[piece.span].firstDay < firstDay,
                continuesAfter: spans[piece.span].lastDay > lastDay))
            slot += 1
          }
          count = range.count
        })
    }

    var more: [Day: Int]?
    for (column, count) in hidden.enumerated() where count > 0 {
      more = more ?? [:]
      more?[start.adding(days: column)] = count
    }
    return WeekRow(start: start, lanes: lanes, more: more)
  }

  private static func isInDayOrder(_ positions: ArraySlice<Int>, _ pieces: [RowPiece]) -> Bool {
    var previous = -1
    for position in positions {
      if pieces[position].first <= previous { return false }
      previous = pieces[position].first
    }
    return true
  }
}
