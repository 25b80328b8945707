import Testing

@testable import LaneLayout

/// A title's first 16 bytes, read in place for the tie order of equal spans: the bytes and the
/// order must be those of the title's UTF-8, byte by byte.
struct TieKeyPrefixTests {
  /// The prefix as its documentation says: the first 16 UTF-8 bytes, big-endian, zero-padded.
  static func expected(_ text: String) -> (high: UInt64, low: UInt64) {
    var high: UInt64 = 0
    var low: UInt64 = 0
    for (index, byte) in text.utf8.prefix(16).enumerated() {
      if index < 8 {
        high |= UInt64(byte) << UInt64(56 - 8 * index)
      } else {
        low |= UInt64(byte) << UInt64(120 - 8 * index)
      }
    }
    return (high, low)
  }

  static let texts = [
    "", "a", "Lecture", "123456789012345", "1234567890123456", "12345678901234567",
    "Vorlesung Mathematik für Ingenieure", "日本語の講義", "é", "\u{0}x", "zzzzzzzz", "zzzzzzzzz",
    String(repeating: "ü", count: 40), "Ab", "AB", "a\u{301}", "á",
  ]

  @Test func prefixesAreTheFirstSixteenBytes() {
    for text in TieKeyPrefixTests.texts {
      let prefix = TieKey.Prefix(text)
      let (high, low) = TieKeyPrefixTests.expected(text)
      #expect(prefix.high == high && prefix.low == low, "\(text)")
      #expect(prefix.count == text.utf8.count)
    }
  }

  @Test func prefixOrderIsCodePointOrder() {
    for left in TieKeyPrefixTests.texts {
      for right in TieKeyPrefixTests.texts {
        let expected =
          left.utf8.lexicographicallyPrecedes(right.utf8)
          ? -1 : (left.utf8.elementsEqual(right.utf8) ? 0 : 1)
        if let order = TieKey.Prefix.order(TieKey.Prefix(left), TieKey.Prefix(right)) {
          #expect(order.signum() == expected, "\(left) \(right)")
        } else {
          #expect(left.utf8.count > 16 && right.utf8.count > 16)
          #expect(left.utf8.prefix(16).elementsEqual(right.utf8.prefix(16)))
        }
      }
    }
  }
}
