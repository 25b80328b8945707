import CLibical

/// The ranges RFC 5545 3.3.10 gives each BY part, checked before a rule reaches libical's
/// iterator: libical 3.0.16 does not check them all itself and reads outside its arrays on some
/// (`FREQ=YEARLY;BYWEEKNO=-53` from a year with 52 weeks crashes it).
enum RuleLimits {
  /// Why `rule` cannot be handed to libical, or nil when every BY value is in range.
  static func problem(of rule: icalrecurrencetype) -> String? {
    if let bad = outOfRange(rule.by_second, 0...60) { return "BYSECOND=\(bad)" }
    if let bad = outOfRange(rule.by_minute, 0...59) { return "BYMINUTE=\(bad)" }
    if let bad = outOfRange(rule.by_hour, 0...23) { return "BYHOUR=\(bad)" }
    if let bad = outOfRange(rule.by_month_day, -31...31, zeroAllowed: false) {
      return "BYMONTHDAY=\(bad)"
    }
    if let bad = outOfRange(rule.by_year_day, -366...366, zeroAllowed: false) {
      return "BYYEARDAY=\(bad)"
    }
    // Week −53 exists only in years with 53 weeks; libical 3.0.16 turns it into week 0 of the
    // others and reads before its array. Positive 53 it skips in short years.
    if let bad = outOfRange(rule.by_week_no, -52...53, zeroAllowed: false) {
      return "BYWEEKNO=\(bad)"
    }
    if rule.rscale == nil, let bad = outOfRange(rule.by_month, 1...12) {
      return "BYMONTH=\(bad)"
    }
    if let bad = outOfRange(rule.by_set_pos, -366...366, zeroAllowed: false) {
      return "BYSETPOS=\(bad)"
    }
    if rule.interval < 0 { return "INTERVAL=\(rule.interval)" }
    if rule.count < 0 { return "COUNT=\(rule.count)" }
    return nil
  }

  /// The first value of a BY array (ended by `ICAL_RECURRENCE_ARRAY_MAX`) outside `range`.
  private static func outOfRange<T>(
    _ tuple: T, _ range: ClosedRange<Int>, zeroAllowed: Bool = true
  ) -> Int? {
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    return withUnsafeBytes(of: tuple) { raw -> Int? in
      for value in raw.bindMemory(to: Int16.self) {
        if value == end { return nil }
        if !range.contains(Int(value)) || (!zeroAllowed && value == 0) { return Int(value) }
      }
      return nil
    }
  }
}
