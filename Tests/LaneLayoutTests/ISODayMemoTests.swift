import Testing

@testable import LaneLayout

/// The JSON writer keeps the last day's `YYYY-MM-DD` and copies it when the next day is the
/// same (``ISODayMemo``): whatever the order of days, each must come out as its own
/// description, and a day whose year is not of four digits must be refused without spoiling
/// the next one.
@Suite struct ISODayMemoTests {
  @Test func everyDayIsWrittenAsItsDescription() throws {
    // A fixed sequence (a linear congruential generator): the same days on every run.
    var state: UInt64 = 2_026
    func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    // Runs of one day, a day and the next, days a year apart, years 0 and 9999 at the edges.
    var days: [Day] = []
    for _ in 0..<2_000 {
      let ordinal = next(-719_528...2_932_896)
      let run = next(1...4)
      days += Array(repeating: Day(ordinal: ordinal), count: run)
      if next(0...1) == 0 { days.append(Day(ordinal: ordinal + 1)) }
      if next(0...1) == 0 { days.append(Day(ordinal: ordinal - 365)) }
    }
    days += [Day(ordinal: -719_528), Day(ordinal: 2_932_896), Day(ordinal: -719_528)]
    var memo = ISODayMemo()
    var mismatches = 0
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
      let base = try #require(buffer.baseAddress)
      for day in days {
        let written = memo.write(day, at: base)
        let text = String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self)
        if !written || text != day.description { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
    #expect(days.count > 4_000)
  }

  @Test func yearsOfOtherWidthsAreRefused() throws {
    var memo = ISODayMemo()
    let before = Day(ordinal: -719_529)  // 31 December of year -1
    let after = Day(ordinal: 2_932_897)  // 1 January 10000
    let usual = try #require(Day(year: 2024, month: 2, day: 29))
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
      let base = try #require(buffer.baseAddress)
      buffer.initialize(repeating: UInt8(ascii: "x"))
      let wroteBefore1 = memo.write(before, at: base)
      #expect(!wroteBefore1)
      let wroteAfter2 = memo.write(after, at: base)
      #expect(!wroteAfter2)
      // Nothing written for the refused ones.
      #expect(buffer.allSatisfy { $0 == UInt8(ascii: "x") })
      let wroteUsual3 = memo.write(usual, at: base)
      #expect(wroteUsual3)
      #expect(String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self) == "2024-02-29")
      let wroteAfter4 = memo.write(after, at: base)
      #expect(!wroteAfter4)
      let wroteUsual5 = memo.write(usual, at: base)
      #expect(wroteUsual5)
      #expect(String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self) == "2024-02-29")
    }
  }
}
