/// How segments are assigned to lanes inside a week row.
public enum LaneRule: String, Sendable, Hashable, Codable {
  /// Greedy first-fit in the contract's order (rule 4): the fewest lanes possible.
  case firstFit = "first-fit"
  /// An occurrence continuing from the row above keeps its lane when that lane is free; the
  /// rest go first-fit. Easier to follow by eye; may use more lanes than first-fit.
  case sticky
}
