/// A day of the week, named as the contract names it (`sunday` … `saturday`).
public enum Weekday: String, Sendable, Hashable, CaseIterable, Codable {
  /// Monday, ISO weekday 1.
  case monday
  /// Tuesday.
  case tuesday
  /// Wednesday.
  case wednesday
  /// Thursday.
  case thursday
  /// Friday.
  case friday
  /// Saturday.
  case saturday
  /// Sunday, ISO weekday 7.
  case sunday

  /// Parses a weekday name or a prefix of at least two letters, in any case (`mo`, `Mon`, `monday`).
  public init?(name: String) {
    let lowered = name.lowercased()
    guard lowered.count >= 2,
      let match = Weekday.allCases.first(where: { $0.rawValue.hasPrefix(lowered) })
    else { return nil }
    self = match
  }

  /// Monday 0 … Sunday 6.
  public var isoIndex: Int {
    Weekday.allCases.firstIndex(of: self) ?? 0
  }

  /// Columns from `start` to this weekday, 0–6.
  public func column(from start: Weekday) -> Int {
    (isoIndex - start.isoIndex + 7) % 7
  }
}
