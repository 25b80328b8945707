/// The sticky lane rule's memory: the lane each span had in the row above.
struct StickyLanes {
  /// By span index: the (compacted) lane of the span's piece in `rowOf`'s row.
  private var laneOf: [Int]
  /// By span index: the row whose lane `laneOf` holds, or -1.
  private var rowOf: [Int]

  /// Memory for `spanCount` spans, none placed yet.
  init(spanCount: Int) {
    laneOf = [Int](repeating: 0, count: spanCount)
    rowOf = [Int](repeating: -1, count: spanCount)
  }

  /// Places one row's pieces (in the contract's order) on `stacker`, which must be empty: a piece
  /// whose span was in the row above keeps that lane when it is still free there; the rest go
  /// first-fit. Lanes left empty are then dropped, keeping order.
  ///
  /// - Returns: each piece's lane after dropping, and the number of lanes.
  mutating func place(_ pieces: [RowPiece], row: Int, on stacker: inout LaneStacker) -> (
    laneOf: [Int], laneCount: Int
  ) {
    var lanes = [Int](repeating: -1, count: pieces.count)
    for (position, piece) in pieces.enumerated() where rowOf[piece.span] == row - 1 {
      let lane = laneOf[piece.span]
      if stacker.place(LaneStacker.mask(first: piece.first, last: piece.last), preferring: lane) {
        lanes[position] = lane
      }
    }
    for (position, piece) in pieces.enumerated() where lanes[position] < 0 {
      lanes[position] = stacker.placeFirstFit(
        LaneStacker.mask(first: piece.first, last: piece.last))
    }
    var compacted = [Int](repeating: 0, count: stacker.occupancy.count)
    var used = 0
    for (lane, occupied) in stacker.occupancy.enumerated() where occupied != 0 {
      compacted[lane] = used
      used += 1
    }
    for (position, piece) in pieces.enumerated() {
      lanes[position] = compacted[lanes[position]]
      laneOf[piece.span] = lanes[position]
      rowOf[piece.span] = row
    }
    return (lanes, used)
  }
}
