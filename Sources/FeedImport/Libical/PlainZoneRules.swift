import CLibical
import LaneLayout

/// A VTIMEZONE whose observances are all plain, its offsets worked out in Swift as libical
/// works them out, without libical's expansion.
///
/// libical works a zone's changes out by running each observance's RRULE through its
/// iterator from the observance's DTSTART (ICU calendar arithmetic, some 5–9 µs a step), and
/// Outlook writes every observance from 1601: 8 ms a zone for a month of 2024, so a feed of
/// 2,000 such zones took 16 s. Nearly every real zone is plain: each observance a DTSTART, its
/// offsets, and at most one yearly rule on one weekday of one month (`BYMONTH=3;BYDAY=-1SU`),
/// with or without UNTIL, and any RDATEs of a local time (the system's zones, as libical
/// builds them from zoneinfo, write past changes so: about 1 ms of libical's work for each zone
/// a run uses). Such a rule has one instance a year, found with a few integer steps.
///
/// The answer is libical's (3.0.16, `icaltimezone_get_utc_offset_of_utc_time`): the changes
/// are each observance's DTSTART and its rule's instances up to the year 2582 (libical's last),
/// in UTC by the observance's TZOFFSETFROM; an instant takes the last change at or before it,
/// or, before every change, the first one's TZOFFSETFROM with the other daylight flag; two
/// changes on one second are taken in libical's order (``answer(at:)``). `PlainZoneRulesTests`
/// checks every answer against libical's.
struct PlainZoneRules: Sendable {
  /// One STANDARD or DAYLIGHT observance.
  struct Observance: Sendable {
    let isDaylight: Bool
    let offsetFrom: Int
    let offsetTo: Int
    /// DTSTART's fields, local time.
    let start: Fields
    /// The yearly rule's month and weekday (libical's numbers, 1 = Sunday), and which of the
    /// month's such weekdays (1…4 from the start, −1…−4 from the end); nil without RRULE.
    let rule: (month: Int, weekday: Int, position: Int)?
    /// UNTIL's local fields (a UTC UNTIL moved by TZOFFSETFROM, as libical moves it).
    let until: Fields?
    /// The UTC instants of the observance's RDATEs (local date-times), ascending, each moved by
    /// TZOFFSETFROM as libical moves it. libical adds them whatever their year.
    var rdateChanges: [Int64] = []

    /// The UTC instant of DTSTART, the observance's first change.
    var startChange: Int64 { start.seconds - Int64(offsetFrom) }

    /// The last year the rule can have an instance in: UNTIL's, or libical's last.
    var lastRuleYear: Int { min(until?.year ?? PlainZoneRules.lastYear, PlainZoneRules.lastYear) }
  }

  /// Wall-clock fields, compared as seconds read as UTC.
  struct Fields: Sendable, Comparable {
    let seconds: Int64

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      seconds =
        Int64(Day.daysSinceEpoch(year: year, month: month, day: day)) * 86_400
        + Int64(hour * 3_600 + minute * 60 + second)
    }

    init(seconds: Int64) { self.seconds = seconds }

    /// The fields of a libical time, as written (its zone and DATE flag aside).
    init(_ time: icaltimetype) {
      self.init(
        year: Int(time.year), month: Int(time.month), day: Int(time.day), hour: Int(time.hour),
        minute: Int(time.minute), second: Int(time.second))
    }

    /// The year of the fields' day.
    var year: Int { Day(ordinal: Int(PlainZoneRules.floorDivide(seconds, 86_400))).components.year }

    static func < (lhs: Fields, rhs: Fields) -> Bool { lhs.seconds < rhs.seconds }
  }

  let observances: [Observance]
  /// Every change from ``tableStart`` to ``tableEnd``, and each observance's last change before
  /// it, with the index of its observance, ascending by instant and, on one instant, by
  /// observance (libical's order): a zone of the system has dozens of observances, and a
  /// question is then one bisection instead of a look at each. Nil until ``withTable()``: a
  /// zone only checked for plainness, or never asked, costs nothing.
  private var table: [(change: Int64, observance: Int)]?

  /// Questions from here (1900-01-01T00:00Z) …
  static let tableStart: Int64 = -2_208_988_800
  /// … up to here (2101-01-01T00:00Z) are answered from ``table``; others look at each
  /// observance (``lastChange(of:atOrBefore:)``).
  static let tableEnd: Int64 = 4_133_980_800

  /// The last year whose rule instances libical works out (``LibicalZone/lastChangeYear``).
  static let lastYear = 2582

  /// The zone's plain rules, or nil when any observance is not plain (libical then answers).
  /// Behind ``LibicalGate``.
  init?(zone component: OpaquePointer) {
    LibicalGate.assertHeld()
    var found: [Observance] = []
    var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
    while let current = child {
      defer { child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT) }
      let kind = icalcomponent_isa(current)
      guard kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT else {
        continue
      }
      guard
        let observance = PlainZoneRules.observance(
          current, daylight: kind == ICAL_XDAYLIGHT_COMPONENT)
      else { return nil }
      found.append(observance)
    }
    guard !found.isEmpty else { return nil }
    observances = found
  }

  /// One observance, when plain.
  private static func observance(_ component: OpaquePointer, daylight: Bool) -> Observance? {
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
        // A local date-time, as libical writes the system's zones (the shape checked against
        // libical for every zone); a DATE, a UTC time or a PERIOD is left to libical.
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
      // Before 1583 ICU's calendar may be Julian where these days are Gregorian.
      (1583...9999).contains(start.year), rules.count <= 1,
      abs(offsetTo) < 86_400
    else { return nil }
    let from = offsetFrom ?? offsetTo
    guard abs(from) < 86_400 else { return nil }
    let fields = Fields(start)
    let rdateChanges = rdates.map { Fields($0).seconds - Int64(from) }.sorted()
    guard let rule = rules.first else {
      return Observance(
        isDaylight: daylight, offsetFrom: from, offsetTo: offsetTo, start: fields, rule: nil,
        until: nil, rdateChanges: rdateChanges)
    }
    guard let plain = plainRule(rule) else { return nil }
    var until: Fields?
    if icaltime_is_null_time(rule.until) == 0 {
      guard rule.until.is_date == 0 else { return nil }
      var local = Fields(rule.until)
      if icaltime_is_utc(rule.until) != 0 { local = Fields(seconds: local.seconds + Int64(from)) }
      until = local
    }
    return Observance(
      isDaylight: daylight, offsetFrom: from, offsetTo: offsetTo, start: fields, rule: plain,
      until: until, rdateChanges: rdateChanges)
  }

  /// The month, weekday and position of `FREQ=YEARLY;BYMONTH=m;BYDAY=nWD` (INTERVAL 1, no
  /// COUNT, no other BY part, Gregorian); nil for any other rule.
  private static func plainRule(_ value: icalrecurrencetype) -> (
    month: Int, weekday: Int, position: Int
  )? {
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
    return (Int(rule.byMonth[0]), weekday, position)
  }

  /// The observance's rule instance in `year`, local fields: the position-th weekday of the
  /// month at DTSTART's time of day; nil before DTSTART, after UNTIL, past ``lastYear`` or
  /// equal to DTSTART (libical adds DTSTART once, as its own change).
  static func instance(of observance: Observance, in year: Int) -> Fields? {
    guard let rule = observance.rule, year <= lastYear, year >= 1 else { return nil }
    let first = Day.daysSinceEpoch(year: year, month: rule.month, day: 1)
    let nextMonth =
      rule.month == 12
      ? Day.daysSinceEpoch(year: year + 1, month: 1, day: 1)
      : Day.daysSinceEpoch(year: year, month: rule.month + 1, day: 1)
    let day = LibicalWeekday.positioned(
      rule.weekday, position: rule.position, year: year, month: rule.month)
    guard day >= first, day < nextMonth else { return nil }
    let timeOfDay = ((observance.start.seconds % 86_400) + 86_400) % 86_400
    let fields = Fields(seconds: Int64(day) * 86_400 + timeOfDay)
    guard fields > observance.start else { return nil }
    if let until = observance.until, fields > until { return nil }
    return fields
  }

  /// The observance's last change at or before `instant` (UTC), nil when none: its DTSTART,
  /// an RDATE or a rule instance.
  static func lastChange(of observance: Observance, atOrBefore instant: Int64) -> Int64? {
    var best: Int64? = observance.startChange <= instant ? observance.startChange : nil
    let rdates = observance.rdateChanges
    let after = Bisection.lowerBound(of: instant + 1, count: rdates.count) { rdates[$0] }
    if after > 0 { best = max(best ?? rdates[after - 1], rdates[after - 1]) }
    guard observance.rule != nil, observance.startChange <= instant else { return best }
    // Rule instances lie in DTSTART's year or later, one a year: the last at or before the
    // instant is in its year or the one before (the year after, by the offset, at most),
    // unless UNTIL or libical's last year ended the rule earlier.
    var year = min(Fields(seconds: instant).year + 1, observance.lastRuleYear)
    let startYear = observance.start.year
    var looked = 0
    while year >= startYear, looked < 4 {
      if let local = instance(of: observance, in: year) {
        let change = local.seconds - Int64(observance.offsetFrom)
        if change <= instant {
          best = max(best ?? change, change)
          return best
        }
      }
      year -= 1
      looked += 1
    }
    return best
  }

  /// The UTC offset and daylight flag libical gives `instant`.
  ///
  /// Where two observances change on one second, libical's sorted list (glibc's `qsort`, a
  /// merge sort that keeps the order of equal elements) has them in the order they were
  /// added, observance by observance, and its search steps forward over equal ones: the later
  /// observance's change is used, and before every change the earlier's TZOFFSETFROM.
  func answer(at instant: Int64) -> (offset: Int, isDaylight: Bool)? {
    if (PlainZoneRules.tableStart..<PlainZoneRules.tableEnd).contains(instant),
      let table, let first = table.first
    {
      let after = Bisection.lowerBound(of: instant + 1, count: table.count) { table[$0].change }
      guard after > 0 else {
        let observance = observances[first.observance]
        return (observance.offsetFrom, !observance.isDaylight)
      }
      let observance = observances[table[after - 1].observance]
      return (observance.offsetTo, observance.isDaylight)
    }
    return answerObservanceByObservance(at: instant)
  }

  /// These rules with their table of changes made (``answer(at:)``).
  func withTable() -> PlainZoneRules {
    var made = self
    made.table = PlainZoneRules.changes(of: observances)
    return made
  }

  /// The changes of `observances` from ``tableStart`` to ``tableEnd``, and each one's last
  /// change before, in libical's order.
  private static func changes(of observances: [Observance]) -> [(change: Int64, observance: Int)] {
    var changes: [(change: Int64, observance: Int)] = []
    let lastTableYear = Fields(seconds: tableEnd - 1).year
    let firstTableYear = Fields(seconds: tableStart).year
    let range = tableStart..<tableEnd
    for (index, observance) in observances.enumerated() {
      if let before = lastChange(of: observance, atOrBefore: tableStart - 1) {
        changes.append((before, index))
      }
      for change in [observance.startChange] + observance.rdateChanges
      where range.contains(change) {
        changes.append((change, index))
      }
      guard observance.rule != nil else { continue }
      // A change in the last or first hours of a year may lie in the range in UTC.
      let startYear = max(observance.start.year, firstTableYear - 1)
      let endYear = min(lastTableYear + 1, observance.lastRuleYear)
      guard startYear <= endYear else { continue }
      for year in startYear...endYear {
        guard let local = instance(of: observance, in: year) else { continue }
        let change = local.seconds - Int64(observance.offsetFrom)
        if range.contains(change) { changes.append((change, index)) }
      }
    }
    return changes.sorted { ($0.change, $0.observance) < ($1.change, $1.observance) }
  }

  /// ``answer(at:)`` from each observance's last change (any instant).
  func answerObservanceByObservance(at instant: Int64) -> (offset: Int, isDaylight: Bool)? {
    var latest: (change: Int64, observance: Int)?
    for (index, observance) in observances.enumerated() {
      guard let change = PlainZoneRules.lastChange(of: observance, atOrBefore: instant) else {
        continue
      }
      if let current = latest, change < current.change { continue }
      latest = (change, index)
    }
    if let latest {
      let observance = observances[latest.observance]
      return (observance.offsetTo, observance.isDaylight)
    }
    // Before every change: the first change's TZOFFSETFROM, the other daylight flag.
    let starts = observances.map { min($0.startChange, $0.rdateChanges.first ?? $0.startChange) }
    guard let first = starts.min(), let index = starts.firstIndex(of: first) else { return nil }
    return (observances[index].offsetFrom, !observances[index].isDaylight)
  }

  fileprivate static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
