import ICalBridge
import LaneLayout

/// The instances of one FREQ period of an RRULE, as RFC 5545 3.3.10 expands and limits them:
/// the period's days the day parts hold, each at the times of day (BYHOUR, BYMINUTE, BYSECOND,
/// or DTSTART's), or for a sub-daily FREQ the period itself when its hour, minute and second
/// pass, at the offsets the finer parts give; then BYSETPOS picks among them.
package struct PeriodSet {
  let clock: PeriodClock
  let days: DayParts
  /// Seconds into a day (DAILY and longer) or into a sub-daily period, in order.
  let offsets: [Int64]
  /// BYHOUR, BYMINUTE, BYSECOND as limits of a sub-daily period's own fields: bit n for value n
  /// (0: no limit).
  let hours: UInt64
  let minutes: UInt64
  let seconds: UInt64
  /// BYSETPOS as written.
  let positions: [Int]

  /// The most instances one period can hold: its most days (371 in a week-numbering year)
  /// times the times of day, or the BYSETPOS places when fewer.
  var mostPerPeriod: Int {
    let days = clock.weekYears ? 371 : clock.frequency.mostDaysPerPeriod
    let most = clock.unit > 0 ? offsets.count : days * offsets.count
    return positions.isEmpty ? most : min(most, positions.count)
  }

  /// Writes the instances of period `period` (wall seconds, in order) into `buffer`; gives the
  /// first wall second at which a later period may hold any when this one failed on its day,
  /// hour or minute (a sub-daily rule then skips the rest of it), else nil.
  @discardableResult
  func instances(of period: Int, into buffer: inout [Int64]) -> Int64? {
    buffer.removeAll(keepingCapacity: true)
    let unit = clock.unit
    if unit > 0 {
      let start = Int64(period) * unit
      if let resume = failure(at: start) { return resume }
      for offset in offsets { buffer.append(start + offset) }
    } else {
      forEachHeldDay(clock.days(of: period)) { ordinal in
        let midnight = Int64(ordinal) * 86_400
        for offset in offsets { buffer.append(midnight + offset) }
      }
    }
    if !positions.isEmpty { pick(&buffer) }
    return nil
  }

  /// Hands `body` the days of `range` the day parts hold, in order. The date is carried from
  /// day to day rather than worked out from each ordinal, and a month BYMONTH leaves out is
  /// passed over whole.
  private func forEachHeldDay(_ range: ClosedRange<Int>, _ body: (Int) -> Void) {
    if days.allowsEveryDay {
      for ordinal in range { body(ordinal) }
      return
    }
    var ordinal = range.lowerBound
    var (year, month, day) = Day(ordinal: ordinal).components
    while ordinal <= range.upperBound {
      let left = Day.daysIn(year: year, month: month) - day
      if days.months == 0 || days.months & (1 << UInt16(month)) != 0 {
        for step in 0...min(left, range.upperBound - ordinal)
        where days.holds(ordinal + step, year: year, month: month, day: day + step) {
          body(ordinal + step)
        }
      }
      ordinal += left + 1
      (day, month) = (1, month == 12 ? 1 : month + 1)
      if month == 1 { year += 1 }
    }
  }

  /// Whether the day parts hold the day `ordinal`.
  func holds(_ ordinal: Int) -> Bool {
    if days.allowsEveryDay { return true }
    let (year, month, day) = Day(ordinal: ordinal).components
    return days.holds(ordinal, year: year, month: month, day: day)
  }

  /// For a sub-daily period starting at `start`: nil when its day, hour, minute and second
  /// pass, else the first wall second after it whose day, hour and minute may (the next
  /// allowed hour, minute or second, or the next day).
  private func failure(at start: Int64) -> Int64? {
    let ordinal = PeriodClock.floorDivide(start, 86_400)
    let midnight = ordinal * 86_400
    if !holds(Int(ordinal)) { return midnight + 86_400 }
    let second = start - midnight
    let (hour, minute, tick) = (second / 3_600, second / 60 % 60, second % 60)
    if hours != 0, hours & (1 << UInt64(hour)) == 0 {
      return midnight
        + (PeriodSet.next(in: hours, after: hour, below: 24).map { $0 * 3_600 } ?? 86_400)
    }
    let hourStart = midnight + hour * 3_600
    if minutes != 0, minutes & (1 << UInt64(minute)) == 0 {
      return hourStart
        + (PeriodSet.next(in: minutes, after: minute, below: 60).map { $0 * 60 } ?? 3_600)
    }
    let minuteStart = hourStart + minute * 60
    if seconds != 0, seconds & (1 << UInt64(tick)) == 0 {
      return minuteStart + (PeriodSet.next(in: seconds, after: tick, below: 60) ?? 60)
    }
    return nil
  }

  /// The least value of `mask` (bit n for n) above `value` and below `bound`, or nil.
  private static func next(in mask: UInt64, after value: Int64, below bound: Int64) -> Int64? {
    let above = value + 1 >= 64 ? 0 : mask & ~((1 << UInt64(value + 1)) - 1)
    guard above != 0 else { return nil }
    let found = Int64(above.trailingZeroBitCount)
    return found < bound ? found : nil
  }

  /// Keeps the BYSETPOS places of the period's instances, in order.
  private func pick(_ buffer: inout [Int64]) {
    let count = buffer.count
    var kept: [Int64] = []
    for position in positions {
      let index = position > 0 ? position - 1 : count + position
      if (0..<count).contains(index) { kept.append(buffer[index]) }
    }
    kept.sort()
    buffer.removeAll(keepingCapacity: true)
    for value in kept where buffer.last != value { buffer.append(value) }
  }
}
