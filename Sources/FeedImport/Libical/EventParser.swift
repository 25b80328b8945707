import CLibical

/// Turns one VEVENT's text into an ``EventRecord`` with libical, or says why it cannot be used.
/// Call inside ``LibicalGate``.
struct EventParser {
  let resolver: TimeZoneResolver
  let calendar: Int

  /// What came of one VEVENT.
  enum Outcome {
    case record(EventRecord, warnings: [String])
    case skipped(uid: String?, reason: String)
  }

  /// The properties whose errors make an event unusable: they say when it happens.
  static let timingProperties = [
    "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID",
  ]

  func parse(block: [UInt8], line: Int) -> Outcome {
    let parsed = ComponentParser.parse(block)
    guard let component = parsed else {
      return .skipped(uid: nil, reason: "libical could not parse this VEVENT")
    }
    defer { icalcomponent_free(component) }
    guard icalcomponent_isa(component) == ICAL_VEVENT_COMPONENT else {
      return .skipped(uid: nil, reason: "libical did not read a VEVENT here")
    }
    // Attach to the holder so that libical can see the feed's VTIMEZONEs while we read.
    icalcomponent_add_component(resolver.holder, component)
    defer { icalcomponent_remove_component(resolver.holder, component) }
    return read(component, line: line)
  }

  private func read(_ component: OpaquePointer, line: Int) -> Outcome {
    var uid = ""
    var title = ""
    var location: String?
    var start: icaltimetype?
    var end: icaltimetype?
    var duration: icaldurationtype?
    var rule: icalrecurrencetype?
    var rdates: [icaldatetimeperiodtype] = []
    var exdates: [icaltimetype] = []
    var recurrenceId: icaltimetype?
    var thisAndFuture = false
    var cancelled = false
    var sequence = 0
    var warnings: [String] = []
    var errors: [String] = []
    var extraRules: [icalrecurrencetype] = []
    var extraRulesDropped = 0

    var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
    while let current = property {
      defer { property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY) }
      switch icalproperty_isa(current) {
      case ICAL_UID_PROPERTY:
        uid = EventParser.string(icalproperty_get_uid(current))
      case ICAL_SUMMARY_PROPERTY:
        title = EventParser.string(icalproperty_get_summary(current))
      case ICAL_LOCATION_PROPERTY:
        location = EventParser.string(icalproperty_get_location(current))
      case ICAL_STATUS_PROPERTY:
        cancelled = icalproperty_get_status(current) == ICAL_STATUS_CANCELLED
      case ICAL_SEQUENCE_PROPERTY:
        sequence = Int(icalproperty_get_sequence(current))
      case ICAL_DTSTART_PROPERTY:
        start = time(of: current, named: "DTSTART", warnings: &warnings)
      case ICAL_DTEND_PROPERTY:
        end = time(of: current, named: "DTEND", warnings: &warnings)
      case ICAL_DURATION_PROPERTY:
        duration = icalproperty_get_duration(current)
      case ICAL_RRULE_PROPERTY:
        // RFC 2445 allowed several RRULEs (their sets are combined); RFC 5545 says SHOULD NOT
        // but old exporters still write them.
        if rule == nil {
          rule = icalproperty_get_rrule(current)
        } else if extraRules.count < EventParser.extraRuleLimit {
          extraRules.append(icalproperty_get_rrule(current))
        } else {
          extraRulesDropped += 1
        }
      case ICAL_RDATE_PROPERTY:
        var value = icalproperty_get_rdate(current)
        let zone = zone(of: current, warnings: &warnings)
        value.time.zone = value.time.zone ?? zone
        value.period.start.zone = value.period.start.zone ?? zone
        value.period.end.zone = value.period.end.zone ?? zone
        rdates.append(value)
      case ICAL_EXDATE_PROPERTY:
        if let value = time(of: current, named: "EXDATE", warnings: &warnings) {
          exdates.append(value)
        }
      case ICAL_RECURRENCEID_PROPERTY:
        recurrenceId = time(of: current, named: "RECURRENCE-ID", warnings: &warnings)
        if let range = icalproperty_get_first_parameter(current, ICAL_RANGE_PARAMETER) {
          thisAndFuture = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
        }
      case ICAL_XLICERROR_PROPERTY:
        errors.append(EventParser.string(icalproperty_get_xlicerror(current)))
      default:
        break
      }
    }
    let uidOrNil = uid.isEmpty ? nil : uid
    if extraRulesDropped > 0 {
      warnings.append(
        "\(extraRulesDropped + EventParser.extraRuleLimit + 1) RRULEs; icslanes uses the first \(EventParser.extraRuleLimit + 1), the rest are ignored"
      )
    }

    if let fatal = errors.first(where: { message in
      EventParser.timingProperties.contains { message.uppercased().contains($0) }
    }) {
      return .skipped(uid: uidOrNil, reason: "libical: \(EventParser.excerpt(fatal))")
    }
    warnings += errors.map { "libical: \(EventParser.excerpt($0))" }

    guard let start else {
      return .skipped(uid: uidOrNil, reason: "no DTSTART")
    }
    guard LibicalTime.isUsable(start) else {
      if !(1...3000).contains(start.year) {
        return .skipped(
          uid: uidOrNil,
          reason: "DTSTART in year \(start.year): libical handles years 1 to 3000 only")
      }
      return .skipped(uid: uidOrNil, reason: "DTSTART is not a usable date")
    }
    extraRules = extraRules.compactMap { extra in
      var value = extra
      EventParser.alignUntil(&value, with: start)
      if let bad = RuleLimits.problem(of: value) {
        warnings.append("an additional RRULE has \(bad), out of its range; ignored")
        return nil
      }
      guard value.freq != ICAL_NO_RECURRENCE, let iterator = icalrecur_iterator_new(value, start)
      else {
        warnings.append("an additional RRULE that libical rejects; ignored")
        return nil
      }
      icalrecur_iterator_free(iterator)
      let density = RuleDensity.instancesPerPeriod(value)
      if density > RuleDensity.limit {
        warnings.append(
          "an additional RRULE gives up to \(density) instances per FREQ period; icslanes expands at most \(RuleDensity.limit); ignored"
        )
        return nil
      }
      return value
    }
    if var value = rule {
      if value.freq == ICAL_NO_RECURRENCE {
        return .skipped(uid: uidOrNil, reason: "RRULE that libical rejects")
      }
      EventParser.alignUntil(&value, with: start)
      if let bad = RuleLimits.problem(of: value) {
        return .skipped(uid: uidOrNil, reason: "RRULE with \(bad), out of its range")
      }
      // A rule without BY parts has nothing libical's check could reject (and setting up its
      // iterator costs ICU calendars): check the others.
      if SeriesExpander.hasByParts(value) || value.rscale != nil {
        guard let iterator = icalrecur_iterator_new(value, start) else {
          return .skipped(
            uid: uidOrNil, reason: "RRULE that libical rejects (its BY parts do not fit its FREQ)")
        }
        icalrecur_iterator_free(iterator)
      }
      let density = RuleDensity.instancesPerPeriod(value)
      if density > RuleDensity.limit {
        return .skipped(
          uid: uidOrNil,
          reason:
            "RRULE gives up to \(density) instances per FREQ period (BY parts multiply); icslanes expands at most \(RuleDensity.limit)"
        )
      }
      rule = value
    }

    var length = OccurrenceLength.zero
    if let end, LibicalTime.isUsable(end) {
      if start.is_date != 0 {
        length.days =
          (LibicalTime.day(of: end)?.ordinal ?? 0) - (LibicalTime.day(of: start)?.ordinal ?? 0)
      } else {
        var endValue = end
        if end.is_date != 0 {
          endValue.is_date = 0
          endValue.zone = start.zone
        }
        length = OccurrenceLength(
          clampingDays: 0,
          seconds: LibicalTime.instant(of: endValue, floatingZone: nil)
            &- LibicalTime.instant(of: start, floatingZone: nil))
      }
    } else if end != nil {
      warnings.append("DTEND is not a usable date; ignored")
      length.days = start.is_date != 0 ? 1 : 0
    } else if let duration {
      length = EventParser.length(of: duration, allDay: start.is_date != 0)
    } else if start.is_date != 0 {
      length.days = 1
    }
    if length.isClamped, length.days >= 0, length.seconds >= 0 {
      warnings.append(
        "lasts longer than \(OccurrenceLength.maximumDays) days (10,000 years); laid out as that long"
      )
    }
    if length.days < 0 || length.seconds < 0 || (length.days == 0 && length.seconds < 0) {
      warnings.append("ends before it starts; laid out on its start day only")
      length = .zero
    }

    if rule == nil { extraRules = [] }
    var record = EventRecord(
      uid: uid, title: title, location: location, line: line, calendar: calendar, start: start,
      length: length, rule: rule.map(PackedRule.init), rdates: rdates, exdates: exdates,
      recurrenceId: recurrenceId,
      thisAndFuture: thisAndFuture, cancelled: cancelled, sequence: sequence)
    record.extraRules = extraRules.map(PackedRule.init)
    record.hasUnresolvedZone = warnings.contains { $0.hasPrefix(EventParser.unresolvedPrefix) }
    return .record(record, warnings: warnings)
  }

  /// The length a DURATION gives, its parts widened to 64 bits before they are multiplied
  /// (libical keeps each in 32 bits: `P613566757W` in days does not fit) and the result clamped
  /// to ``OccurrenceLength/maximumDays``. An all-day event keeps whole days only.
  static func length(of duration: icaldurationtype, allDay: Bool) -> OccurrenceLength {
    let sign: Int64 = duration.is_neg != 0 ? -1 : 1
    var days = Int64(duration.weeks) * 7 + Int64(duration.days)
    var seconds =
      Int64(duration.hours) * 3_600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
    if allDay, seconds != 0 {
      days += seconds / 86_400
      seconds = 0
    }
    return OccurrenceLength(clampingDays: sign * days, seconds: sign * seconds)
  }

  /// A date or date-time property's value with its TZID resolved.
  private func time(of property: OpaquePointer, named name: String, warnings: inout [String])
    -> icaltimetype?
  {
    guard let value = icalproperty_get_value(property) else { return nil }
    var time = icalvalue_get_datetime(value)
    if icaltime_is_null_time(time) != 0 { return nil }
    if time.zone == nil, time.is_date == 0 {
      time.zone = zone(of: property, warnings: &warnings)
    }
    return time
  }

  private func zone(of property: OpaquePointer, warnings: inout [String]) -> OpaquePointer? {
    guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
      let raw = icalparameter_get_tzid(parameter)
    else { return nil }
    let tzid = String(cString: raw)
    if let zone = resolver.zone(named: tzid) {
      return zone
    }
    let message =
      EventParser.unresolvedPrefix
      + "\"\(tzid)\" matches no VTIMEZONE and no known zone; its times are read as floating"
    if !warnings.contains(message) { warnings.append(message) }
    return nil
  }

  /// At most this many RRULEs after the first are used (each is expanded on its own).
  static let extraRuleLimit = 3

  /// How the warning about a TZID that resolves nowhere begins.
  static let unresolvedPrefix = "TZID "

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

  /// The longest libical message kept in a warning, in characters: libical quotes the whole
  /// bad value, which may be most of a feed.
  static let messageLimit = 200

  /// `message` trimmed, cut to ``messageLimit`` characters with an ellipsis.
  static func excerpt(_ message: String) -> String {
    let trimmed = message.trimmingASCIIWhitespace()
    guard trimmed.count > messageLimit else { return trimmed }
    return String(trimmed.prefix(messageLimit)) + "…"
  }

  static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}
