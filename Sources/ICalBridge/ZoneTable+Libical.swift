import CLibical
import LaneLayout

/// Compiling a zone from its VTIMEZONE: libical reads the observances, and works out the
/// changes of an observance whose rule is not a ``YearlyRule`` (`icaltimezone_expand_vtimezone`,
/// up to its last year, as it would for the zone itself).
extension ZoneTable {
  /// The zone of `component` (a VTIMEZONE; nil for a zone without one). Behind ``LibicalGate``.
  convenience init(zone component: OpaquePointer?) {
    LibicalGate.assertHeld()
    var observances: [Observance] = []
    var periodic = true
    var child = component.flatMap { icalcomponent_get_first_component($0, ICAL_ANY_COMPONENT) }
    while let current = child {
      defer { child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT) }
      let kind = icalcomponent_isa(current)
      guard kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT else {
        continue
      }
      periodic = periodic && ZoneTable.repeatsFrom2100(current)
      let daylight = kind == ICAL_XDAYLIGHT_COMPONENT
      if let observance = ZoneTable.plain(current, daylight: daylight)
        ?? ZoneTable.expanded(current)
      {
        observances.append(observance)
      }
    }
    self.init(observances: observances, isPeriodic: periodic)
  }

  /// Whether every observance of `zone` (a VTIMEZONE) is plain: its changes are worked out
  /// without libical. Behind ``LibicalGate``.
  static func isPlain(_ zone: OpaquePointer) -> Bool {
    var count = 0
    for observance in ObservanceRules.observances(of: zone) {
      let daylight = icalcomponent_isa(observance) == ICAL_XDAYLIGHT_COMPONENT
      guard plain(observance, daylight: daylight) != nil else { return false }
      count += 1
    }
    return count > 0
  }

  /// The observance's changes as libical works them out; nil when it has none.
  private static func expanded(_ component: OpaquePointer) -> Observance? {
    // libical's `icaltimezonechange`: nine ints (the offsets, the UTC fields, the flag).
    let size = 9 * MemoryLayout<Int32>.size
    guard let array = icalarray_new(size, 32) else { return nil }
    defer { icalarray_free(array) }
    icaltimezone_expand_vtimezone(component, Int32(lastYear), array)
    var changes: [Int64] = []
    var state: State?
    var offsetFrom = 0
    for index in 0..<array.pointee.num_elements {
      guard let element = icalarray_element_at(array, index) else { continue }
      let fields = element.bindMemory(to: Int32.self, capacity: 9)
      let days = Day.daysSinceEpoch(
        year: Int(fields[2]), month: Int(fields[3]), day: Int(fields[4]))
      changes.append(
        Int64(days) * 86_400 + Int64(fields[5]) * 3_600 + Int64(fields[6]) * 60
          + Int64(fields[7]))
      state = State(offset: Int(fields[0]), isDaylight: fields[8] != 0)
      offsetFrom = Int(fields[1])
    }
    guard let state else { return nil }
    return Observance(state: state, offsetFrom: offsetFrom, changes: changes.sorted(), rule: nil)
  }

  /// One observance, when plain: a DTSTART, its offsets, RDATEs of a local date-time, and at
  /// most one RRULE, a ``YearlyRule``.
  private static func plain(_ component: OpaquePointer, daylight: Bool) -> Observance? {
    var start: icaltimetype?
    var offsetTo: Int?
    var offsetFrom: Int?
    var rules: [icalrecurrencetype] = []
    var rdates: [icaltimetype] = []
    var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
    while let current = property {
      switch icalproperty_isa(current) {
      case ICAL_DTSTART_PROPERTY: start = icalproperty_get_dtstart(current)
      case ICAL_TZOFFSETTO_PROPERTY: offsetTo = Int(icalproperty_get_tzoffsetto(current))
      case ICAL_TZOFFSETFROM_PROPERTY: offsetFrom = Int(icalproperty_get_tzoffsetfrom(current))
      case ICAL_RRULE_PROPERTY: rules.append(icalproperty_get_rrule(current))
      case ICAL_RDATE_PROPERTY:
        // A local date-time, as libical writes the system's zones; a DATE, a UTC time or a
        // PERIOD is left to libical.
        let value = icalproperty_get_rdate(current)
        guard icalperiodtype_is_null_period(value.period) != 0,
          icaltime_is_null_time(value.time) == 0, value.time.is_date == 0,
          icaltime_is_utc(value.time) == 0, (1583...9999).contains(value.time.year)
        else { return nil }
        rdates.append(value.time)
      default: break
      }
      property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
    }
    guard let start, let offsetTo, start.is_date == 0, icaltime_is_null_time(start) == 0,
      // Before 1583 libical's calendar may be Julian where these days are Gregorian.
      (1583...9999).contains(start.year), rules.count <= 1, abs(offsetTo) < 86_400
    else { return nil }
    let from = offsetFrom ?? offsetTo
    guard abs(from) < 86_400 else { return nil }
    var rule: YearlyRule?
    if let value = rules.first {
      guard let found = yearlyRule(value, start: seconds(start), offsetFrom: from) else {
        return nil
      }
      rule = found
    }
    let changes = ([start] + rdates).map { seconds($0) - Int64(from) }.sorted()
    return Observance(
      state: State(offset: offsetTo, isDaylight: daylight), offsetFrom: from, changes: changes,
      rule: rule)
  }

  /// The ``YearlyRule`` of `FREQ=YEARLY;BYMONTH=m;BYDAY=nWD` (INTERVAL 1, no COUNT, no other BY
  /// part, Gregorian, UNTIL a date-time); nil for any other rule.
  private static func yearlyRule(_ value: icalrecurrencetype, start: Int64, offsetFrom: Int)
    -> YearlyRule?
  {
    let rule = RecurrenceRule(value, zone: { _ in nil })
    guard rule.frequency == .yearly, rule.interval <= 1, rule.count == 0,
      rule.rscale == nil || rule.rscale?.uppercased() == "GREGORIAN",
      rule.byMonth.count == 1, rule.byDay.count == 1, (1...12).contains(rule.byMonth[0])
    else { return nil }
    var others = rule
    others.byMonth = []
    others.byDay = []
    guard !others.hasByParts else { return nil }
    let (weekday, position) = RecurrenceRule.weekday(rule.byDay[0])
    guard (1...7).contains(weekday), [1, 2, 3, 4, -1, -2, -3, -4].contains(position) else {
      return nil
    }
    var until: Int64?
    if icaltime_is_null_time(value.until) == 0 {
      guard value.until.is_date == 0 else { return nil }
      let local = seconds(value.until)
      until = icaltime_is_utc(value.until) != 0 ? local + Int64(offsetFrom) : local
    }
    return YearlyRule(
      month: Int(rule.byMonth[0]), weekday: weekday, position: position, start: start,
      until: until, offsetFrom: offsetFrom)
  }

  /// A libical time's fields, read as UTC seconds (its zone and DATE flag aside).
  private static func seconds(_ time: icaltimetype) -> Int64 {
    Int64(Day.daysSinceEpoch(year: Int(time.year), month: Int(time.month), day: Int(time.day)))
      * 86_400 + Int64(time.hour * 3_600 + time.minute * 60 + time.second)
  }

  /// Whether the observance starts, and its RDATEs and UNTIL lie, before 2100, and its rules
  /// are over by then (a COUNT of yearly instances) or repeat every 400 years (YEARLY with an
  /// INTERVAL that divides 400).
  private static func repeatsFrom2100(_ observance: OpaquePointer) -> Bool {
    let baseYear: Int32 = 2_100
    let startYear = icalcomponent_get_dtstart(observance).year
    guard startYear < baseYear else { return false }
    for property in ObservanceRules.properties(ICAL_RDATE_PROPERTY, of: observance) {
      let value = icalproperty_get_rdate(property)
      let onset =
        icaltime_is_null_time(value.time) == 0 ? value.time.year : value.period.start.year
      if onset >= baseYear { return false }
    }
    for property in ObservanceRules.rules(of: observance) {
      let rule = icalproperty_get_rrule(property)
      let interval = Int64(max(1, rule.interval))
      if icaltime_is_null_time(rule.until) == 0 {
        if rule.until.year >= baseYear { return false }
        continue
      }
      let yearly = rule.freq == ICAL_YEARLY_RECURRENCE
      if rule.count > 0, yearly, Int64(startYear) + Int64(rule.count) * interval < baseYear {
        continue
      }
      guard rule.count <= 0, yearly, 400 % interval == 0 else { return false }
    }
    return true
  }
}
