import Foundation
import ICalBridge
import LaneLayout

/// What libical made of one kept VEVENT (``EventParser/Outcome``), as bytes an index keeps, so
/// that a later replay takes the event without reading its lines or parsing them again.
///
/// Everything of the outcome is written field for field, and its zones by a TZID that names
/// them: the zone a TZID names depends only on the VTIMEZONEs read before the event, which a
/// replay of any window reads in the same order, so the name found when the outcome is written
/// gives the same zone when it is read back. An outcome is not kept when one of its zones has
/// no such name (a zone libical chose by itself), or when a TZID of it was not resolved yet
/// (the event is read again at the end of the load, see `FeedLoader`).
///
/// Reading back checks every length, count and value against what can be written; bytes that
/// do not read back whole give nil, which the replay reports as a damaged index.
package enum ParsedOutcome {
  /// The first byte of every kept outcome: bumped whenever the layout below changes.
  static let format: UInt8 = 2

  /// What kept outcomes are valid for: this layout, the libical that parsed them, and the very
  /// program that did (its file's device, inode, size and modification time): a new build of
  /// icslanes, whose parser may read an event otherwise, parses again rather than trust what
  /// an older one kept. An index keeps the signature beside its outcomes and uses them only
  /// while it is the same; nil (the program's file cannot be found) keeps none.
  package static let signature: String? = {
    var status = stat()
    guard stat("/proc/self/exe", &status) == 0 else { return nil }
    let program = [
      UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size),
      UInt64(status.st_mtim.tv_sec), UInt64(status.st_mtim.tv_nsec),
    ].map(String.init).joined(separator: ":")
    return "outcome \(format), libical \(LibicalVersion.text), program \(program)"
  }()

  /// The bytes of `outcome`, the VEVENT at `line` parsed by `resolver`'s calendar just now;
  /// nil when it cannot be kept. A skipped event keeps `fallbackUID` when libical gave none
  /// (as the loader does).
  static func bytes(
    of outcome: EventParser.Outcome, line: Int, resolver: TimeZoneResolver, fallbackUID: String?
  ) -> [UInt8]? {
    var writer = OutcomeWriter(resolver: resolver)
    writer.bytes.append(format)
    writer.integer(line)
    switch outcome {
    case .skipped(let uid, let reason):
      writer.bytes.append(0)
      writer.optionalText(uid ?? fallbackUID)
      writer.text(reason)
    case .record(let record, let warnings):
      guard !record.hasUnresolvedZone else { return nil }
      writer.bytes.append(1)
      writer.count(warnings.count)
      for warning in warnings { writer.text(warning) }
      guard writer.record(record) else { return nil }
    }
    return writer.bytes
  }

  /// The outcome `bytes` hold for the VEVENT at `line`, its zones named again through
  /// `resolver`; nil when the bytes do not read back whole, were written for another line, or a
  /// zone's name no longer names a zone.
  static func outcome(from bytes: [UInt8], line: Int, resolver: TimeZoneResolver)
    -> EventParser.Outcome?
  {
    outcome(from: bytes[...], line: line, resolver: resolver)
  }

  /// ``outcome(from:line:resolver:)`` of bytes in a larger buffer (``KeptOutcomes``).
  static func outcome(from bytes: ArraySlice<UInt8>, line: Int, resolver: TimeZoneResolver)
    -> EventParser.Outcome?
  {
    var reader = OutcomeReader(bytes: bytes, resolver: resolver)
    guard reader.byte() == format, reader.integer() == line, let kind = reader.byte() else {
      return nil
    }
    let outcome: EventParser.Outcome
    switch kind {
    case 0:
      guard let uid = reader.optionalText(), let reason = reader.text() else { return nil }
      outcome = .skipped(uid: uid, reason: reason)
    case 1:
      guard let count = reader.count() else { return nil }
      var warnings: [String] = []
      for _ in 0..<count {
        guard let warning = reader.text() else { return nil }
        warnings.append(warning)
      }
      guard let record = reader.record() else { return nil }
      outcome = .record(record, warnings: warnings)
    default:
      return nil
    }
    return reader.atEnd ? outcome : nil
  }
}

/// Writes the parts of an outcome: integers as zigzag varints, texts as their UTF-8 length and
/// bytes, a zone as 0 (none), 1 (UTC), 2 and its TZID (first use) or 3 + k (the k-th TZID
/// written before).
private struct OutcomeWriter {
  let resolver: TimeZoneResolver
  var bytes: [UInt8] = []
  private var zones: [LibicalZone] = []

  init(resolver: TimeZoneResolver) {
    self.resolver = resolver
    bytes.reserveCapacity(256)
  }

  mutating func integer(_ value: Int) {
    var rest = UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func count(_ value: Int) { integer(value) }

  mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func text(_ value: String) {
    integer(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }

  mutating func optionalText(_ value: String?) {
    flag(value != nil)
    if let value { text(value) }
  }

  /// False when `zone` has no name to write.
  mutating func zone(_ zone: LibicalZone?) -> Bool {
    guard let zone else {
      integer(0)
      return true
    }
    if zone.isUTC {
      integer(1)
      return true
    }
    if let known = zones.firstIndex(where: { $0 === zone }) {
      integer(3 + known)
      return true
    }
    guard let name = resolver.name(of: zone) else { return false }
    integer(2)
    text(name)
    zones.append(zone)
    return true
  }

  mutating func time(_ value: WallTime) -> Bool {
    // Field by field: an array of the six would be one allocation for every time written.
    integer(Int(value.year))
    integer(Int(value.month))
    integer(Int(value.day))
    integer(Int(value.hour))
    integer(Int(value.minute))
    integer(Int(value.second))
    bytes.append((value.isDate ? 1 : 0) | (value.isDaylight ? 2 : 0))
    return zone(value.zone)
  }

  mutating func rule(_ rule: RecurrenceRule) -> Bool {
    integer(rule.frequency.map { Int($0.rawValue) } ?? -1)
    guard time(rule.until) else { return false }
    integer(Int(rule.count))
    integer(Int(rule.interval))
    integer(rule.weekStart)
    for list in [
      rule.bySecond, rule.byMinute, rule.byHour, rule.byDay, rule.byMonthDay, rule.byYearDay,
      rule.byWeekNumber, rule.byMonth, rule.bySetPosition,
    ] {
      count(list.count)
      for value in list { integer(Int(value)) }
    }
    optionalText(rule.rscale)
    integer(Int(rule.skip))
    return true
  }

  mutating func duration(_ value: PeriodDuration) {
    flag(value.isNegative)
    for field in [value.days, value.weeks, value.hours, value.minutes, value.seconds] {
      integer(Int(field))
    }
  }

  mutating func record(_ record: EventRecord) -> Bool {
    text(record.uid)
    text(record.title)
    optionalText(record.location)
    count(record.categories.count)
    for category in record.categories { text(category) }
    optionalText(record.color)
    integer(record.line)
    integer(record.calendar)
    guard time(record.start) else { return false }
    integer(record.length.days)
    integer(record.length.seconds)
    flag(record.rule != nil)
    if let rule = record.rule, !self.rule(rule) { return false }
    count(record.extraRules.count)
    for rule in record.extraRules {
      guard self.rule(rule) else { return false }
    }
    count(record.rdates.count)
    for date in record.rdates {
      guard time(date.time), time(date.periodStart), time(date.periodEnd) else { return false }
      duration(date.periodDuration)
    }
    count(record.exdates.count)
    for date in record.exdates {
      guard time(date) else { return false }
    }
    flag(record.recurrenceId != nil)
    if let recurrenceId = record.recurrenceId, !time(recurrenceId) { return false }
    flag(record.thisAndFuture)
    flag(record.cancelled)
    integer(record.sequence)
    details(record.details)
    return true
  }

  /// An event's details: a flag, then each field (the status as its raw text).
  mutating func details(_ details: EventDetails?) {
    flag(details != nil)
    guard let details else { return }
    optionalText(details.description)
    flag(details.descriptionTruncated)
    optionalText(details.url)
    optionalText(details.status?.rawValue)
    optionalText(details.organizer)
    flag(details.attendeeCount != nil)
    if let count = details.attendeeCount { integer(count) }
  }
}
