import CLibical

extension EventParser {
  /// The event's RRULE as the record keeps it, settled and checked where it lies (libical's rule
  /// is large, so it is not copied); nil, with a warning, when it cannot be used: DTSTART still
  /// counts as an occurrence (RFC 5545 3.8.5.3).
  func checkedRule(
    _ rule: inout icalrecurrencetype, start: icaltimetype, warnings: inout [String]
  ) -> RecurrenceRule? {
    guard rule.freq != ICAL_NO_RECURRENCE else {
      warnings.append("RRULE that libical rejects; dropped, DTSTART stays")
      return nil
    }
    EventParser.settle(&rule, with: start)
    var value = withUnsafePointer(to: &rule) { RecurrenceRule($0, zone: { _ in nil }) }
    // A rule without BY parts has nothing libical's check could reject (and setting up its
    // iterator costs ICU calendars): check the others, unless they surely pass.
    var usable = true
    if let bad = RuleLimits.problem(of: rule, startIsDate: start.is_date != 0) {
      usable = false
      warnings.append("RRULE with \(bad); dropped, DTSTART stays")
    } else if value.hasByParts || rule.rscale != nil, !value.countsWeeksOfYear,
      !RuleLimits.surelyAccepted(rule, from: start)
    {
      if let iterator = icalrecur_iterator_new(rule, start) {
        icalrecur_iterator_free(iterator)
      } else {
        usable = false
        warnings.append(
          "RRULE that libical rejects (its BY parts do not fit its FREQ); dropped, DTSTART stays"
        )
      }
    }
    let density = RuleDensity.instancesPerPeriod(rule)
    if usable, density > RuleDensity.limit {
      usable = false
      warnings.append(
        "RRULE gives up to \(density) instances per FREQ period (BY parts multiply); icslanes expands at most \(RuleDensity.limit); dropped, DTSTART stays"
      )
    }
    guard usable else { return nil }
    value.until = WallTime(rule.until, zone: zone(rule.until.zone))
    return value
  }

  /// The further RRULEs that can be used, each settled; the others are left out with a warning.
  static func checkedExtraRules(
    _ rules: [icalrecurrencetype], start: icaltimetype, warnings: inout [String]
  ) -> [icalrecurrencetype] {
    rules.compactMap { extra in
      var value = extra
      EventParser.settle(&value, with: start)
      if let bad = RuleLimits.problem(of: value, startIsDate: start.is_date != 0) {
        warnings.append("an additional RRULE has \(bad); ignored")
        return nil
      }
      guard value.freq != ICAL_NO_RECURRENCE else {
        warnings.append("an additional RRULE that libical rejects; dropped")
        return nil
      }
      if !RecurrenceRule(value, zone: { _ in nil }).countsWeeksOfYear {
        guard let iterator = icalrecur_iterator_new(value, start) else {
          warnings.append("an additional RRULE that libical rejects; dropped")
          return nil
        }
        icalrecur_iterator_free(iterator)
      }
      let density = RuleDensity.instancesPerPeriod(value)
      if density > RuleDensity.limit {
        warnings.append(
          "an additional RRULE gives up to \(density) instances per FREQ period; icslanes expands at most \(RuleDensity.limit); ignored"
        )
        return nil
      }
      return value
    }
  }

  /// The warning for RRULEs beyond the first ``extraRuleLimit`` + 1, which are ignored.
  static func droppedRulesNote(_ dropped: Int) -> String {
    "\(dropped + extraRuleLimit + 1) RRULEs; icslanes uses the first \(extraRuleLimit + 1), the rest are ignored"
  }

  /// On a timed series, an RDATE PERIOD written with DATE values is an instance at DTSTART's
  /// time, like a DATE RDATE, never an all-day bar inside a timed series.
  static func datePeriodsAsDates(_ rdates: inout [icaldatetimeperiodtype]) {
    for index in rdates.indices
    where icaltime_is_null_time(rdates[index].period.start) == 0
      && rdates[index].period.start.is_date != 0
    {
      rdates[index].time = rdates[index].period.start
      rdates[index].time.zone = nil
      rdates[index].period = icalperiodtype_null_period()
    }
  }

  /// A rule as icslanes reads it, before it is checked or expanded: UNTIL aligned with
  /// DTSTART's type (``alignUntil(_:with:)``), each BY list a set (``RuleValueSets``), a yearly
  /// BYMONTHDAY without BYMONTH over every month (``YearlyMonthDays``).
  static func settle(_ rule: inout icalrecurrencetype, with start: icaltimetype) {
    alignUntil(&rule, with: start)
    ignoreTimeParts(&rule, with: start)
    RuleValueSets.dropRepeats(&rule)
    YearlyMonthDays.spread(&rule)
  }

  /// BYHOUR, BYMINUTE and BYSECOND of a DAILY or coarser DATE series: RFC 5545 (3.3.10) says
  /// they MUST be ignored there. Kept, they would count as instances of their own under COUNT,
  /// and their times of UNTIL's day would fall after it. (A sub-daily FREQ with them from a
  /// DATE is refused whole: `RuleLimits.problem`.)
  static func ignoreTimeParts(_ rule: inout icalrecurrencetype, with start: icaltimetype) {
    guard start.is_date != 0, rule.freq.rawValue >= ICAL_DAILY_RECURRENCE.rawValue else {
      return
    }
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    rule.by_hour.0 = end
    rule.by_minute.0 = end
    rule.by_second.0 = end
  }

  /// UNTIL written as a DATE for a DATE-TIME series means "through that day"; UNTIL written as a
  /// DATE-TIME for a DATE series means "through that date". Align it so the last one is kept.
  static func alignUntil(_ rule: inout icalrecurrencetype, with start: icaltimetype) {
    guard icaltime_is_null_time(rule.until) == 0 else { return }
    if start.is_date == 0, rule.until.is_date != 0 {
      rule.until.is_date = 0
      rule.until.hour = 23
      rule.until.minute = 59
      rule.until.second = 59
      rule.until.zone = start.zone
    } else if start.is_date != 0, rule.until.is_date == 0 {
      rule.until.is_date = 1
      rule.until.hour = 0
      rule.until.minute = 0
      rule.until.second = 0
      rule.until.zone = nil
    }
  }
}
