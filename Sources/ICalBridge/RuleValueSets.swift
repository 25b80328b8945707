import CLibical

/// A rule's BY lists read as the sets RFC 5545 makes them: a value written twice is one value.
///
/// libical 3.0.16 counts BYSETPOS over the values written, not the days they name:
/// `FREQ=MONTHLY;BYMONTHDAY=1,1;BYSETPOS=-1` holds two positions for one day, its last
/// position names none, and the iterator refuses the rule (searching to the year 20000 first);
/// a BYMONTH written twice does the same to a yearly BYSETPOS. recurring-ical-events reads each
/// list as a set. Dropping the repeats before the rule reaches the iterator, or the count-outs
/// in Swift, gives the RFC's set whatever the tool.
package enum RuleValueSets {
  /// Removes the values written again in each BY list of `rule`, keeping the first of each in
  /// its place.
  static func dropRepeats(_ rule: inout icalrecurrencetype) {
    dropRepeats(&rule.by_second)
    dropRepeats(&rule.by_minute)
    dropRepeats(&rule.by_hour)
    dropRepeats(&rule.by_day)
    dropRepeats(&rule.by_month_day)
    dropRepeats(&rule.by_year_day)
    dropRepeats(&rule.by_week_no)
    dropRepeats(&rule.by_month)
    dropRepeats(&rule.by_set_pos)
  }

  /// One of libical's BY arrays (ended by `ICAL_RECURRENCE_ARRAY_MAX`) without repeats.
  private static func dropRepeats<T>(_ tuple: inout T) {
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    withUnsafeMutableBytes(of: &tuple) { raw in
      let values = raw.bindMemory(to: Int16.self)
      var kept = 0
      for index in values.indices {
        let value = values[index]
        if value == end { break }
        if !values[0..<kept].contains(value) {
          values[kept] = value
          kept += 1
        }
      }
      if kept < values.count { values[kept] = end }
    }
  }
}
