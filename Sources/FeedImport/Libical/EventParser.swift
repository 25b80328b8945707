import CLibical
import LaneLayout

/// Turns one VEVENT's text into an ``EventRecord`` with libical, or says why it cannot be used.
/// An entry point of the door: ``parse(block:line:)`` takes ``LibicalGate`` itself, and the
/// record it gives is made of Swift values only.
struct EventParser {
  let resolver: TimeZoneResolver
  let calendar: Int

  /// What came of one VEVENT.
  enum Outcome {
    case record(EventRecord, warnings: [String])
    case skipped(uid: String?, reason: String)
  }

  /// The note given once per feed when a line was decoded as Windows-1252.
  static let windows1252Note =
    "lines that are not valid UTF-8 are read as Windows-1252"

  func parse(block: [UInt8], line: Int) -> Outcome {
    LibicalGate.run { parseHoldingGate(block: block, line: line) }
  }

  private func parseHoldingGate(block: [UInt8], line: Int) -> Outcome {
    LibicalGate.assertHeld()
    let repair = BlockRepair(block)
    let parsed = ComponentParser.parse(repair.bytes)
    guard let component = parsed else {
      return .skipped(uid: nil, reason: "libical could not parse this VEVENT")
    }
    defer { icalcomponent_free(component) }
    guard icalcomponent_isa(component) == ICAL_VEVENT_COMPONENT else {
      return .skipped(uid: nil, reason: "libical did not read a VEVENT here")
    }
    // Attach to the holder so that libical can see the feed's VTIMEZONEs while we read.
    icalcomponent_add_component(resolver.holder.component, component)
    defer { icalcomponent_remove_component(resolver.holder.component, component) }
    var notes = repair.notes
    if repair.decodedWindows1252 { notes.append(EventParser.windows1252Note) }
    switch read(component, line: line) {
    case .record(let record, let warnings):
      return .record(record, warnings: notes + warnings)
    case .skipped(let uid, let reason):
      return .skipped(uid: uid, reason: reason)
    }
  }

  private func read(_ component: OpaquePointer, line: Int) -> Outcome {
    var uid = ""
    var title = ""
    var location: String?
    var categories: [String] = []
    var color: String?
    var start: icaltimetype?
    var end: icaltimetype?
    var duration: icaldurationtype?
    // The first RRULE, when `hasRule`.
    var rule = icalrecurrencetype()
    var hasRule = false
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
      case ICAL_CATEGORIES_PROPERTY:
        // libical hands each value of a list as its own property or the list as one text.
        for value in EventParser.string(icalproperty_get_categories(current)).split(separator: ",")
        {
          let category = String(value).trimmingASCIIWhitespace()
          if !category.isEmpty, !categories.contains(category) { categories.append(category) }
        }
      case ICAL_COLOR_PROPERTY:
        color = ColorText.hex(EventParser.string(icalproperty_get_color(current)))
      case ICAL_STATUS_PROPERTY:
        cancelled = icalproperty_get_status(current) == ICAL_STATUS_CANCELLED
      case ICAL_SEQUENCE_PROPERTY:
        sequence = Int(icalproperty_get_sequence(current))
      case ICAL_DTSTART_PROPERTY:
        start = time(of: current, named: "DTSTART", warnings: &warnings)
      case ICAL_DTEND_PROPERTY:
        end = time(of: current, named: "DTEND", warnings: &warnings)
      case ICAL_DURATION_PROPERTY:
        let value = icalproperty_get_duration(current)
        if icaldurationtype_is_bad_duration(value) != 0 {
          warnings.append("DURATION that cannot be read; dropped")
        } else {
          duration = value
        }
      case ICAL_RRULE_PROPERTY:
        // RFC 2445 allowed several RRULEs (their sets are combined); RFC 5545 says SHOULD NOT
        // but old exporters still write them.
        if !hasRule {
          rule = icalproperty_get_rrule(current)
          hasRule = true
        } else if extraRules.count < EventParser.extraRuleLimit {
          extraRules.append(icalproperty_get_rrule(current))
        } else {
          extraRulesDropped += 1
        }
      case ICAL_RDATE_PROPERTY:
        var value = icalproperty_get_rdate(current)
        let zone = zone(of: current, warnings: &warnings)
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
        } else {
          rdates.append(value)
        }
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

    // libical removes the property it rejects and puts an X-LIC-ERROR in its place: the event
    // is built from what is left, and only a missing DTSTART makes it unusable.
    var rejectedStart: String?
    for message in errors {
      let text = message.trimmingASCIIWhitespace()
      guard let name = LibicalError.rejectedProperty(text) else {
        warnings.append("libical: \(EventParser.excerpt(text))")
        continue
      }
      if name == "DTSTART" { rejectedStart = EventParser.excerpt(text) }
      // A detail libical cannot read is left out without a word, as when it is not given.
      if EventParser.detailProperties.contains(name) { continue }
      warnings.append("\(name) cannot be read; dropped (libical: \(EventParser.excerpt(text)))")
    }

    guard let start else {
      if let rejectedStart {
        return .skipped(uid: uidOrNil, reason: "DTSTART cannot be read (libical: \(rejectedStart))")
      }
      return .skipped(uid: uidOrNil, reason: "no DTSTART")
    }
    guard EventParser.isUsable(start) else {
      if !LibicalYears.usable.contains(Int(start.year)) {
        return .skipped(
          uid: uidOrNil,
          reason: "DTSTART in year \(start.year): libical handles years 1 to 3000 only")
      }
      return .skipped(uid: uidOrNil, reason: "DTSTART is not a usable date")
    }
    extraRules = extraRules.compactMap { extra in
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
    // A rule that cannot be used is dropped; DTSTART still counts as an occurrence (RFC 5545
    // 3.8.5.3), and the additional rules (if any) stand in for it.
    // The rule is settled and checked where it lies: libical's rule is 2.9 KB, and was copied
    // about five times an event.
    var recordRule: RecurrenceRule?
    if hasRule {
      if rule.freq == ICAL_NO_RECURRENCE {
        warnings.append("RRULE that libical rejects; dropped, DTSTART stays")
      } else {
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
        if usable {
          value.until = WallTime(rule.until, zone: zone(rule.until.zone))
          recordRule = value
        }
      }
      if recordRule == nil, !extraRules.isEmpty {
        recordRule = self.value(extraRules.removeFirst())
      }
    }

    var length = OccurrenceLength.zero
    if let end, EventParser.isUsable(end) {
      if start.is_date != 0 {
        // A DATE-TIME end of an all-day event: through the day of its last instant, read in the
        // end's own zone (a floating or UTC end as written), so a partial last day is covered.
        length.days =
          (EventParser.day(of: end)?.ordinal ?? 0) - (EventParser.day(of: start)?.ordinal ?? 0)
        if end.is_date == 0, end.hour != 0 || end.minute != 0 || end.second != 0 {
          length.days += 1
        }
      } else {
        var endValue = end
        if end.is_date != 0 {
          endValue.is_date = 0
          endValue.zone = start.zone
        }
        length = OccurrenceLength(
          clampingDays: 0,
          seconds: value(endValue).instant(floatingZone: nil)
            &- value(start).instant(floatingZone: nil))
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

    if start.is_date == 0 {
      // An RDATE PERIOD written with DATE values on a timed series is an instance at DTSTART's
      // time, like a DATE RDATE, never an all-day bar inside a timed series.
      for index in rdates.indices
      where icaltime_is_null_time(rdates[index].period.start) == 0
        && rdates[index].period.start.is_date != 0
      {
        rdates[index].time = rdates[index].period.start
        rdates[index].time.zone = nil
        rdates[index].period = icalperiodtype_null_period()
      }
    }
    if recordRule == nil { extraRules = [] }
    var record = EventRecord(
      uid: uid, title: title, location: location, line: line, calendar: calendar,
      start: value(start), length: length, rule: recordRule, rdates: rdates.map(value),
      exdates: exdates.map(value), recurrenceId: recurrenceId.map(value),
      thisAndFuture: thisAndFuture, cancelled: cancelled, sequence: sequence)
    record.extraRules = extraRules.map(value)
    record.categories = categories
    record.color = color
    record.details = EventParser.details(of: component)
    record.hasUnresolvedZone = warnings.contains { $0.hasPrefix(EventParser.unresolvedPrefix) }
    return .record(record, warnings: warnings)
  }

  /// The handle of a zone libical gave (nil: floating, or a date).
  private func zone(_ pointer: OpaquePointer?) -> LibicalZone? {
    pointer.map(resolver.handle)
  }

  /// A libical time as the record keeps it.
  private func value(_ time: icaltimetype) -> WallTime {
    WallTime(time, zone: zone(time.zone))
  }

  /// A libical rule as the record keeps it.
  private func value(_ rule: icalrecurrencetype) -> RecurrenceRule {
    RecurrenceRule(rule, zone: zone)
  }

  /// A libical RDATE as the record keeps it.
  private func value(_ rdate: icaldatetimeperiodtype) -> RecurrenceDate {
    RecurrenceDate(
      time: value(rdate.time), periodStart: value(rdate.period.start),
      periodEnd: value(rdate.period.end), periodDuration: PeriodDuration(rdate.period.duration))
  }

  /// The day of a time value's date part.
  private static func day(of time: icaltimetype) -> Day? {
    Day(year: Int(time.year), month: Int(time.month), day: Int(time.day))
  }

  /// Whether a time value names a real, usable date (or date-time).
  private static func isUsable(_ time: icaltimetype) -> Bool {
    icaltime_is_null_time(time) == 0 && icaltime_is_valid_time(time) != 0
      && day(of: time) != nil && (1...9999).contains(time.year)
  }

  /// The length a DURATION gives, its parts widened to 64 bits before they are multiplied
  /// (libical keeps each in 32 bits: `P613566757W` in days does not fit) and the result clamped
  /// to ``OccurrenceLength/maximumDays``. An all-day event keeps whole days: every day the
  /// duration reaches into, counted from DTSTART's midnight.
  static func length(of duration: icaldurationtype, allDay: Bool) -> OccurrenceLength {
    let sign: Int64 = duration.is_neg != 0 ? -1 : 1
    let days = Int64(duration.weeks) * 7 + Int64(duration.days)
    let seconds =
      Int64(duration.hours) * 3_600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
    if allDay, seconds != 0 {
      // Counted from DTSTART's midnight: every day the duration reaches into is covered.
      let total = sign * (days * 86_400 + seconds)
      let covered = total >= 0 ? (total + 86_399) / 86_400 : -((-total) / 86_400)
      return OccurrenceLength(clampingDays: covered, seconds: 0)
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
    if time.is_date == 0, time.zone == nil || time.zone == icaltimezone_get_utc_timezone() {
      let named = zone(of: property, warnings: &warnings)
      if time.zone == nil {
        time.zone = named
      } else if let named, named != time.zone {
        // TZID and a trailing Z: wall time in the TZID, as Google Calendar reads what it writes.
        time.zone = named
        warnings.append(EventParser.tzidWithZNote(name))
      }
    }
    return time
  }

  /// The warning for a DATE-TIME with both a TZID and a trailing `Z`.
  static func tzidWithZNote(_ name: String) -> String {
    "\(name) has both a TZID and a trailing Z; read as wall time in the TZID"
  }

  private func zone(of property: OpaquePointer, warnings: inout [String]) -> OpaquePointer? {
    guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
      let raw = icalparameter_get_tzid(parameter)
    else { return nil }
    let tzid = String(cString: raw)
    if let zone = resolver.zone(named: tzid) {
      return zone.pointer
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

  /// A rule as icslanes reads it, before it is checked or expanded: UNTIL aligned with
  /// DTSTART's type (``alignUntil(_:with:)``), each BY list a set (``RuleValueSets``), a yearly
  /// BYMONTHDAY without BYMONTH over every month (``YearlyMonthDays``).
  static func settle(_ rule: inout icalrecurrencetype, with start: icaltimetype) {
    alignUntil(&rule, with: start)
    RuleValueSets.dropRepeats(&rule)
    YearlyMonthDays.spread(&rule)
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
