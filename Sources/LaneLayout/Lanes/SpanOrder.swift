extension DaySpan {
  /// Contract rule 3: start instant ascending, end instant descending, then title, uid and
  /// recurrence id by Unicode code point.
  public static func precedes(_ lhs: DaySpan, _ rhs: DaySpan) -> Bool {
    if lhs.startInstant != rhs.startInstant { return lhs.startInstant < rhs.startInstant }
    if lhs.endInstant != rhs.endInstant { return lhs.endInstant > rhs.endInstant }
    let byTitle = codePointOrder(lhs.title, rhs.title)
    if byTitle != 0 { return byTitle < 0 }
    let byUID = codePointOrder(lhs.uid, rhs.uid)
    if byUID != 0 { return byUID < 0 }
    return recurrenceOrder(lhs.recurrenceId, rhs.recurrenceId) < 0
  }

  /// Recurrence ids in the order of their contract texts by code point, a missing one first (as
  /// an empty text): negative, zero or positive as `lhs` sorts before, with or after `rhs`.
  package static func recurrenceOrder(_ lhs: LocalDateTime?, _ rhs: LocalDateTime?) -> Int {
    switch (lhs, rhs) {
    case (nil, nil): return 0
    case (nil, _): return -1
    case (_, nil): return 1
    case (let left?, let right?): return LocalDateTime.contractOrder(left, right)
    }
  }

  /// Compares by Unicode scalar values, without normalization (as Python compares strings):
  /// negative, zero or positive as `lhs` sorts before, with or after `rhs`.
  ///
  /// UTF-8 keeps code point order byte for byte, so comparing the bytes gives the same answer
  /// as comparing the scalars, without decoding them. Canonically equivalent strings with
  /// different scalars (precomposed `é` and `e` + combining accent) are different here.
  package static func codePointOrder(_ lhs: String, _ rhs: String) -> Int {
    let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in byteOrder(left, right) }
    }
    if case .some(.some(let order)) = inPlace { return order }
    // Strings without contiguous UTF-8 (bridged ones): copy the bytes out.
    return Array(lhs.utf8).withUnsafeBufferPointer { left in
      Array(rhs.utf8).withUnsafeBufferPointer { right in byteOrder(left, right) }
    }
  }

  private static func byteOrder(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let common = min(left.count, right.count)
    var index = 0
    while index < common {
      let a = left[index]
      let b = right[index]
      if a != b { return a < b ? -1 : 1 }
      index += 1
    }
    return left.count - right.count
  }
}
