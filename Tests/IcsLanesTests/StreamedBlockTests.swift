import Testing

@testable import IcsLanes

/// How many months a streamed request expands at once (`CalendarSource.layOut(_:each:)`): as
/// many as the occurrence budget holds at the rate of every month so far.
@Suite("Blocks of streamed months")
struct StreamedBlockTests {
  @Test("A month without events does not open a block of every month left")
  func emptyMonthKeepsTheRate() {
    // A 1M timetable's months: two dense ones, then the holidays.
    let perMonth = [102_976, 27_266, 0, 68_450, 80_759, 111_728, 93_433, 0, 0, 74_360]
    var next = 0
    var seen = 0
    var block = 2
    var blocks: [Int] = []
    while next < perMonth.count {
      let end = min(perMonth.count, next + block)
      blocks.append(end - next)
      seen += perMonth[next..<end].reduce(0, +)
      next = end
      block = CalendarSource.nextBlock(occurrences: seen, months: next)
    }
    #expect(blocks == [2, 1, 1, 1, 1, 1, 1, 1, 1])
  }

  @Test("Sparse feeds take many months at once, dense ones one at a time")
  func budgetSizesTheBlock() {
    let budget = CalendarSource.occurrenceBudget
    #expect(CalendarSource.nextBlock(occurrences: 0, months: 2) == budget)
    #expect(CalendarSource.nextBlock(occurrences: budget, months: 4) == 4)
    #expect(CalendarSource.nextBlock(occurrences: 10 * budget, months: 2) == 1)
  }
}
