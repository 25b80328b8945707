/// An RRULE as a Swift value: libical's `icalrecurrencetype` field for field, its BY lists as
/// arrays (without libical's end marker) and RSCALE as a string, so that a rule goes to
/// libical's iterator and back unchanged.
struct RecurrenceRule {
  /// FREQ; nil when libical read none (a rule it cannot read).
  var frequency: RecurrenceFrequency?
  /// UNTIL; ``WallTime/null`` when the rule has none.
  var until: WallTime
  /// COUNT; 0 when the rule has none.
  var count: Int32
  /// INTERVAL as written (0 when absent; read as 1).
  var interval: Int16
  /// WKST: 0 when absent, else 1 = Sunday … 7 = Saturday.
  var weekStart: Int
  var bySecond: [Int16] = []
  var byMinute: [Int16] = []
  var byHour: [Int16] = []
  /// BYDAY, encoded as libical does (weekday plus 8 × position; see ``RecurrenceRule/weekday(_:)``).
  var byDay: [Int16] = []
  var byMonthDay: [Int16] = []
  var byYearDay: [Int16] = []
  var byWeekNumber: [Int16] = []
  /// BYMONTH, encoded as libical does (RFC 7529 leap months).
  var byMonth: [Int16] = []
  var bySetPosition: [Int16] = []
  /// RSCALE (RFC 7529), when the rule has one.
  var rscale: String?
  /// SKIP (RFC 7529), libical's value.
  var skip: UInt32 = 0

  /// Whether the rule has any BY part (which may add instances inside one FREQ period).
  var hasByParts: Bool {
    !(bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty
      && byMonthDay.isEmpty && byYearDay.isEmpty && byWeekNumber.isEmpty && byMonth.isEmpty
      && bySetPosition.isEmpty)
  }

}
