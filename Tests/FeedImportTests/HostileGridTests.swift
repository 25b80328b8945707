import FeedImport
import Foundation
import LaneLayout
import Testing

@testable import IcsLanes

/// The text grid's own lane bound (issue 11, sixth fuzzing round): a small feed whose
/// occurrences stack thousands of lanes deep drew every lane, megabytes of text for one month.
@Suite("Hostile lane depths in the text grid")
struct HostileGridTests {
  /// How many segments of `week` cover `day`, in its lanes and behind its `more` counts.
  private func covering(_ day: Day, in week: WeekRow) -> Int {
    let laid = week.lanes.joined().filter { $0.firstDay <= day && day <= $0.lastDay }.count
    return laid + (week.more?[day] ?? 0)
  }

  /// The numbers of the grid's `+k more` line of week row `index` (0 first), by column; nil
  /// where a column has none. The line is the last one before the next row's rule.
  private func moreLine(_ text: String, row index: Int) -> [Int?]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let rules = lines.indices.filter { lines[$0].hasPrefix("├") || lines[$0].hasPrefix("└") }
    guard index + 1 < rules.count else { return nil }
    let last = lines[rules[index + 1] - 1]
    guard last.contains("+") else { return nil }
    return last.split(separator: "│", omittingEmptySubsequences: false).dropFirst().dropLast()
      .map { cell in
        let digits = cell.drop { $0 != "+" }.dropFirst().prefix { $0.isNumber }
        return Int(digits)
      }
  }

  @Test("lanes past the bound are counted on the +k more line, day by day")
  func deepRowsAreCounted() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/minutely-lanes.ics"))
    let (layout, _) = try Hostile.layOut([feed])
    let deepest = layout.weeks.map(\.lanes.count).max() ?? 0
    // The feed's occurrence budget stacks far more lanes than the grid draws.
    #expect(deepest > 10 * TextGridRenderer.maximumLanes)
    let text = TextGridRenderer(width: 120).render(layout)
    // About a hundred lines per row, not a line per lane: the old grid wrote 8 MB here.
    #expect(text.utf8.count < 400_000)
    for (index, week) in layout.weeks.enumerated() {
      let drawn = min(week.lanes.count, TextGridRenderer.maximumLanes)
      let shown = week.lanes.prefix(drawn).joined()
      guard week.lanes.count > drawn || week.more != nil else {
        #expect(moreLine(text, row: index) == nil, "row \(index)")
        continue
      }
      let counts = try #require(moreLine(text, row: index), "row \(index)")
      for (column, day) in week.days.enumerated() where day >= layout.firstDay {
        let onDay = shown.filter { $0.firstDay <= day && day <= $0.lastDay }.count
        let hidden = covering(day, in: week) - onDay
        let label = column < counts.count ? counts[column] : nil
        #expect(label == (hidden > 0 ? hidden : nil), "row \(index), \(day)")
      }
    }
  }

  @Test("a capped layout's counts and the grid's own add up; extreme counts do not trap")
  func cappedAndExtremeCounts() throws {
    let start = try #require(Day(year: 2024, month: 7, day: 29))
    let segment = { (day: Int, lane: Int) -> Segment in
      let first = start.adding(days: day)
      let span = DaySpan(title: "lane \(lane)", firstDay: first, lastDay: first, uid: "s\(lane)")
      return Segment(span: span, firstDay: first, lastDay: first)
    }
    let lanes = (0..<(TextGridRenderer.maximumLanes + 5)).map { [segment(2, $0)] }
    for more in [[start.adding(days: 2): 3], [start.adding(days: 2): Int.max]] {
      let week = WeekRow(start: start, lanes: lanes, more: more)
      let counts = TextGridRenderer.hiddenCounts(of: week)
      let expected = more[start.adding(days: 2)] == Int.max ? Int.max : 8
      #expect(counts == [start.adding(days: 2): expected])
    }
  }
}
