import ICalBridge

extension RuleExpander {
  /// The times BYHOUR, BYMINUTE and BYSECOND give (DTSTART's where a part coarser than FREQ is
  /// absent): the offsets into a day, or into a sub-daily period, of its instances, in order,
  /// and the parts that limit a sub-daily period's own fields (bit n for value n). A DATE
  /// DTSTART (whose rule RFC 5545 forbids the time parts) keeps them as libical does: each time
  /// takes a place of COUNT, and the instances are the dates.
  static func timeParts(
    of rule: RecurrenceRule, frequency: RecurrenceFrequency, start: WallTime
  ) -> (offsets: [Int64], hours: UInt64, minutes: UInt64, seconds: UInt64) {
    func values(_ list: [Int16], _ range: ClosedRange<Int>, _ fallback: Int32) -> [Int64] {
      let kept = Set(list.map(Int.init).filter { range.contains($0) })
      return list.isEmpty ? [Int64(fallback)] : kept.sorted().map(Int64.init)
    }
    func mask(_ list: [Int16]) -> UInt64 {
      list.reduce(0) { (0...60).contains($1) ? $0 | 1 << UInt64($1) : $0 }
    }
    let hours = values(rule.byHour, 0...23, start.hour)
    let minutes = values(rule.byMinute, 0...59, start.minute)
    let seconds = values(rule.bySecond, 0...60, start.second)
    switch frequency {
    case .secondly:
      return ([0], mask(rule.byHour), mask(rule.byMinute), mask(rule.bySecond))
    case .minutely:
      return (seconds, mask(rule.byHour), mask(rule.byMinute), 0)
    case .hourly:
      return (product(minutes.map { $0 * 60 }, seconds), mask(rule.byHour), 0, 0)
    default:
      return (product(product(hours.map { $0 * 3_600 }, minutes.map { $0 * 60 }), seconds), 0, 0, 0)
    }
  }

  /// Every sum of one value of `left` and one of `right`, in order.
  private static func product(_ left: [Int64], _ right: [Int64]) -> [Int64] {
    left.flatMap { base in right.map { base + $0 } }.sorted()
  }

  /// The instances each period of `set` holds when that number is the same for every period:
  /// no day part but whole weekdays (WEEKLY), days of the month that every month has (MONTHLY,
  /// YEARLY on BYMONTH), nothing that limits a day or sub-daily period; BYSETPOS then keeps
  /// its places within that number. Nil otherwise.
  static func fixedSize(of set: PeriodSet) -> Int? {
    let days = set.days
    let perDay = set.offsets.count
    var size: Int?
    let onlyMonthDays =
      days.weekdays == 0 && days.positioned.isEmpty && days.yearDays.isEmpty
      && days.weeks.isEmpty
    let positive = days.monthDays & 0xFFFF_FFFF
    let negative = days.monthDays >> 32
    let everyMonth =
      (negative == 0 && positive < 1 << 29) || (positive == 0 && negative < 1 << 29)
    switch set.clock.frequency {
    case .secondly, .minutely, .hourly:
      if days.allowsEveryDay, set.hours == 0, set.minutes == 0, set.seconds == 0 { size = perDay }
    case .daily:
      if days.allowsEveryDay { size = perDay }
    case .weekly:
      if days.months == 0, days.monthDays == 0, days.positioned.isEmpty, days.yearDays.isEmpty,
        days.weeks.isEmpty
      {
        size = days.weekdays.nonzeroBitCount * perDay
      }
    case .monthly:
      if onlyMonthDays, days.months == 0, days.monthDays != 0, everyMonth {
        size = days.monthDays.nonzeroBitCount * perDay
      }
    case .yearly:
      if onlyMonthDays, days.months != 0, days.monthDays != 0, everyMonth, !set.clock.weekYears {
        size = days.months.nonzeroBitCount * days.monthDays.nonzeroBitCount * perDay
      }
    }
    guard let size, !set.positions.isEmpty else { return size }
    return Set(set.positions.map { $0 > 0 ? $0 - 1 : size + $0 }.filter { (0..<size).contains($0) })
      .count
  }
}
