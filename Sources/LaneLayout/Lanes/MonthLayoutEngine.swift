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
  /// - Returns: the layout; its segments read their strings from `spans` (shared, not copied).
  public static func layOut(
    _ spans: [DaySpan], month: YearMonth, timeZone: String, options: LayoutOptions = LayoutOptions()
  ) -> MonthLayout {
    // The segments read their strings from the spans (see SpanList). Read in place:
    // iterating or subscripting the array would copy each span (and retain its seven strings)
    // every time.
    let source = SpanList(spans)
    return source.spans.withUnsafeBufferPointer { all in
      layOut(all, source: source, month: month, timeZone: timeZone, options: options)
    }
  }

  private static func layOut(
    _ spans: UnsafeBufferPointer<DaySpan>, source: SpanList, month: YearMonth, timeZone: String,
    options: LayoutOptions
  ) -> MonthLayout {
    let grid = MonthGrid(month: month, options: options)
    let visible = grid.visibleDays
    let rowStarts = grid.rowStarts
    // Each row's pieces, in the contract's order. A row orders only the spans that meet it:
    // the order of rule 3 is a total order, so the spans of one row come out as they would in
    // the order of the whole month, and a dense month never holds every span's sort keys at once.
    func pieces(of rowStart: Day) -> [RowPiece] {
      let first = max(rowStart, visible.lowerBound)
      let last = min(rowStart.adding(days: 6), visible.upperBound)
      return VisibleSpan.inContractOrder(spans, from: first, through: last).map { span in
        RowPiece(
          span: span.index, first: rowStart.distance(to: span.first),
          last: rowStart.distance(to: span.last))
      }
    }

    var weeks: [WeekRow] = []
    weeks.reserveCapacity(rowStarts.count)
    var stacker = LaneStacker()
    var sticky = options.laneRule == .sticky ? StickyLanes(spanCount: spans.count) : nil
    for (row, rowStart) in rowStarts.enumerated() {
      stacker.removeAll()
      let rowPieces = pieces(of: rowStart)
      let laneOf: [Int]
      let laneCount: Int
      if let placement = sticky?.place(rowPieces, row: row, on: &stacker) {
        (laneOf, laneCount) = placement
      } else {
        // First-fit fills lanes 0, 1, 2… without gaps.
        laneOf = rowPieces.map { piece in
          stacker.placeFirstFit(LaneStacker.mask(first: piece.first, last: piece.last))
        }
        laneCount = stacker.occupancy.count
      }
      weeks.append(
        RowLanes.weekRow(
          start: rowStart, pieces: rowPieces, laneOf: laneOf, laneCount: laneCount,
          maxLanes: options.maxLanes, spans: spans, source: source))
    }
    return MonthLayout(
      month: month, timeZone: timeZone, weekStart: options.weekStart,
      firstDay: visible.lowerBound, lastDay: visible.upperBound, laneRule: options.laneRule,
      weeks: weeks)
  }
}

/// One span's piece inside one week row: the span's index and the columns (0–6) it covers.
struct RowPiece {
  var span: Int
  var first: Int
  var last: Int
}
