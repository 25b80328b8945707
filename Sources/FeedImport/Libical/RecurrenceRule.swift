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

  /// Whether the rule is YEARLY on weeks of the year (BYWEEKNO, each ±1…53) and at most plain
  /// weekdays (BYDAY), WKST, INTERVAL, COUNT or UNTIL, nothing else: the shape icslanes counts
  /// out itself (`WeekNumberRule`), so it needs no leave of libical's iterator (libical 3.0.16
  /// refuses it without BYDAY, and expands it off RFC 5545).
  var countsWeeksOfYear: Bool {
    frequency == .yearly && rscale == nil && !byWeekNumber.isEmpty
      && byWeekNumber.allSatisfy({ $0 != 0 && abs($0) <= 53 })
      && byDay.allSatisfy({ value in
        let (weekday, position) = RecurrenceRule.weekday(value)
        return position == 0 && (1...7).contains(weekday)
      })
      && bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byMonthDay.isEmpty
      && byYearDay.isEmpty && byMonth.isEmpty && bySetPosition.isEmpty
      && (0...7).contains(weekStart)
  }

  /// Whether the rule has any BY part (which may add instances inside one FREQ period).
  var hasByParts: Bool { !byDay.isEmpty || hasByPartsBesidesDay }

  /// Whether the rule has a BY part other than BYDAY.
  var hasByPartsBesidesDay: Bool {
    !(bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byMonthDay.isEmpty
      && byYearDay.isEmpty && byWeekNumber.isEmpty && byMonth.isEmpty && bySetPosition.isEmpty)
  }

}
