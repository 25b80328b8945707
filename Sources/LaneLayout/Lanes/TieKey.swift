/// Rule 3's string keys of one span, read once for sorting spans whose instants are equal.
///
/// Holds the first 16 UTF-8 bytes of the title as integers, so that most comparisons never go
/// back to the strings: only two titles longer than 16 bytes that agree on those bytes are
/// compared in full, and uids and recurrence ids only for equal titles.
struct TieKey {
  /// The span's position in the caller's list.
  var position: Int
  /// The span's index in the spans.
  var index: Int
  /// The start of the title.
  var title: Prefix

  /// The key of `spans[index]`.
  init(_ spans: UnsafeBufferPointer<DaySpan>, index: Int, position: Int) {
    self.position = position
    self.index = index
    title = Prefix(spans[index].title)
  }

  /// Whether `lhs` comes before `rhs` by title, uid, recurrence id (by code point), then
  /// position.
  static func precedes(_ lhs: TieKey, _ rhs: TieKey, in spans: UnsafeBufferPointer<DaySpan>)
    -> Bool
  {
    let byTitle =
      Prefix.order(lhs.title, rhs.title)
      ?? DaySpan.codePointOrder(spans[lhs.index].title, spans[rhs.index].title)
    if byTitle != 0 { return byTitle < 0 }
    let byUID = DaySpan.codePointOrder(spans[lhs.index].uid, spans[rhs.index].uid)
    if byUID != 0 { return byUID < 0 }
    let byRecurrence = DaySpan.recurrenceOrder(
      spans[lhs.index].recurrenceId, spans[rhs.index].recurrenceId)
    if byRecurrence != 0 { return byRecurrence < 0 }
    return lhs.position < rhs.position
  }

  /// The first 16 UTF-8 bytes of a string, big-endian and zero-padded, and its length in bytes.
  struct Prefix {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var count: Int

    @inline(__always)
    init(_ text: String) {
      count = text.utf8.count
      // Read in place: up to 16 bytes copied into two zeroed words, read as big-endian.
      let words = text.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64) in
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
          raw.copyMemory(
            from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).prefix(16)))
        }
        return (UInt64(bigEndian: words.0), UInt64(bigEndian: words.1))
      }
      if let words {
        (high, low) = words
        return
      }
      var shift = 0
      for byte in text.utf8.prefix(16) {
        if shift < 8 {
          high |= UInt64(byte) << UInt64(56 - 8 * shift)
        } else {
          low |= UInt64(byte) << UInt64(120 - 8 * shift)
        }
        shift += 1
      }
    }

    /// The code point order of the two strings (negative, zero or positive), or nil when both
    /// are longer than 16 bytes and agree on the first 16.
    ///
    /// Zero padding sorts like the end of a string: when the padded prefixes differ, the first
    /// difference is a real byte against a real byte or against the end of the shorter string.
    /// When they agree and one string has at most 16 bytes, it is a prefix of the other.
    static func order(_ lhs: Prefix, _ rhs: Prefix) -> Int? {
      if lhs.high != rhs.high { return lhs.high < rhs.high ? -1 : 1 }
      if lhs.low != rhs.low { return lhs.low < rhs.low ? -1 : 1 }
      if lhs.count <= 16 || rhs.count <= 16 { return lhs.count - rhs.count }
      return nil
    }
  }
}
