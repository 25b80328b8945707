/// Lets the records of one load share what their recurrence has in common: the box of an
/// RRULE, and the buffer of an EXDATE list.
///
/// A timetable repeats a few hundred rules and holiday lists over hundreds of thousands of
/// events (519 distinct RRULEs among 861,537 in the generator's 1M timetable, 1,920 distinct
/// EXDATEs among 855,094); each record kept its own copy, 170 bytes a rule and some 80 bytes a
/// one-date list. The shelf remembers the last rule and the last list seen in each of a fixed
/// number of slots, chosen by a hash, and hands them to a later record with an equal one. Its
/// memory is fixed whatever the feed: a feed whose rules all differ keeps one per record, as
/// before.
package struct RecurrenceShelf {
  /// 1,024 rules and 1,024 lists: enough for what a feed repeats, 16 KB in all.
  private var rules = SharingSlots<RuleBox>()
  private var exdateLists = SharingSlots<[WallTime]>()

  package init() {}

  /// The box of a rule equal to `box`'s already on the shelf, or `box`, now on the shelf.
  mutating func share(_ box: RuleBox) -> RuleBox {
    var hasher = Hasher()
    box.rule.addFields(to: &hasher)
    return rules.share(box, hash: hasher.finalize()) {
      $0 === $1 || $0.rule.sameFields(as: $1.rule)
    }
  }

  /// An equal EXDATE list already on the shelf (sharing its buffer), or `list`, now on the
  /// shelf. An empty list is left as it is.
  mutating func share(_ list: [WallTime]) -> [WallTime] {
    guard !list.isEmpty else { return list }
    var hasher = Hasher()
    hasher.combine(list.count)
    for time in list { time.addFields(to: &hasher) }
    return exdateLists.share(list, hash: hasher.finalize()) {
      $0.count == $1.count && zip($0, $1).allSatisfy { $0.sameFields(as: $1) }
    }
  }
}

extension RecurrenceRule {
  /// Whether every field of the two rules is the same, UNTIL's zone by identity and RSCALE by
  /// its bytes.
  fileprivate func sameFields(as other: RecurrenceRule) -> Bool {
    frequency == other.frequency && until.sameFields(as: other.until) && count == other.count
      && interval == other.interval && weekStart == other.weekStart
      && bySecond == other.bySecond && byMinute == other.byMinute && byHour == other.byHour
      && byDay == other.byDay && byMonthDay == other.byMonthDay
      && byYearDay == other.byYearDay && byWeekNumber == other.byWeekNumber
      && byMonth == other.byMonth && bySetPosition == other.bySetPosition
      && Self.sameBytes(rscale, other.rscale) && skip == other.skip
  }

  /// Whether both texts are absent, or both present with the same bytes.
  private static func sameBytes(_ one: String?, _ other: String?) -> Bool {
    switch (one, other) {
    case (nil, nil): true
    case (let one?, let other?): ExactText.same(one, other)
    default: false
    }
  }

  /// Feeds what ``sameFields(as:)`` compares to `hasher`.
  fileprivate func addFields(to hasher: inout Hasher) {
    hasher.combine(frequency?.rawValue)
    until.addFields(to: &hasher)
    hasher.combine(count)
    hasher.combine(interval)
    hasher.combine(weekStart)
    hasher.combine(bySecond)
    hasher.combine(byMinute)
    hasher.combine(byHour)
    hasher.combine(byDay)
    hasher.combine(byMonthDay)
    hasher.combine(byYearDay)
    hasher.combine(byWeekNumber)
    hasher.combine(byMonth)
    hasher.combine(bySetPosition)
    hasher.combine(rscale)
    hasher.combine(skip)
  }
}

extension WallTime {
  /// Whether the fields and the zone (by identity) are the same.
  fileprivate func sameFields(as other: WallTime) -> Bool {
    year == other.year && month == other.month && day == other.day && hour == other.hour
      && minute == other.minute && second == other.second && isDate == other.isDate
      && isDaylight == other.isDaylight && zone === other.zone
  }

  /// Feeds what ``sameFields(as:)`` compares to `hasher`.
  fileprivate func addFields(to hasher: inout Hasher) {
    hasher.combine(year)
    hasher.combine(month)
    hasher.combine(day)
    hasher.combine(hour)
    hasher.combine(minute)
    hasher.combine(second)
    hasher.combine(isDate)
    hasher.combine(isDaylight)
    hasher.combine(zone.map(ObjectIdentifier.init))
  }
}
