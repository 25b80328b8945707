/// One row of the month grid: seven days from `start`, with the segments stacked in lanes.
public struct WeekRow: Sendable, Hashable, Codable {
  /// The day in column 0.
  public var start: Day
  /// Lane 0 first; each lane lists its segments in day order.
  public var lanes: [[Segment]]
  /// With a lane cap: for each day, how many segments covering it are not shown. Nil when no
  /// segment was hidden.
  public var more: [Day: Int]?

  /// A row starting on `start`.
  public init(start: Day, lanes: [[Segment]] = [], more: [Day: Int]? = nil) {
    self.start = start
    self.lanes = lanes
    self.more = more
  }

  /// The seven days of the row.
  public var days: [Day] {
    (0..<7).map { start.adding(days: $0) }
  }

  enum CodingKeys: String, CodingKey {
    case start, lanes, more
  }

  /// Decodes a row as the contract writes it (`more` keyed by `YYYY-MM-DD`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    start = try container.decode(Day.self, forKey: .start)
    lanes = try container.decode([[Segment]].self, forKey: .lanes)
    if let counts = try container.decodeIfPresent([String: Int].self, forKey: .more) {
      var more: [Day: Int] = [:]
      for (text, count) in counts {
        guard let day = Day(iso: text) else {
          throw DecodingError.dataCorruptedError(
            forKey: .more, in: container, debugDescription: "not a date: \(text)")
        }
        more[day] = count
      }
      self.more = more
    }
  }

  /// Encodes the row as the contract writes it; `more` only when segments were hidden.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(start, forKey: .start)
    try container.encode(lanes, forKey: .lanes)
    if let more {
      let counts = Dictionary(uniqueKeysWithValues: more.map { ($0.key.description, $0.value) })
      try container.encode(counts, forKey: .more)
    }
  }
}
