#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A feed's identifier (a UID, a TZID) compared and hashed by its UTF-8 bytes, never by Swift's
/// canonical equivalence.
///
/// Two UIDs name the same event when they are the same code points, as libical (`strcmp`) and
/// Python's `recurring-ical-events` read them, and as the scan's byte-level keys
/// (``UIDBytes/key(of:)-(String)``) see them: `café` written precomposed (U+00E9) and
/// decomposed (`e` + U+0301) are two UIDs. Swift's `String ==` would call them one, and then an
/// override or a repeat would join a series with the other spelling only when libical read both,
/// not when the pre-filter passed one over. A TZID likewise names a VTIMEZONE only when libical
/// finds it by that exact text.
package struct ExactText: Hashable {
  /// The identifier's text.
  let text: String

  package init(_ text: String) {
    self.text = text
  }

  package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    ExactText.same(lhs.text, rhs.text)
  }

  package func hash(into hasher: inout Hasher) {
    ExactText.combine(text, into: &hasher)
  }

  /// Whether two identifiers are the same bytes.
  package static func same(_ lhs: String, _ rhs: String) -> Bool {
    let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in ExactText.same(left, right) }
    }
    if case .some(.some(let equal)) = inPlace { return equal }
    return lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Whether two runs of bytes are the same, by `memcmp` rather than through the collections'
  /// iterators, which are much slower.
  static func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
    return memcmp(left, right, lhs.count) == 0
  }

  /// Feeds an identifier's bytes (and their count) to `hasher`.
  package static func combine(_ text: String, into hasher: inout Hasher) {
    let utf8 = text.utf8
    hasher.combine(utf8.count)
    let inPlace: Void? = utf8.withContiguousStorageIfAvailable { bytes in
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
    if inPlace == nil {
      for byte in utf8 { hasher.combine(byte) }
    }
  }
}
