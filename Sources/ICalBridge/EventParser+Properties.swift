import CLibical

/// What libical gives of one VEVENT's properties, before any of it is checked.
package struct EventProperties {
  var uid = ""
  var title = ""
  var location: String?
  var categories: [String] = []
  var color: String?
  var start: icaltimetype?
  var end: icaltimetype?
  var duration: icaldurationtype?
  /// The first RRULE, when `hasRule`.
  var rule = icalrecurrencetype()
  var hasRule = false
  /// The RRULEs after the first, up to ``EventParser/extraRuleLimit``.
  var extraRules: [icalrecurrencetype] = []
  /// How many RRULEs there were beyond those.
  var extraRulesDropped = 0
  var rdates: [icaldatetimeperiodtype] = []
  var exdates: [icaltimetype] = []
  var recurrenceId: icaltimetype?
  var thisAndFuture = false
  var cancelled = false
  var sequence = 0
  /// The texts of the X-LIC-ERROR properties libical put in place of those it rejected.
  var errors: [String] = []
}

extension EventParser {
  /// Reads every property of `component` that icslanes uses into `found`, in the order libical
  /// keeps them; what cannot be read is dropped with a warning.
  func collect(
    _ component: OpaquePointer, into found: inout EventProperties, warnings: inout [String]
  ) {
    var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
    while let current = property {
      defer { property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY) }
      switch icalproperty_isa(current) {
      case ICAL_UID_PROPERTY:
        found.uid = EventParser.string(icalproperty_get_uid(current))
      case ICAL_SUMMARY_PROPERTY:
        found.title = EventParser.string(icalproperty_get_summary(current))
      case ICAL_LOCATION_PROPERTY:
        found.location = EventParser.string(icalproperty_get_location(current))
      case ICAL_CATEGORIES_PROPERTY:
        EventParser.addCategories(of: current, to: &found.categories)
      case ICAL_COLOR_PROPERTY:
        found.color = ColorText.hex(EventParser.string(icalproperty_get_color(current)))
      case ICAL_STATUS_PROPERTY:
        found.cancelled = icalproperty_get_status(current) == ICAL_STATUS_CANCELLED
      case ICAL_SEQUENCE_PROPERTY:
        found.sequence = Int(icalproperty_get_sequence(current))
      case ICAL_DTSTART_PROPERTY:
        found.start = time(of: current, named: "DTSTART", warnings: &warnings)
      case ICAL_DTEND_PROPERTY:
        found.end = time(of: current, named: "DTEND", warnings: &warnings)
      case ICAL_DURATION_PROPERTY:
        let value = icalproperty_get_duration(current)
        if icaldurationtype_is_bad_duration(value) != 0 {
          warnings.append("DURATION that cannot be read; dropped")
        } else {
          found.duration = value
        }
      case ICAL_RRULE_PROPERTY:
        EventParser.addRule(of: current, to: &found)
      case ICAL_RDATE_PROPERTY:
        if let value = rdate(of: current, warnings: &warnings) { found.rdates.append(value) }
      case ICAL_EXDATE_PROPERTY:
        if let value = time(of: current, named: "EXDATE", warnings: &warnings) {
          found.exdates.append(value)
        }
      case ICAL_RECURRENCEID_PROPERTY:
        found.recurrenceId = time(of: current, named: "RECURRENCE-ID", warnings: &warnings)
        if let range = icalproperty_get_first_parameter(current, ICAL_RANGE_PARAMETER) {
          found.thisAndFuture = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
        }
      case ICAL_XLICERROR_PROPERTY:
        found.errors.append(EventParser.string(icalproperty_get_xlicerror(current)))
      default:
        break
      }
    }
  }

  /// Adds each value of a CATEGORIES property not yet in `categories`: libical hands each value
  /// of a list as its own property or the list as one text.
  private static func addCategories(of property: OpaquePointer, to categories: inout [String]) {
    for value in EventParser.string(icalproperty_get_categories(property)).split(separator: ",") {
      let category = String(value).trimmingASCIIWhitespace()
      if !category.isEmpty, !categories.contains(category) { categories.append(category) }
    }
  }

  /// Keeps an RRULE: the first as the rule, the next ``extraRuleLimit`` as further rules, and
  /// counts the rest. RFC 2445 allowed several RRULEs (their sets are combined); RFC 5545 says
  /// SHOULD NOT, but some exporters still write them.
  private static func addRule(of property: OpaquePointer, to found: inout EventProperties) {
    if !found.hasRule {
      found.rule = icalproperty_get_rrule(property)
      found.hasRule = true
    } else if found.extraRules.count < EventParser.extraRuleLimit {
      found.extraRules.append(icalproperty_get_rrule(property))
    } else {
      found.extraRulesDropped += 1
    }
  }

  /// An RDATE's value with its TZID resolved (a TZID with a trailing Z read as wall time in the
  /// TZID); nil, with a warning, when it cannot be read.
  private func rdate(of property: OpaquePointer, warnings: inout [String])
    -> icaldatetimeperiodtype?
  {
    var value = icalproperty_get_rdate(property)
    let zone = zone(of: property, warnings: &warnings)
    let wall = zone != nil && zone != icaltimezone_get_utc_timezone()
    if wall,
      value.time.zone == icaltimezone_get_utc_timezone()
        || value.period.start.zone == icaltimezone_get_utc_timezone()
    {
      warnings.append(EventParser.tzidWithZNote("RDATE"))
      value.time.zone = zone
      value.period.start.zone = zone
      value.period.end.zone = zone
    }
    value.time.zone = value.time.zone ?? zone
    value.period.start.zone = value.period.start.zone ?? zone
    value.period.end.zone = value.period.end.zone ?? zone
    if icaltime_is_null_time(value.time) != 0, icaltime_is_null_time(value.period.start) != 0 {
      warnings.append("RDATE that cannot be read; dropped")
      return nil
    }
    return value
  }
}
