import CLibical
import Foundation

/// ``RecurrenceRule`` to and from libical's `icalrecurrencetype`.
extension RecurrenceRule {
  /// The value of a libical rule; its UNTIL's zone, which libical gives as a pointer, is read
  /// by `zone`.
  init(_ rule: icalrecurrencetype, zone: (OpaquePointer?) -> LibicalZone?) {
    var rule = rule
    self = withUnsafePointer(to: &rule) { RecurrenceRule($0, zone: zone) }
  }

  /// The value of the libical rule at `rule`, read where it lies (the rule is 2.9 KB, mostly
  /// its BY arrays; a rule is read for every kept event that repeats).
  init(_ rule: UnsafePointer<icalrecurrencetype>, zone: (OpaquePointer?) -> LibicalZone?) {
    let until = rule.pointee.until
    self.init(
      frequency: RecurrenceFrequency(rawValue: rule.pointee.freq.rawValue),
      until: WallTime(until, zone: zone(until.zone)), count: rule.pointee.count,
      interval: rule.pointee.interval, weekStart: Int(rule.pointee.week_start.rawValue),
      bySecond: RecurrenceRule.values(rule, \.by_second),
      byMinute: RecurrenceRule.values(rule, \.by_minute),
      byHour: RecurrenceRule.values(rule, \.by_hour),
      byDay: RecurrenceRule.values(rule, \.by_day),
      byMonthDay: RecurrenceRule.values(rule, \.by_month_day),
      byYearDay: RecurrenceRule.values(rule, \.by_year_day),
      byWeekNumber: RecurrenceRule.values(rule, \.by_week_no),
      byMonth: RecurrenceRule.values(rule, \.by_month),
      bySetPosition: RecurrenceRule.values(rule, \.by_set_pos),
      rscale: rule.pointee.rscale.map { String(cString: $0) }, skip: rule.pointee.skip.rawValue)
  }

  /// Runs `body` with the libical rule of this value; its RSCALE pointer is valid only inside
  /// `body`.
  func withLibicalRule<Result>(_ body: (icalrecurrencetype) -> Result) -> Result {
    var rule = icalrecurrencetype()
    rule.freq =
      frequency.map { icalrecurrencetype_frequency(rawValue: $0.rawValue) }
      ?? ICAL_NO_RECURRENCE
    rule.until = until.libical
    rule.count = count
    rule.interval = interval
    rule.week_start = icalrecurrencetype_weekday(rawValue: UInt32(weekStart))
    RecurrenceRule.fill(&rule.by_second, bySecond)
    RecurrenceRule.fill(&rule.by_minute, byMinute)
    RecurrenceRule.fill(&rule.by_hour, byHour)
    RecurrenceRule.fill(&rule.by_day, byDay)
    RecurrenceRule.fill(&rule.by_month_day, byMonthDay)
    RecurrenceRule.fill(&rule.by_year_day, byYearDay)
    RecurrenceRule.fill(&rule.by_week_no, byWeekNumber)
    RecurrenceRule.fill(&rule.by_month, byMonth)
    RecurrenceRule.fill(&rule.by_set_pos, bySetPosition)
    rule.skip = icalrecurrencetype_skip(rawValue: skip)
    guard let rscale else { return body(rule) }
    return rscale.withCString { name in
      rule.rscale = UnsafeMutablePointer(mutating: name)
      return body(rule)
    }
  }

  /// The weekday (1 = Sunday … 7 = Saturday) and position (0: every such weekday) of one BYDAY
  /// value, decoded by libical.
  package static func weekday(_ value: Int16) -> (weekday: Int, position: Int) {
    (
      Int(icalrecurrencetype_day_day_of_week(value).rawValue),
      Int(icalrecurrencetype_day_position(value))
    )
  }

  private static let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)

  /// The values of one of libical's BY arrays of the rule at `rule`, up to its end marker,
  /// read in place.
  private static func values<Field>(
    _ rule: UnsafePointer<icalrecurrencetype>, _ field: KeyPath<icalrecurrencetype, Field>
  ) -> [Int16] {
    guard let array = rule.pointer(to: field) else { return [] }
    let capacity = MemoryLayout<Field>.size / MemoryLayout<Int16>.stride
    return UnsafeRawPointer(array).withMemoryRebound(to: Int16.self, capacity: capacity) {
      values in
      var count = 0
      while count < capacity, values[count] != end { count += 1 }
      return count == 0 ? [] : Array(UnsafeBufferPointer(start: values, count: count))
    }
  }

  /// Writes `values` into one of libical's BY arrays, the rest filled with its end marker.
  private static func fill<T>(_ array: inout T, _ values: [Int16]) {
    withUnsafeMutableBytes(of: &array) { raw in
      let target = raw.bindMemory(to: Int16.self)
      for index in target.indices {
        target[index] = index < values.count ? values[index] : end
      }
    }
  }
}

/// The only code that drives libical's recurrence iterator.
package enum LibicalRecurrence {
  /// Whether libical accepts `rule` from `start` (its iterator can be set up).
  static func accepts(_ rule: RecurrenceRule, from start: WallTime) -> Bool {
    LibicalGate.run {
      rule.withLibicalRule { rule in
        guard let iterator = icalrecur_iterator_new(rule, start.libical) else { return false }
        icalrecur_iterator_free(iterator)
        return true
      }
    }
  }

  /// Runs libical's iterator over `rule` from `start`, first jumping to `jump` when given, and
  /// hands each instance (in `start`'s zone) to `body` until the set ends or `body` returns
  /// false. False when libical refuses the rule.
  package static func iterate(
    _ rule: RecurrenceRule, from start: WallTime, jumpingTo jump: WallTime?,
    _ body: (WallTime) -> Bool
  ) -> Bool {
    LibicalGate.run {
      rule.withLibicalRule { rule in
        guard let iterator = icalrecur_iterator_new(rule, start.libical) else { return false }
        defer { icalrecur_iterator_free(iterator) }
        if let jump { _ = icalrecur_iterator_set_start(iterator, jump.libical) }
        while true {
          let next = icalrecur_iterator_next(iterator)
          if icaltime_is_null_time(next) != 0 { break }
          let zone =
            next.zone == start.zone?.pointer ? start.zone : next.zone.map(LibicalZone.shared)
          if !body(WallTime(next, zone: zone)) { break }
        }
        return true
      }
    }
  }
}
