import CLibical

/// A yearly rule's BYMONTHDAY without BYMONTH, read as RFC 5545 reads it: those days of every
/// month of the year.
///
/// BYMONTHDAY expands a YEARLY rule (RFC 5545 3.3.10, the table of BY parts), so
/// `FREQ=YEARLY;BYMONTHDAY=15` is the 15th of each month; recurring-ical-events (dateutil) reads
/// it so. libical 3.0.16 fills a missing BYMONTH with DTSTART's month before it expands, and
/// gives only that month's 15th. Naming the twelve months makes libical's iterator (and the
/// count-outs in Swift) give the RFC's days, COUNT and BYSETPOS counted over the same set.
package enum YearlyMonthDays {
  /// Adds BYMONTH=1,…,12 to `rule` when it is yearly (no RSCALE) with BYMONTHDAY and no
  /// BYMONTH, BYYEARDAY or BYWEEKNO, and its BYDAY, if any, names plain weekdays (which then
  /// limit the days, as the RFC has them do beside BYMONTHDAY). Anything else is left as is.
  static func spread(_ rule: inout icalrecurrencetype) {
    guard rule.freq == ICAL_YEARLY_RECURRENCE, rule.rscale == nil,
      !RuleLimits.values(rule.by_month_day).isEmpty,
      RuleLimits.values(rule.by_month).isEmpty, RuleLimits.values(rule.by_year_day).isEmpty,
      RuleLimits.values(rule.by_week_no).isEmpty,
      RuleLimits.values(rule.by_day).allSatisfy({ (1...7).contains($0) })
    else { return }
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    withUnsafeMutableBytes(of: &rule.by_month) { raw in
      let months = raw.bindMemory(to: Int16.self)
      guard months.count > 12 else { return }
      for index in 0..<12 { months[index] = Int16(index + 1) }
      months[12] = end
    }
  }
}
