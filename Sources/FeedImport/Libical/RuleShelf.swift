/// Lets the records of one load share the box of an RRULE they have in common.
///
/// A timetable repeats a few hundred rules over hundreds of thousands of events (519 distinct
/// RRULEs among 861,537 in the generator's 1M timetable); each record kept its own 170-byte
/// copy. The shelf remembers the last box seen in each of a fixed number of slots, chosen by
/// the rule's hash, and hands it to a later record with an equal rule. Its memory is fixed
/// whatever the feed: a feed of all-different rules keeps one box per record, as before.
struct RuleShelf {
  /// Slots (a power of two): enough for the rules a feed repeats, 8 KB.
  private static let slotCount = 1_024
  private var slots = [RuleBox?](repeating: nil, count: RuleShelf.slotCount)

  init() {}

  /// The box of a rule equal to `box`'s already on the shelf, or `box`, now on the shelf.
  mutating func share(_ box: RuleBox) -> RuleBox {
    var hasher = Hasher()
    box.rule.addFields(to: &hasher)
    let slot = hasher.finalize() & (RuleShelf.slotCount - 1)
    if let shelved = slots[slot], shelved === box || shelved.rule.sameFields(as: box.rule) {
      return shelved
    }
    slots[slot] = box
    return box
  }
}

extension RecurrenceRule {
  /// Whether every field of the two rules is the same, UNTIL's zone by identity.
  fileprivate func sameFields(as other: RecurrenceRule) -> Bool {
    frequency == other.frequency && until.sameFields(as: other.until) && count == other.count
      && interval == other.interval && weekStart == other.weekStart
      && bySecond == other.bySecond && byMinute == other.byMinute && byHour == other.byHour
      && byDay == other.byDay && byMonthDay == other.byMonthDay
      && byYearDay == other.byYearDay && byWeekNumber == other.byWeekNumber
      && byMonth == other.byMonth && bySetPosition == other.bySetPosition
      && rscale == other.rscale && skip == other.skip
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
