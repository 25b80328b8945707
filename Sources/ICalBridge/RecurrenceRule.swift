/// An RRULE as a Swift value: libical's `icalrecurrencetype` field for field, its BY lists as
/// arrays (without libical's end marker) and RSCALE as a string, so that a rule goes to
/// libical's iterator and back unchanged.
public struct RecurrenceRule: Sendable {
  /// FREQ; nil when libical read none (a rule it cannot read).
  package var frequency: RecurrenceFrequency?
  /// UNTIL; ``WallTime/null`` when the rule has none.
  package var until: WallTime
  /// COUNT; 0 when the rule has none.
  package var count: Int32
  /// INTERVAL as written (0 when absent; read as 1).
  package var interval: Int16
  /// WKST: 0 when absent, else 1 = Sunday … 7 = Saturday.
  package var weekStart: Int
  /// The nine BY lists, in one box that copies of the rule share: a rule is copied several
  /// times in each expansion, and nine arrays took nine reference counts a copy (and nine
  /// releases), one box takes one.
  private var box: ByListsBox
  package var bySecond: [Int16] {
    get { box.lists.bySecond }
    set { box = box.with(\.bySecond, newValue) }
  }
  package var byMinute: [Int16] {
    get { box.lists.byMinute }
    set { box = box.with(\.byMinute, newValue) }
  }
  package var byHour: [Int16] {
    get { box.lists.byHour }
    set { box = box.with(\.byHour, newValue) }
  }
  /// BYDAY, encoded as libical does (weekday plus eight times the position; see
  /// ``RecurrenceRule/weekday(_:)``).
  package var byDay: [Int16] {
    get { box.lists.byDay }
    set { box = box.with(\.byDay, newValue) }
  }
  package var byMonthDay: [Int16] {
    get { box.lists.byMonthDay }
    set { box = box.with(\.byMonthDay, newValue) }
  }
  package var byYearDay: [Int16] {
    get { box.lists.byYearDay }
    set { box = box.with(\.byYearDay, newValue) }
  }
  package var byWeekNumber: [Int16] {
    get { box.lists.byWeekNumber }
    set { box = box.with(\.byWeekNumber, newValue) }
  }
  /// BYMONTH, encoded as libical does (RFC 7529 leap months).
  package var byMonth: [Int16] {
    get { box.lists.byMonth }
    set { box = box.with(\.byMonth, newValue) }
  }
  package var bySetPosition: [Int16] {
    get { box.lists.bySetPosition }
    set { box = box.with(\.bySetPosition, newValue) }
  }
  /// RSCALE (RFC 7529), when the rule has one.
  package var rscale: String?
  /// SKIP (RFC 7529), libical's value.
  package var skip: UInt32 = 0

  /// A rule from its fields.
  package init(
    frequency: RecurrenceFrequency?, until: WallTime, count: Int32, interval: Int16,
    weekStart: Int, bySecond: [Int16] = [], byMinute: [Int16] = [], byHour: [Int16] = [],
    byDay: [Int16] = [], byMonthDay: [Int16] = [], byYearDay: [Int16] = [],
    byWeekNumber: [Int16] = [], byMonth: [Int16] = [], bySetPosition: [Int16] = [],
    rscale: String? = nil, skip: UInt32 = 0
  ) {
    self.frequency = frequency
    self.until = until
    self.count = count
    self.interval = interval
    self.weekStart = weekStart
    let lists = ByLists(
      bySecond: bySecond, byMinute: byMinute, byHour: byHour, byDay: byDay,
      byMonthDay: byMonthDay, byYearDay: byYearDay, byWeekNumber: byWeekNumber, byMonth: byMonth,
      bySetPosition: bySetPosition)
    box = lists.isEmpty ? ByListsBox.none : ByListsBox(lists)
    self.rscale = rscale
    self.skip = skip
  }

  /// Whether the rule is YEARLY on weeks of the year (BYWEEKNO, each ±1…53) and at most plain
  /// weekdays (BYDAY), WKST, INTERVAL, COUNT or UNTIL, nothing else: the shape icslanes counts
  /// out itself (``RuleExpander``), so it needs no leave of libical's iterator (libical 3.0.16
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
  package var hasByParts: Bool { !box.lists.isEmpty }

  /// Whether the rule has a BY part other than BYDAY.
  var hasByPartsBesidesDay: Bool { !box.lists.areEmptyBesidesDay }

}

/// The box of a rule's nine BY lists, shared by the rule's copies and never changed: a change
/// to one list makes a new box (``with(_:_:)``).
private final class ByListsBox: Sendable {
  let lists: ByLists

  /// The box every rule without BY lists shares.
  static let none = ByListsBox(ByLists())

  init(_ lists: ByLists) {
    self.lists = lists
  }

  /// A box of these lists with `field` set to `values`.
  func with(_ field: WritableKeyPath<ByLists, [Int16]>, _ values: [Int16]) -> ByListsBox {
    var changed = lists
    changed[keyPath: field] = values
    return ByListsBox(changed)
  }
}

/// A rule's nine BY lists, as a value.
private struct ByLists: Sendable {
  var bySecond: [Int16] = []
  var byMinute: [Int16] = []
  var byHour: [Int16] = []
  var byDay: [Int16] = []
  var byMonthDay: [Int16] = []
  var byYearDay: [Int16] = []
  var byWeekNumber: [Int16] = []
  var byMonth: [Int16] = []
  var bySetPosition: [Int16] = []

  /// No list has a value.
  var isEmpty: Bool { byDay.isEmpty && areEmptyBesidesDay }

  /// No list but BYDAY's has a value.
  var areEmptyBesidesDay: Bool {
    bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byMonthDay.isEmpty
      && byYearDay.isEmpty && byWeekNumber.isEmpty && byMonth.isEmpty && bySetPosition.isEmpty
  }
}
