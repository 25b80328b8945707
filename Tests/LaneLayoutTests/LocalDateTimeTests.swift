import Foundation
import Testing

@testable import LaneLayout

/// Starts, ends and recurrence ids are `LocalDateTime` values: their text is the contract's,
/// they encode as that text, and their order as text (rule 3's order of recurrence ids) is
/// worked out from the fields without writing the text.
@Suite struct LocalDateTimeTests {
  typealias SplitMix = FirstFitPropertyTests.SplitMix

  static let august12 = Day(iso: "2024-08-12")!

  @Test func textsAreTheContracts() {
    let cases: [(LocalDateTime, String)] = [
      (LocalDateTime(day: Self.august12), "2024-08-12"),
      (
        LocalDateTime(day: Self.august12, hour: 8, minute: 30, utcOffset: 7200),
        "2024-08-12T08:30:00+02:00"
      ),
      (
        LocalDateTime(day: Self.august12, hour: 23, minute: 59, second: 60, utcOffset: -19_800),
        "2024-08-12T23:59:60-05:30"
      ),
      (LocalDateTime(day: Self.august12, utcOffset: 0), "2024-08-12T00:00:00+00:00"),
      // Berlin's local mean time: the offset's seconds are not written.
      (
        LocalDateTime(day: Day(iso: "1850-01-01")!, hour: 12, utcOffset: 3208),
        "1850-01-01T12:00:00+00:53"
      ),
      (LocalDateTime(day: Day(year: 99, month: 1, day: 1)!), "0099-01-01"),
      (
        LocalDateTime(day: Self.august12, hour: 150, utcOffset: 360_000),
        "2024-08-12T150:00:00+100:00"
      ),
    ]
    for (value, text) in cases {
      #expect(value.description == text)
      var bytes: [UInt8] = []
      value.appendContractText(to: &bytes)
      #expect(bytes == Array(text.utf8))
    }
    #expect(
      LocalDateTime(day: Self.august12, hour: 8, minute: 5, utcOffset: 0).clockText == "08:05")
    #expect(LocalDateTime(day: Self.august12).clockText == nil)
  }

  /// The usual texts are written in one piece, the others field by field: both ways must give
  /// the text the fields spell, for years inside and outside four digits, clock fields of
  /// three digits and offsets of a hundred hours or more.
  @Test func textsSpellTheirFields() {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value.magnitude)
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
        + digits
    }
    var random = SplitMix(state: 20_261_127)
    let years = [-1, 0, 1, 999, 1970, 2024, 9999, 10_000, 123_456]
    for _ in 0..<20_000 {
      let year = random.next(3) == 0 ? years[random.next(years.count)] : random.next(10_400) - 200
      let month = random.next(12) + 1
      let day = random.next(28) + 1
      guard let date = Day(year: year, month: month, day: day) else { continue }
      let wide = random.next(8) == 0
      let hour = wide ? random.next(256) : random.next(24)
      let minute = wide ? random.next(256) : random.next(60)
      let second = wide ? random.next(256) : random.next(61)
      let offset: Int? =
        random.next(5) == 0
        ? nil : (random.next(2) == 0 ? -1 : 1) * (wide ? random.next(400_000) : random.next(50_400))
      let value = LocalDateTime(
        day: date, hour: hour, minute: minute, second: second, utcOffset: offset)
      var expected = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
      if let offset {
        let magnitude = offset.magnitude
        expected +=
          "T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
          + (offset < 0 ? "-" : "+") + "\(padded(Int(magnitude / 3600), 2)):"
          + padded(Int(magnitude % 3600 / 60), 2)
      }
      var bytes: [UInt8] = [0x2A]
      value.appendContractText(to: &bytes)
      #expect(bytes == [0x2A] + Array(expected.utf8), "\(expected)")
      var dayBytes: [UInt8] = []
      date.appendISO(to: &dayBytes)
      #expect(
        String(decoding: dayBytes, as: UTF8.self) == expected.prefix(dayBytes.count).description)
      #expect(
        dayBytes.count == expected.firstIndex(of: "T").map {
          expected.utf8.distance(from: expected.startIndex, to: $0)
        } ?? expected.utf8.count)
    }
  }

  @Test func fieldsOutsideTheStoredRangesAreClamped() {
    var value = LocalDateTime(
      day: Self.august12, hour: 300, minute: -1, second: 61, utcOffset: .min)
    #expect((value.hour, value.minute, value.second) == (255, 0, 61))
    #expect(value.utcOffset == Int(Int32.min) + 1)
    #expect(!value.isDate)
    value.utcOffset = nil
    #expect(value.isDate)
    value.day = Day(ordinal: .max)
    #expect(value.day.ordinal == Int(Int32.max))
  }

  @Test func encodesAndDecodesAsText() throws {
    let values = [
      LocalDateTime(day: Self.august12),
      LocalDateTime(day: Self.august12, hour: 8, minute: 30, second: 15, utcOffset: -25_200),
    ]
    let data = try JSONEncoder().encode(values)
    #expect(String(decoding: data, as: UTF8.self) == #"["2024-08-12","2024-08-12T08:30:15-07:00"]"#)
    #expect(try JSONDecoder().decode([LocalDateTime].self, from: data) == values)
    for bad in [#"["2024-08-12T08:30"]"#, #"["2024-13-01"]"#, #"["2024-08-12T08:30:00+2:00"]"#] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode([LocalDateTime].self, from: Data(bad.utf8))
      }
    }
  }

  /// The order from the fields against the order of the texts' bytes, on random values with
  /// every field near and past the edges where the text changes width or sign.
  @Test func contractOrderIsTheTextsByteOrder() {
    var random = SplitMix(state: 0x7153)
    func value() -> LocalDateTime {
      let day: Day =
        random.next(8) == 0
        ? Day(ordinal: random.next(8_000_000) - 4_000_000)
        : Day(ordinal: 19_000 + random.next(3))
      if random.next(4) == 0 { return LocalDateTime(day: day) }
      let offsets = [
        0, -1, 1, 3600, 3601, -3600, 3599, 19_800, -19_800, 359_999, 360_000, -360_000,
      ]
      let offset =
        random.next(3) == 0 ? offsets[random.next(offsets.count)] : (random.next(4) - 2) * 3600
      return LocalDateTime(
        day: day, hour: random.next(6) == 0 ? random.next(256) : random.next(3),
        minute: random.next(2), second: random.next(6) == 0 ? random.next(256) : random.next(2),
        utcOffset: offset)
    }
    for _ in 0..<20_000 {
      let (a, b) = (value(), value())
      let textOrder: Int = {
        let (left, right) = (Array(a.description.utf8), Array(b.description.utf8))
        if left == right { return 0 }
        return left.lexicographicallyPrecedes(right) ? -1 : 1
      }()
      #expect(LocalDateTime.contractOrder(a, b).signum() == textOrder, "\(a) \(b)")
    }
  }
}
