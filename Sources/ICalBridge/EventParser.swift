import CLibical
import LaneLayout

/// Turns one VEVENT's text into an ``EventRecord`` with libical, or says why it cannot be used.
/// An entry point of the door: ``parse(block:line:)`` takes ``LibicalGate`` itself, and the
/// record it gives is made of Swift values only.
package struct EventParser {
  let resolver: TimeZoneResolver
  let calendar: Int

  /// A parser that resolves TZIDs with `resolver`, for the records of calendar `calendar`.
  package init(resolver: TimeZoneResolver, calendar: Int) {
    self.resolver = resolver
    self.calendar = calendar
  }

  /// What came of one VEVENT.
  package enum Outcome {
    case record(EventRecord, warnings: [String])
    case skipped(uid: String?, reason: String)
  }

  /// The note given once per feed when a line was decoded as Windows-1252.
  package static let windows1252Note =
    "lines that are not valid UTF-8 are read as Windows-1252"

  package func parse(block: [UInt8], line: Int) -> Outcome {
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
    var warnings: [String] = []
    var found = EventProperties()
    collect(component, into: &found, warnings: &warnings)
    let uidOrNil = found.uid.isEmpty ? nil : found.uid
    if found.extraRulesDropped > 0 {
      warnings.append(EventParser.droppedRulesNote(found.extraRulesDropped))
    }
    let rejectedStart = EventParser.noteErrors(found.errors, warnings: &warnings)
    guard let start = found.start, EventParser.isUsable(start) else {
      let reason = EventParser.startProblem(found.start, rejected: rejectedStart)
      return .skipped(uid: uidOrNil, reason: reason)
    }
    var extraRules = EventParser.checkedExtraRules(
      found.extraRules, start: start, warnings: &warnings)
    // A rule that cannot be used is dropped, and the additional rules (if any) stand in for it.
    var recordRule: RecurrenceRule?
    if found.hasRule {
      recordRule = checkedRule(&found.rule, start: start, warnings: &warnings)
      if recordRule == nil, !extraRules.isEmpty {
        recordRule = self.value(extraRules.removeFirst())
      }
    }
    let length = self.length(
      from: start, end: found.end, duration: found.duration, warnings: &warnings)
    if start.is_date == 0 { EventParser.datePeriodsAsDates(&found.rdates) }
    if recordRule == nil { extraRules = [] }
    var record = EventRecord(
      uid: found.uid, title: found.title, location: found.location, line: line,
      calendar: calendar, start: value(start), length: length, rule: recordRule,
      rdates: found.rdates.map(value), exdates: found.exdates.map(value),
      recurrenceId: found.recurrenceId.map(value), thisAndFuture: found.thisAndFuture,
      cancelled: found.cancelled, sequence: found.sequence)
    record.extraRules = extraRules.map(value)
    record.categories = found.categories
    record.color = found.color
    record.details = EventParser.details(of: component)
    record.hasUnresolvedZone = warnings.contains { $0.hasPrefix(EventParser.unresolvedPrefix) }
    return .record(record, warnings: warnings)
  }

  /// Warns of each X-LIC-ERROR: libical removes the property it rejects and puts one in its
  /// place, and the event is built from what is left. Gives libical's message when it rejected
  /// DTSTART, which alone makes the event unusable.
  private static func noteErrors(_ errors: [String], warnings: inout [String]) -> String? {
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
    return rejectedStart
  }

  /// Why an event whose DTSTART is `start` (nil: none that libical read) cannot be used.
  private static func startProblem(_ start: icaltimetype?, rejected: String?) -> String {
    guard let start else {
      if let rejected { return "DTSTART cannot be read (libical: \(rejected))" }
      return "no DTSTART"
    }
    if !LibicalYears.usable.contains(Int(start.year)) {
      return "DTSTART in year \(start.year): libical handles years 1 to 3000 only"
    }
    return "DTSTART is not a usable date"
  }

  /// The handle of a zone libical gave (nil: floating, or a date).
  func zone(_ pointer: OpaquePointer?) -> LibicalZone? {
    pointer.map(resolver.handle)
  }

  /// A libical time as the record keeps it.
  func value(_ time: icaltimetype) -> WallTime {
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

  /// A date or date-time property's value with its TZID resolved.
  func time(of property: OpaquePointer, named name: String, warnings: inout [String])
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

  /// The zone a property's TZID names; nil, warned of once, when it names none known.
  func zone(of property: OpaquePointer, warnings: inout [String]) -> OpaquePointer? {
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
