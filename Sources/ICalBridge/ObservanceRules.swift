import CLibical

/// Keeps a feed's VTIMEZONEs from costing more than their zones are worth. libical works a
/// zone's changes out by running each observance's RRULE from its DTSTART to the year asked
/// about, with no bound of its own: an observance that repeats every minute or second stalled
/// it for minutes, a daily one from 1601 for seconds. Real zones change their offset a few
/// times a year on yearly rules, so an observance rule that is not YEARLY (or one libical
/// cannot take) is removed, leaving the observance's DTSTART as its one onset, and reported;
/// and the zones libical works out (those not plain, ``ZoneTable/isPlain(_:)``) share a budget per feed
/// (``cost(of:)``, ``feedBudget``).
package enum ObservanceRules {
  /// The changes a feed's zones may ask libical to work out (``cost(of:)``), together: about
  /// 25 zones as Outlook writes them (two yearly observances from 1601) that are not plain.
  package static let feedBudget = 50_000

  /// The changes libical may work out for `zone` (a VTIMEZONE component): for each
  /// observance's RRULE, the most instances a year it can have times the years from its
  /// DTSTART to libical's last (2582). Behind ``LibicalGate``.
  static func cost(of zone: OpaquePointer) -> Int {
    var total = 0
    for observance in observances(of: zone) {
      let start = Int(icalcomponent_get_dtstart(observance).year)
      let years = max(0, min(ZoneTable.lastYear + 1 - start, 10_000))
      for rule in rules(of: observance) {
        let instances = max(
          1, min(RuleLimits.mostInstancesPerPeriod(icalproperty_get_rrule(rule)), 1_000_000))
        total = min(total + instances * years, Int(Int32.max))
      }
    }
    return total
  }

  /// Removes the RRULEs of `zone`'s observances that are not YEARLY or that libical cannot
  /// take; the number removed.
  static func removeUnlikeZones(from zone: OpaquePointer) -> Int {
    var removed = 0
    for observance in observances(of: zone) {
      for rule in rules(of: observance) {
        let value = icalproperty_get_rrule(rule)
        guard value.freq != ICAL_YEARLY_RECURRENCE || RuleLimits.problem(of: value) != nil
        else { continue }
        icalcomponent_remove_property(observance, rule)
        icalproperty_free(rule)
        removed += 1
      }
    }
    return removed
  }

  /// The STANDARD and DAYLIGHT observances of `zone` (a VTIMEZONE component), the STANDARD
  /// ones first. Behind ``LibicalGate``.
  static func observances(of zone: OpaquePointer) -> [OpaquePointer] {
    var found: [OpaquePointer] = []
    for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
      var observance = icalcomponent_get_first_component(zone, kind)
      while let current = observance {
        found.append(current)
        observance = icalcomponent_get_next_component(zone, kind)
      }
    }
    return found
  }

  /// The properties of `kind` of `component`, in order. Behind ``LibicalGate``.
  static func properties(_ kind: icalproperty_kind, of component: OpaquePointer)
    -> [OpaquePointer]
  {
    var found: [OpaquePointer] = []
    var property = icalcomponent_get_first_property(component, kind)
    while let current = property {
      found.append(current)
      property = icalcomponent_get_next_property(component, kind)
    }
    return found
  }

  /// The RRULE properties of `observance`, in order. Behind ``LibicalGate``.
  static func rules(of observance: OpaquePointer) -> [OpaquePointer] {
    properties(ICAL_RRULE_PROPERTY, of: observance)
  }
}
