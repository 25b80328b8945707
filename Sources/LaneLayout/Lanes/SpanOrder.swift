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

  /// Compares by Unicode scalar values, without normalization (as Python compares strings).
  static func codePointPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
  }
}
