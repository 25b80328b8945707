import Testing

@testable import LaneLayout

/// The engine against a plain reference written from the contract (whole keys compared as byte
/// arrays, sets of columns, dictionaries), on seeded random spans full of ties: equal instants,
/// equal titles, titles and uids that agree on long prefixes, non-ASCII and canonically
/// equivalent strings, NUL bytes, and instants that disagree with the days.
struct ReferenceLayoutTests {
  typealias SplitMix = FirstFitPropertyTests.SplitMix

  static let titles = [
    "", "A", "a", "Ä", "A\u{308}", "x", "x\u{0}", "x\u{0}\u{0}", "Standup",
    "Standup meeting with the team", "Standup meeting with the tea",
    "Standup meeting with the teal", "Standup meeting", "Reunión de presupuesto",
    "Reunio\u{301}n de presupuesto", "Recycling pickup 🗑️", "Recycling pickup 🗑", "お花見 🌸",
  ]
  static let uids = [
    "", "u1", "u10", "u2", "00000001-697065247f74e285@feedgen.icslanes.example",
    "00000001-697065247f74e285@feedgen.icslanes.exampl",
    "00000001-697065247f74e286@feedgen.icslanes.example", "é", "e\u{301}",
  ]
  /// Recurrence ids whose texts' order is not time order, among them two equal texts (offsets
  /// whose seconds the text drops) and texts wider than usual (year 10000, hour 150).
  static let recurrenceIds: [LocalDateTime?] = {
    let day = Day(iso: "2024-03-01")!
    return [
      nil, LocalDateTime(day: day), LocalDateTime(day: day.adding(days: 1)),
      LocalDateTime(day: day, hour: 10, utcOffset: 0),
      LocalDateTime(day: day, hour: 10, utcOffset: 3600),
      LocalDateTime(day: day, hour: 10, utcOffset: 3601),
      LocalDateTime(day: day, hour: 10, utcOffset: -3600),
      LocalDateTime(day: day, hour: 9, minute: 59, utcOffset: -36_000),
      LocalDateTime(day: day, hour: 150, utcOffset: 0),
      LocalDateTime(day: Day(ordinal: 2_932_897), hour: 1, utcOffset: 0),
      LocalDateTime(day: Day(ordinal: -719_529)),
    ]
  }()

  /// Spans with few distinct instants and strings. Each span's `location` is its index, so
  /// that segments can be told apart even where `==` on strings would not.
  static func randomSpans(_ random: inout SplitMix, count: Int, month: YearMonth, consistent: Bool)
    -> [DaySpan]
  {
    (0..<count).map { index in
      let first = month.firstDay.adding(days: random.next(46) - 8)
      let length = random.next(10) < 6 ? 0 : random.next(16)
      // Consistent: the start instant lies on the first day, as for spans from a feed. Else
      // any of a few instants, so that rule 3's order and day order disagree.
      let start =
        consistent
        ? Int64(first.ordinal) * 86_400 + Int64(random.next(3)) * 3_600
        : Int64(month.firstDay.ordinal + random.next(4)) * 86_400
      return DaySpan(
        uid: uids[random.next(uids.count)],
        recurrenceId: recurrenceIds[random.next(recurrenceIds.count)],
        title: titles[random.next(titles.count)], allDay: random.next(2) == 0,
        start: LocalDateTime(day: first),
        end: LocalDateTime(day: first), firstDay: first, lastDay: first.adding(days: length),
        startInstant: start,
        endInstant: start + Int64(random.next(3)) * 3_600, location: String(index))
    }
  }

  /// Rule 3 with the strings as byte arrays, then the input position.
  static func referencePrecedes(_ spans: [DaySpan], _ lhs: Int, _ rhs: Int) -> Bool {
    let a = spans[lhs]
    let b = spans[rhs]
    if a.startInstant != b.startInstant { return a.startInstant < b.startInstant }
    if a.endInstant != b.endInstant { return a.endInstant > b.endInstant }
    let left = [a.title, a.uid, a.recurrenceId?.description ?? ""].map { Array($0.utf8) }
    let right = [b.title, b.uid, b.recurrenceId?.description ?? ""].map { Array($0.utf8) }
    for (x, y) in zip(left, right) where x != y { return x.lexicographicallyPrecedes(y) }
    return lhs < rhs
  }

  /// Each row's lanes as `index@first-last` strings, and the row's `more`.
  typealias Rows = [(lanes: [[String]], more: [Day: Int]?)]

  static func describe(_ layout: MonthLayout) -> Rows {
    layout.weeks.map { week in
      let lanes = week.lanes.map { lane in
        lane.map { segment in
          "\(segment.location ?? "?")@\(segment.firstDay)-\(segment.lastDay)"
            + "\(segment.continuesBefore ? "<" : "")\(segment.continuesAfter ? ">" : "")"
        }
      }
      return (lanes, week.more)
    }
  }

  /// The contract's layout, the plain way.
  static func reference(_ spans: [DaySpan], month: YearMonth, options: LayoutOptions) -> Rows {
    let grid = MonthGrid(
      month: month, weekStart: options.weekStart, showsOutsideDays: options.showsOutsideDays)
    let order = spans.indices.filter {
      spans[$0].lastDay >= grid.firstVisibleDay && spans[$0].firstDay <= grid.lastVisibleDay
    }.sorted { referencePrecedes(spans, $0, $1) }
    var previousLanes: [Int: Int] = [:]
    var rows: Rows = []
    for rowStart in grid.rowStarts {
      let rowFirst = max(rowStart, grid.firstVisibleDay)
      let rowLast = min(rowStart.adding(days: 6), grid.lastVisibleDay)
      let pieces = order.compactMap { index -> (index: Int, first: Day, last: Day)? in
        let first = max(spans[index].firstDay, rowFirst)
        let last = min(spans[index].lastDay, rowLast)
        return first <= last ? (index, first, last) : nil
      }
      var taken: [Set<Int>] = []
      var laneOf: [Int: Int] = [:]
      func columns(_ piece: (index: Int, first: Day, last: Day)) -> Set<Int> {
        Set(rowStart.distance(to: piece.first)...rowStart.distance(to: piece.last))
      }
      func take(_ lane: Int, _ piece: (index: Int, first: Day, last: Day)) {
        while taken.count <= lane { taken.append([]) }
        taken[lane].formUnion(columns(piece))
        laneOf[piece.index] = lane
      }
      if options.laneRule == .sticky {
        for piece in pieces {
          guard let lane = previousLanes[piece.index] else { continue }
          if lane >= taken.count || taken[lane].isDisjoint(with: columns(piece)) {
            take(lane, piece)
          }
        }
      }
      for piece in pieces where laneOf[piece.index] == nil {
        var lane = 0
        while lane < taken.count, !taken[lane].isDisjoint(with: columns(piece)) { lane += 1 }
        take(lane, piece)
      }
      // Drop lanes left empty (sticky only), keeping order.
      let used = taken.indices.filter { !taken[$0].isEmpty }
      let compacted = Dictionary(uniqueKeysWithValues: used.enumerated().map { ($1, $0) })
      previousLanes = [:]
      var lanes = [[(index: Int, first: Day, last: Day)]](repeating: [], count: used.count)
      var more: [Day: Int] = [:]
      for piece in pieces {
        let lane = compacted[laneOf[piece.index] ?? 0] ?? 0
        previousLanes[piece.index] = lane
        if let cap = options.maxLanes, lane >= cap {
          for offset in 0...piece.first.distance(to: piece.last) {
            more[piece.first.adding(days: offset), default: 0] += 1
          }
        } else {
          lanes[lane].append(piece)
        }
      }
      if let cap = options.maxLanes { lanes = Array(lanes.prefix(cap)) }
      let described = lanes.map { lane in
        lane.sorted { $0.first < $1.first }.map { piece in
          "\(piece.index)@\(piece.first)-\(piece.last)"
            + "\(spans[piece.index].firstDay < piece.first ? "<" : "")"
            + "\(spans[piece.index].lastDay > piece.last ? ">" : "")"
        }
      }
      rows.append((described, more.isEmpty ? nil : more))
    }
    return rows
  }

  @Test(arguments: Array(1...24))
  func engineMatchesTheReference(seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 7919)
    let month = try #require(YearMonth(year: 2024, month: 1 + seed % 12))
    let spans = Self.randomSpans(
      &random, count: 30 + seed * 12, month: month, consistent: seed % 3 != 0)
    for rule in [LaneRule.firstFit, .sticky] {
      for maxLanes in [nil, 0, 1, 3] as [Int?] {
        let options = LayoutOptions(
          weekStart: Weekday.allCases[seed % 7], maxLanes: maxLanes,
          showsOutsideDays: seed % 2 == 0, laneRule: rule)
        let layout = MonthLayoutEngine.layOut(
          spans, month: month, timeZone: "UTC", options: options)
        let engine = Self.describe(layout)
        let reference = Self.reference(spans, month: month, options: options)
        #expect(engine.count == reference.count)
        for (row, (got, want)) in zip(engine, reference).enumerated() {
          #expect(got.lanes == want.lanes, "row \(row), \(rule), cap \(maxLanes ?? -1)")
          #expect(got.more == want.more, "row \(row), \(rule), cap \(maxLanes ?? -1)")
        }
      }
    }
  }

  @Test(arguments: Array(1...12))
  func orderMatchesTheReference(seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 104_729)
    let month = try #require(YearMonth(year: 2024, month: 3))
    let spans = Self.randomSpans(&random, count: 200 + seed * 40, month: month, consistent: true)
    let grid = MonthGrid(month: month, showsOutsideDays: true)
    let ordered = spans.withUnsafeBufferPointer {
      VisibleSpan.inContractOrder($0, from: grid.firstVisibleDay, through: grid.lastVisibleDay)
    }
    let expected = spans.indices.filter {
      spans[$0].lastDay >= grid.firstVisibleDay && spans[$0].firstDay <= grid.lastVisibleDay
    }.sorted { Self.referencePrecedes(spans, $0, $1) }
    #expect(ordered.map(\.index) == expected)
    // The public comparison agrees wherever the reference does not fall back on positions.
    for (lhs, rhs) in zip(expected, expected.dropFirst()) {
      #expect(!DaySpan.precedes(spans[rhs], spans[lhs]))
    }
  }

  @Test func stringsOrderByCodePointNotByCanonicalEquivalence() {
    // Precomposed "Ä" (U+00C4) and "A" + U+0308 are equal to `==` but not in code point order.
    let composed = DaySpan(title: "\u{C4}", firstDay: Day(ordinal: 0), lastDay: Day(ordinal: 0))
    let decomposed = DaySpan(
      title: "A\u{308}", firstDay: Day(ordinal: 0), lastDay: Day(ordinal: 0))
    #expect(composed.title == decomposed.title)
    #expect(DaySpan.precedes(decomposed, composed))
    #expect(!DaySpan.precedes(composed, decomposed))
  }
}
