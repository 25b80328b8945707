extension DaySpan {
  /// Contract rule 3: start instant ascending, end instant descending, then title, uid and
  /// recurrence id by Unicode code point.
  public static func precedes(_ lhs: DaySpan, _ rhs: DaySpan) -> Bool {
    if lhs.startInstant != rhs.startInstant { return lhs.startInstant < rhs.startInstant }
    if lhs.endInstant != rhs.endInstant { return lhs.endInstant > rhs.endInstant }
    if lhs.title != rhs.title { return codePointPrecedes(lhs.title, rhs.title) }
    if lhs.uid != rhs.uid { return codePointPrecedes(lhs.uid, rhs.uid) }
    return codePointPrecedes(lhs.recurrenceId ?? "", rhs.recurrenceId ?? "")
  }

  /// ``precedes(_:_:)`` for two spans whose instants are equal, reading the fields in place.
  static func tiePrecedes(_ spans: UnsafeBufferPointer<DaySpan>, _ lhs: Int, _ rhs: Int) -> Bool {
    if spans[lhs].title != spans[rhs].title {
      return codePointPrecedes(spans[lhs].title, spans[rhs].title)
    }
    if spans[lhs].uid != spans[rhs].uid {
      return codePointPrecedes(spans[lhs].uid, spans[rhs].uid)
    }
    return codePointPrecedes(spans[lhs].recurrenceId ?? "", spans[rhs].recurrenceId ?? "")
  }

  /// Compares by Unicode scalar values, without normalization (as Python compares strings).
  ///
  /// UTF-8 keeps code point order byte for byte, so comparing the bytes gives the same answer
  /// as comparing the scalars, without decoding them.
  static func codePointPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    var left = lhs
    var right = rhs
    return left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in
        let common = min(leftBytes.count, rightBytes.count)
        var index = 0
        while index < common {
          let a = leftBytes[index]
          let b = rightBytes[index]
          if a != b { return a < b }
          index += 1
        }
        return leftBytes.count < rightBytes.count
      }
    }
  }
}
