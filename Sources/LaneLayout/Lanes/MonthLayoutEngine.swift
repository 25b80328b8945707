/// Lays spans out on a month grid: cuts each span into the week rows it meets, clipped to the
/// row and the visible days, and stacks each row's segments into lanes.
public enum MonthLayoutEngine {
  /// Lays `spans` out on `month`.
  ///
  /// - Parameters:
  ///   - spans: the occurrences, in any order; spans that miss the visible days are ignored.
  ///   - month: the month to lay out.
  ///   - timeZone: the display zone's IANA name, reported in the result.
  ///   - options: week start, lane cap, outside days and lane rule.
  public static func layOut(
    _ spans: [DaySpan], month: YearMonth, timeZone: String, options: LayoutOptions = LayoutOptions()
  ) -> MonthLayout {
    // Read in place: iterating or subscripting the array would copy each span (and retain its
    // seven strings) every time.
    spans.withUnsafeBufferPointer { all in
      layOut(all, month: month, timeZone: timeZone, options: options)
    }
  }

  private static func layOut(
    _ spans: UnsafeBufferPointer<DaySpan>, month: YearMonth, timeZone: String,
    options: LayoutOptions
  ) -> MonthLayout {
    let grid = MonthGrid(
      month: month, weekStart: options.weekStart, showsOutsideDays: options.showsOutsideDays)
    let rowStarts = grid.rowStarts
    let firstVisible = grid.firstVisibleDay
    let lastVisible = grid.lastVisibleDay
    let gridFirst = grid.firstGridDay

    // Sorted on the instants first, read once into a flat array; the full contract order
    // (titles, UIDs…) only breaks ties.
    var keys: [(start: Int64, end: Int64, index: Int)] = []
    keys.reserveCapacity(spans.count)
    for index in spans.indices
    where spans[index].lastDay >= firstVisible && spans[index].firstDay <= lastVisible {
      keys.append((spans[index].startInstant, spans[index].endInstant, index))
    }
    keys.sort { lhs, rhs in
      if lhs.start != rhs.start { return lhs.start < rhs.start }
      if lhs.end != rhs.end { return lhs.end > rhs.end }
      return DaySpan.tiePrecedes(spans, lhs.index, rhs.index)
    }
    let ordered = keys.map(\.index)

    // Each row's pieces, in the contract's order: (span index, first column, last column).
    var pieces = [[(span: Int, first: Int, last: Int)]](repeating: [], count: rowStarts.count)
    for index in ordered {
      let first = max(spans[index].firstDay, firstVisible)
      let last = min(spans[index].lastDay, lastVisible)
      let firstRow = gridFirst.distance(to: first) / 7
      let lastRow = gridFirst.distance(to: last) / 7
      for row in firstRow...lastRow {
        let rowStart = rowStarts[row]
        let from = max(first, rowStart)
        let to = min(last, rowStart.adding(days: 6))
        pieces[row].append((index, rowStart.distance(to: from), rowStart.distance(to: to)))
      }
    }

    var weeks: [WeekRow] = []
    var previousLanes: [Int: Int] = [:]
    for (row, rowStart) in rowStarts.enumerated() {
      var stacker = LaneStacker()
      var laneOf = [Int](repeating: 0, count: pieces[row].count)
      var placed = [Bool](repeating: false, count: pieces[row].count)
      if options.laneRule == .sticky {
        for (position, piece) in pieces[row].enumerated() {
          guard let lane = previousLanes[piece.span] else { continue }
          let mask = LaneStacker.mask(first: piece.first, last: piece.last)
          if stacker.place(mask, preferring: lane) {
            laneOf[position] = lane
            placed[position] = true
          }
        }
      }
      for (position, piece) in pieces[row].enumerated() where !placed[position] {
        laneOf[position] = stacker.placeFirstFit(
          LaneStacker.mask(first: piece.first, last: piece.last))
      }
      // Sticky placement can leave a lane empty in this row; drop such lanes, keeping order.
      // First-fit fills lanes 0, 1, 2… without gaps, so there is nothing to drop.
      let sticky = options.laneRule == .sticky
      var compacted: [Int: Int] = [:]
      let laneCount: Int
      if sticky {
        let used = Set(laneOf)
        compacted = Dictionary(
          uniqueKeysWithValues: used.sorted().enumerated().map { ($0.element, $0.offset) })
        laneCount = used.count
      } else {
        laneCount = stacker.occupancy.count
      }
      var lanes = [[Segment]](repeating: [], count: laneCount)
      var more: [Day: Int] = [:]
      previousLanes = [:]
      for (position, piece) in pieces[row].enumerated() {
        let lane = sticky ? compacted[laneOf[position]] ?? 0 : laneOf[position]
        if sticky { previousLanes[piece.span] = lane }
        let first = rowStart.adding(days: piece.first)
        let last = rowStart.adding(days: piece.last)
        if let cap = options.maxLanes, lane >= cap {
          for column in piece.first...piece.last {
            more[rowStart.adding(days: column), default: 0] += 1
          }
          continue
        }
        lanes[lane].append(Segment(span: spans[piece.span], firstDay: first, lastDay: last))
      }
      if let cap = options.maxLanes, lanes.count > cap { lanes.removeLast(lanes.count - cap) }
      for lane in lanes.indices { lanes[lane].sort { $0.firstDay < $1.firstDay } }
      weeks.append(WeekRow(start: rowStart, lanes: lanes, more: more.isEmpty ? nil : more))
    }
    return MonthLayout(
      month: month, timeZone: timeZone, weekStart: options.weekStart, firstDay: firstVisible,
      lastDay: lastVisible, laneRule: options.laneRule, weeks: weeks)
  }
}
