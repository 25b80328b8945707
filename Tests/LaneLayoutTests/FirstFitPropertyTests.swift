import Testing

@testable import LaneLayout

/// First-fit on random spans: lanes never share a day, each segment sits in the lowest lane free
/// for it in the contract's order, and a row uses exactly as many lanes as its deepest day needs.
struct FirstFitPropertyTests {
  /// A small deterministic generator (SplitMix64).
  struct SplitMix {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  static func randomSpans(_ random: inout SplitMix, count: Int, month: YearMonth) -> [DaySpan] {
    (0..<count).map { index in
      let first = month.firstDay.adding(days: random.next(40) - 5)
      let length = random.next(10) < 7 ? 0 : random.next(12)
      var span = DaySpan(
        title: "E\(random.next(50))", firstDay: first, lastDay: first.adding(days: length),
        uid: "u\(index)")
      if random.next(3) == 0 {
        // A timed occurrence: shuffle the order instants inside the day.
        span.allDay = false
        span.startInstant += Int64(random.next(86_400))
        span.endInstant = max(span.startInstant, span.endInstant - Int64(random.next(86_400)))
      }
      return span
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
  func firstFitProperties(seed: Int) throws {
    var random = SplitMix(state: UInt64(seed))
    let month = try #require(YearMonth(year: 2024, month: 1 + seed % 12))
    let weekStart = Weekday.allCases[seed % 7]
    let spans = Self.randomSpans(&random, count: 20 + seed * 15, month: month)
    let layout = MonthLayoutEngine.layOut(
      spans, month: month, timeZone: "UTC", options: LayoutOptions(weekStart: weekStart))
    let ordered = spans.sorted(by: DaySpan.precedes)
    for week in layout.weeks {
      var depth = [Int](repeating: 0, count: 7)
      for lane in week.lanes {
        #expect(!lane.isEmpty)
        var taken = Set<Int>()
        for segment in lane {
          let columns =
            week.start.distance(to: segment.firstDay)...week.start.distance(to: segment.lastDay)
          for column in columns {
            #expect(!taken.contains(column), "two segments share a day in a lane")
            taken.insert(column)
            depth[column] += 1
          }
        }
      }
      #expect(week.lanes.count == (depth.max() ?? 0), "lanes == deepest day")

      // Replay greedy first-fit independently, with sets, in the contract's order.
      var laneOf: [String: Int] = [:]
      for (index, lane) in week.lanes.enumerated() {
        for segment in lane { laneOf[segment.uid] = index }
      }
      var occupied: [Set<Int>] = []
      for span in ordered {
        let first = max(span.firstDay, week.start, layout.firstDay)
        let last = min(span.lastDay, week.start.adding(days: 6), layout.lastDay)
        guard first <= last else { continue }
        let columns = Set(week.start.distance(to: first)...week.start.distance(to: last))
        var lane = 0
        while lane < occupied.count, !occupied[lane].isDisjoint(with: columns) { lane += 1 }
        if lane == occupied.count { occupied.append([]) }
        occupied[lane].formUnion(columns)
        #expect(laneOf[span.uid] == lane, "\(span.uid) placed out of first-fit order")
      }
    }
  }

  @Test func aDenseRowWithThousandsOfLanes() {
    // 3,000 one-day spans on one day: 3,000 lanes, each with one segment.
    let day = Day(iso: "2024-08-14")!
    let spans = (0..<3_000).map {
      DaySpan(title: "S", firstDay: day, lastDay: day, uid: String($0))
    }
    let layout = MonthLayoutEngine.layOut(
      spans, month: YearMonth(year: 2024, month: 8)!, timeZone: "UTC")
    #expect(layout.weeks[2].lanes.count == 3_000)
    #expect(layout.weeks[2].lanes.allSatisfy { $0.count == 1 })
  }
}
