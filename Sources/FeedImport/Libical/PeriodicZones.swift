import CLibical
import Synchronization

/// Zones whose offsets repeat every 400 Gregorian years from ``PeriodicZones/base`` on, so that
/// an instant after ``PeriodicZones/foldFrom`` can have its offset looked up 400·k years
/// earlier. libical works a zone's transitions out year by year from its first observance up to
/// the year asked for (through ICU calendars): an instant in year 9999 costs it about 8,000
/// years of transitions, seconds of work, where the folded instant costs none.
///
/// The Gregorian calendar repeats after 400 years (146,097 days, a whole number of weeks), and
/// so does every yearly rule (`BYMONTH`, `BYDAY=-1SU`, `BYMONTHDAY`). A zone is periodic from
/// ``base`` on when no observance starts, adds an RDATE or ends (UNTIL) at or after it: then only
/// its open-ended yearly rules decide offsets there. Zones are told apart by their libical
/// pointer; the answers are forgotten with ``SteadyOffsets``'s when a feed's zones are freed.
enum PeriodicZones {
  /// From this year on, a periodic zone's offsets repeat.
  static let baseYear = 2100
  /// The first instant of ``baseYear`` (2100-01-01T00:00Z).
  static let base: Int64 = 4_102_444_800
  /// Seconds in 400 Gregorian years.
  static let cycle: Int64 = 146_097 * 86_400
  /// Instants from here (2500-01-01T00:00Z) on are folded back into `base ..< foldFrom`.
  static let foldFrom: Int64 = base + cycle

  private static let known = Mutex<[UInt: Bool]>([:])

  /// `instant` moved back by whole 400-year cycles into `base ..< foldFrom`, when it lies past
  /// `foldFrom` and `zone` is periodic; nil otherwise.
  static func folded(_ instant: Int64, in zone: OpaquePointer) -> Int64? {
    guard instant >= foldFrom, isPeriodic(zone) else { return nil }
    let cycles = (instant - base) / cycle
    return instant - cycles * cycle
  }

  /// Whether `zone`'s offsets repeat every 400 years from ``base`` on.
  static func isPeriodic(_ zone: OpaquePointer) -> Bool {
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(zone)))
    if let answer = known.withLock({ $0[key] }) { return answer }
    let answer = observancesEndBeforeBase(zone)
    known.withLock { $0[key] = answer }
    return answer
  }

  /// Forgets every answer (a feed's zones are being freed).
  static func forgetAll() {
    known.withLock { $0.removeAll() }
  }

  /// Whether every observance of the zone starts, and every RDATE and UNTIL of it lies, before
  /// ``base`` (the year 2100). A zone without a component (UTC) is periodic.
  private static func observancesEndBeforeBase(_ zone: OpaquePointer) -> Bool {
    guard let component = icaltimezone_get_component(zone) else { return true }
    for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
      var observance = icalcomponent_get_first_component(component, kind)
      while let current = observance {
        defer { observance = icalcomponent_get_next_component(component, kind) }
        if icalcomponent_get_dtstart(current).year >= Int32(baseYear) { return false }
        var rdate = icalcomponent_get_first_property(current, ICAL_RDATE_PROPERTY)
        while let property = rdate {
          let value = icalproperty_get_rdate(property)
          let year =
            icaltime_is_null_time(value.time) == 0 ? value.time.year : value.period.start.year
          if year >= Int32(baseYear) { return false }
          rdate = icalcomponent_get_next_property(current, ICAL_RDATE_PROPERTY)
        }
        let start = icalcomponent_get_dtstart(current).year
        var rrule = icalcomponent_get_first_property(current, ICAL_RRULE_PROPERTY)
        while let property = rrule {
          if !endsBeforeBaseOrRepeats(icalproperty_get_rrule(property), from: start) {
            return false
          }
          rrule = icalcomponent_get_next_property(current, ICAL_RRULE_PROPERTY)
        }
      }
    }
    return true
  }

  /// Whether an observance's rule, begun in `startYear`, is over before ``base`` (its UNTIL, or
  /// its COUNT of at most one instance a FREQ period), or else repeats every 400 years: a
  /// YEARLY rule whose INTERVAL divides 400. (A WEEKLY rule every other week, say, does not: 400
  /// years are 20,871 weeks.)
  private static func endsBeforeBaseOrRepeats(_ rule: icalrecurrencetype, from startYear: Int32)
    -> Bool
  {
    let interval = Int64(max(1, rule.interval))
    if icaltime_is_null_time(rule.until) == 0 { return Int64(rule.until.year) < Int64(baseYear) }
    if rule.count > 0, rule.freq == ICAL_YEARLY_RECURRENCE {
      // Each instance falls in a later year than the one before, or the same: the last falls
      // at most (COUNT - 1) * INTERVAL years after the first.
      if Int64(startYear) + Int64(rule.count) * interval < Int64(baseYear) { return true }
    }
    return rule.count <= 0 && rule.freq == ICAL_YEARLY_RECURRENCE && 400 % interval == 0
  }
}
