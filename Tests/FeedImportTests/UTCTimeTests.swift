import Testing

@testable import FeedImport
@testable import ICalBridge

/// Local times in UTC are worked out in Swift; they are the values libical gives.
@Suite struct UTCTimeTests {
  @Test func utcTimesMatchLibical() throws {
    let utc = LibicalZone.utc
    var random = SeededRandom(state: 5)
    var instants: [Int64] = [
      0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 4_107_542_399,
    ]
    // Year 1 to year 9999, and a dense run around the epoch and leap days.
    for _ in 0..<20_000 {
      instants.append(Int64(random.next() >> 20) % 315_000_000_000 - 62_000_000_000)
    }
    instants += stride(from: Int64(-200_000), to: 200_000, by: 997).map { $0 }
    var compared = 0
    for instant in instants {
      let libical = ZoneCoverageTests.libicals(instant, in: utc)
      let expected = (time: libical, offset: Int(libical.fieldSeconds - instant))
      guard let fast = WallTime.utc(instant, zone: nil) else {
        #expect(!(1...9999).contains(expected.time.year), "\(instant)")
        continue
      }
      let time = expected.time
      #expect(
        [fast.year, fast.month, fast.day, fast.hour, fast.minute, fast.second]
          == [time.year, time.month, time.day, time.hour, time.minute, time.second],
        "\(instant)")
      #expect(fast.isDate == time.isDate && fast.isDaylight == time.isDaylight, "\(instant)")
      #expect(expected.offset == 0)
      compared += 1
    }
    #expect(compared > 15_000)
  }
}
