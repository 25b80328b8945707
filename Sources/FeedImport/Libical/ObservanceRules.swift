import CLibical

/// Keeps a feed's VTIMEZONE from costing more than its zone is worth. libical works a zone's
/// changes out by running each observance's RRULE from its DTSTART to the year asked about,
/// with no bound of its own: an observance that repeats every minute or second stalls it for
/// minutes. Real zones change their offset at most a few times a year, so an observance rule
/// more frequent than DAILY (or one libical cannot take) is removed, leaving the observance's
/// DTSTART as its one onset, and reported.
enum ObservanceRules {
  /// Removes the sub-daily RRULEs of `zone`'s observances; the number removed.
  static func removeSubDaily(from zone: OpaquePointer) -> Int {
    var removed = 0
    for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
      var observance = icalcomponent_get_first_component(zone, kind)
      while let current = observance {
        var doomed: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(current, ICAL_RRULE_PROPERTY)
        while let rule = property {
          let value = icalproperty_get_rrule(rule)
          switch value.freq {
          case ICAL_DAILY_RECURRENCE, ICAL_WEEKLY_RECURRENCE, ICAL_MONTHLY_RECURRENCE,
            ICAL_YEARLY_RECURRENCE:
            if RuleLimits.problem(of: value) != nil { doomed.append(rule) }
          default:
            doomed.append(rule)
          }
          property = icalcomponent_get_next_property(current, ICAL_RRULE_PROPERTY)
        }
        for rule in doomed {
          icalcomponent_remove_property(current, rule)
          icalproperty_free(rule)
        }
        removed += doomed.count
        observance = icalcomponent_get_next_component(zone, kind)
      }
    }
    return removed
  }
}
