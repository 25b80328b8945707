/// The `YYYY-MM-DD` text of the last day written through it, copied rather than worked out
/// again when the next day is the same one: a segment's start, end, recurrence id, first and
/// last day mostly fall on one day, and working a day's year, month and day out of its number
/// costs a hundred-odd instructions (the JSON writer's, 2026-11-28).
package struct ISODayMemo {
  /// The day whose text is kept; `Int.min` (no day's) before the first.
  private var ordinal = Int.min
  /// The text's first eight bytes and its last two.
  private var head: UInt64 = 0
  private var tail: UInt16 = 0

  /// A memo that holds no day yet.
  package init() {}

  /// Writes `day`'s ``Day/description`` (ten bytes) at `base` when its year has four digits
  /// (0–9999); false, writing nothing, otherwise.
  package mutating func write(_ day: Day, at base: UnsafeMutablePointer<UInt8>) -> Bool {
    let raw = UnsafeMutableRawPointer(base)
    if day.ordinal == ordinal {
      raw.storeBytes(of: head, as: UInt64.self)
      raw.storeBytes(of: tail, toByteOffset: 8, as: UInt16.self)
      return true
    }
    guard day.writeFourDigitYearISO(at: base) else { return false }
    ordinal = day.ordinal
    head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
    tail = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: 8, as: UInt16.self)
    return true
  }
}
