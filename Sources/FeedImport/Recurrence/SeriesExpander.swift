import CLibical
import LaneLayout

/// The instants, with margins, inside which a series is expanded for a window of days.
struct ExpansionWindow {
  /// The first and last visible day.
  let firstDay: Day
  let lastDay: Day
  /// Occurrences are kept at most this many per event in one window; more are dropped with a
  /// warning.
  let maximumOccurrences: Int
  /// The iterator may take at most this many steps per event in one window.
  let maximumSteps: Int

  /// Two days either side cover every UTC offset and floating time.
  static let margin: Int64 = 2 * 86_400

  var earliest: Int64 { Int64(firstDay.ordinal) * 86_400 - ExpansionWindow.margin }
  var latest: Int64 { Int64(lastDay.ordinal + 1) * 86_400 + ExpansionWindow.margin }
}

/// One instance of a series before it becomes a span.
struct SeriesInstance {
  var start: icaltimetype
  var explicitEnd: icaltimetype?
  /// Orders and matches instances: the instant (floating read as UTC; dates at UTC midnight).
  var key: Int64
}

/// Expands one event's RRULE, RDATE and EXDATE inside a window, driving libical's recurrence
/// iterator directly (jumping to the window when the rule allows). Call inside ``LibicalGate``.
struct SeriesExpander {
  let record: EventRecord
  let window: ExpansionWindow

  /// What the expansion found.
  struct Result {
    var instances: [SeriesInstance] = []
    var warnings: [String] = []
  }

  /// The instances whose start lies in the window widened by `lookBack` seconds before it.
  func instances(lookBack: Int) -> Result {
    var result = Result()
    let earliest = window.earliest - Int64(lookBack)
    let latest = window.latest
    var found: [Int64: SeriesInstance] = [:]

    func consider(_ time: icaltimetype, end: icaltimetype? = nil) {
      let key = SeriesExpander.key(of: time, allDay: record.allDay)
      guard key >= earliest, key < latest, found[key] == nil else { return }
      found[key] = SeriesInstance(start: time, explicitEnd: end, key: key)
    }

    consider(record.start)
    if let packed = record.rule {
      packed.withRule { rule in
        expandRule(rule, earliest: earliest, latest: latest, into: &result) { consider($0) }
      }
    }
    for rdate in record.rdates {
      if icaltime_is_null_time(rdate.time) == 0 {
        var time = rdate.time
        if record.allDay != (time.is_date != 0) {
          time = SeriesExpander.converted(time, toDate: record.allDay, like: record.start)
        }
        consider(time)
      } else if icaltime_is_null_time(rdate.period.start) == 0 {
        let end = icaltime_is_null_time(rdate.period.end) == 0 ? rdate.period.end : nil
        if let end {
          consider(rdate.period.start, end: end)
        } else {
          var start = rdate.period.start
          var value = start
          value = icaltime_add(start, rdate.period.duration)
          start.is_date = rdate.period.start.is_date
          consider(start, end: value)
        }
      }
    }
    var instances = found.values.sorted { $0.key < $1.key }
    if !record.exdates.isEmpty {
      instances.removeAll { isExcluded($0.start) }
    }
    if instances.count > window.maximumOccurrences {
      result.warnings.append(
        "more than \(window.maximumOccurrences) occurrences in the window; only the first \(window.maximumOccurrences) are laid out"
      )
      instances.removeLast(instances.count - window.maximumOccurrences)
    }
    result.instances = instances
    return result
  }

  private func expandRule(
    _ original: icalrecurrencetype, earliest: Int64, latest: Int64, into result: inout Result,
    _ consider: (icaltimetype) -> Void
  ) {
    var rule = original
    if rule.count > 0, rule.count > countBound(of: rule, latest: latest) {
      // COUNT cannot end the series before the window does: drop it so that the iterator may
      // jump straight to the window.
      rule.count = 0
    }
    guard let iterator = icalrecur_iterator_new(rule, record.start) else {
      result.warnings.append("libical refused to expand the RRULE")
      return
    }
    defer { icalrecur_iterator_free(iterator) }
    if rule.count == 0, earliest > SeriesExpander.key(of: record.start, allDay: record.allDay) {
      var from = LibicalTime.time(at: earliest, like: record.start, floatingZone: nil)
      if record.allDay {
        from.is_date = 1
        from.hour = 0
        from.minute = 0
        from.second = 0
      }
      _ = icalrecur_iterator_set_start(iterator, from)
    }
    var steps = 0
    var kept = 0
    while true {
      let next = icalrecur_iterator_next(iterator)
      if icaltime_is_null_time(next) != 0 { break }
      let key = SeriesExpander.key(of: next, allDay: record.allDay)
      if key >= latest { break }
      if key >= earliest {
        consider(next)
        kept += 1
        if kept > window.maximumOccurrences + record.exdates.count { break }
      }
      steps += 1
      if steps >= window.maximumSteps {
        result.warnings.append(
          "the RRULE needed more than \(window.maximumSteps) steps to reach the window; expansion stopped there"
        )
        break
      }
    }
  }

  /// An upper bound of the instances a rule can have before `latest`: distinct instances are at
  /// least a second apart (a day for dates), or a whole FREQ×INTERVAL when no BY part adds any.
  private func countBound(of rule: icalrecurrencetype, latest: Int64) -> Int64 {
    let startKey = SeriesExpander.key(of: record.start, allDay: record.allDay)
    let elapsed = max(0, latest - startKey)
    var spacing: Int64 = record.allDay ? 86_400 : 1
    if !SeriesExpander.hasByParts(rule) {
      let interval = Int64(max(1, rule.interval))
      switch rule.freq {
      case ICAL_SECONDLY_RECURRENCE: spacing = interval
      case ICAL_MINUTELY_RECURRENCE: spacing = 60 * interval
      case ICAL_HOURLY_RECURRENCE: spacing = 3_600 * interval
      case ICAL_DAILY_RECURRENCE: spacing = 82_800 * interval
      case ICAL_WEEKLY_RECURRENCE: spacing = 601_200 * interval
      case ICAL_MONTHLY_RECURRENCE: spacing = 28 * 86_400 * interval - 3_600
      case ICAL_YEARLY_RECURRENCE: spacing = 365 * 86_400 * interval - 3_600
      default: break
      }
    }
    return elapsed / max(1, spacing) + 2
  }

  /// Whether the rule has any BY part (which may add instances inside one FREQ period).
  static func hasByParts(_ rule: icalrecurrencetype) -> Bool {
    func first<T>(_ tuple: T) -> Int16 {
      withUnsafeBytes(of: tuple) { $0.load(as: Int16.self) }
    }
    let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    return [
      first(rule.by_second), first(rule.by_minute), first(rule.by_hour), first(rule.by_day),
      first(rule.by_month_day), first(rule.by_year_day), first(rule.by_week_no),
      first(rule.by_month),
      first(rule.by_set_pos),
    ].contains { $0 != end }
  }

  private func isExcluded(_ time: icaltimetype) -> Bool {
    let key = SeriesExpander.key(of: time, allDay: record.allDay)
    for exdate in record.exdates {
      if exdate.is_date != 0 {
        // A DATE excludes every instance on that date (in the series' own time).
        if exdate.year == time.year, exdate.month == time.month, exdate.day == time.day {
          return true
        }
      } else if SeriesExpander.key(of: exdate, allDay: record.allDay) == key {
        return true
      }
    }
    return false
  }

  /// The matching key of a time: its UTC instant when it has a zone, its fields read as UTC when
  /// floating, and UTC midnight of its date for all-day series.
  static func key(of time: icaltimetype, allDay: Bool) -> Int64 {
    if allDay || time.is_date != 0 {
      return Int64(LibicalTime.day(of: time)?.ordinal ?? 0) * 86_400
    }
    return LibicalTime.instant(of: time, floatingZone: nil)
  }

  /// `time` as a date (for an all-day series) or as a date-time at the series' time of day.
  static func converted(_ time: icaltimetype, toDate: Bool, like start: icaltimetype)
    -> icaltimetype
  {
    var value = time
    if toDate {
      value.is_date = 1
      value.hour = 0
      value.minute = 0
      value.second = 0
      value.zone = nil
    } else {
      value.is_date = 0
      value.hour = start.hour
      value.minute = start.minute
      value.second = start.second
      value.zone = start.zone
    }
    return value
  }
}
