import CLibical
import Testing

@testable import FeedImport
@testable import ICalBridge

/// Times without a zone are ordered in Swift (`WallTime.fieldOrder`): the order must be
/// libical's `icaltime_compare` on every pair, dates and odd fields included.
struct WallTimeOrderTests {
  /// A time of random fields: near values (so that ties reach the later fields), sometimes
  /// out of range, sometimes a date.
  static func time(_ random: inout SystemRandomNumberGenerator) -> WallTime {
    func pick(_ values: [Int32]) -> Int32 { values.randomElement(using: &random) ?? 0 }
    return WallTime(
      year: pick([0, 1, 1969, 1970, 2024, 2025, 9999, 10_000]), month: pick([0, 1, 2, 12, 13]),
      day: pick([0, 1, 15, 31, 32]), hour: pick([0, 1, 12, 23, 24]), minute: pick([0, 30, 59]),
      second: pick([0, 1, 59, 60]), isDate: Bool.random(using: &random),
      isDaylight: Bool.random(using: &random), zone: nil)
  }

  @Test("floating times and dates are ordered as icaltime_compare orders them")
  func fieldOrderIsLibicals() {
    var random = SystemRandomNumberGenerator()
    var differing = 0
    var unequal = 0
    for _ in 0..<20_000 {
      let left = WallTimeOrderTests.time(&random)
      var right = WallTimeOrderTests.time(&random)
      // Half of the pairs share the date, so that the time and the DATE flag decide.
      if Bool.random(using: &random) {
        (right.year, right.month, right.day) = (left.year, left.month, left.day)
      }
      let swift = WallTime.compare(left, right)
      let libical = LibicalGate.run { Int(icaltime_compare(left.libical, right.libical)) }
      if swift != libical { differing += 1 }
      if swift != 0 { unequal += 1 }
    }
    #expect(differing == 0)
    // Both orders and ties were met.
    #expect(unequal > 1_000 && unequal < 19_900)
  }

  @Test("a time with a zone is still compared by libical")
  func zonedTimesGoToLibical() throws {
    let utc = LibicalZone.utc
    let zoned = WallTime(year: 2024, month: 8, day: 1, hour: 10, zone: utc)
    let floating = WallTime(year: 2024, month: 8, day: 1, hour: 10)
    #expect(WallTime.compare(zoned, floating) == 0)
    let berlin = try #require(LibicalZone.system(named: "Europe/Berlin"))
    // 10:00 in Berlin (08:00Z) is before 09:00Z.
    let inBerlin = WallTime(year: 2024, month: 8, day: 1, hour: 10, zone: berlin)
    let nine = WallTime(year: 2024, month: 8, day: 1, hour: 9, zone: utc)
    #expect(WallTime.compare(inBerlin, nine) == -1)
  }
}
