import CLibical
import LaneLayout
import Synchronization

/// A time zone as libical reads it: the door's handle on one `icaltimezone`, which it owns (or
/// keeps alive through the feed calendar that holds it), with the offsets it has learnt.
///
/// Turning local times into instants and back is what every occurrence costs: a zone remembers
/// stretches of time over which its UTC offset is known not to change (see
/// ``instant(ofLocal:)``) and, for zones whose rules repeat every 400 years, folds far-future
/// instants back (see ``folded(_:)``), so that most conversions never reach libical. Zones are
/// equal when they are the same object; the system's zones are shared by every feed.
final class LibicalZone: @unchecked Sendable {
  /// The libical zone. Only the door (`Libical/`) reads it, inside ``LibicalGate``.
  let pointer: OpaquePointer
  /// What keeps `pointer` alive: the calendar component that holds a feed's VTIMEZONE; nil for
  /// the system's zones, which libical keeps for the whole process.
  private let owner: AnyObject?
  /// Whether this is libical's UTC zone, whose local times are worked out in Swift.
  let isUTC: Bool
  private let stretches = Mutex<[Stretch]>([])
  private let periodic = Mutex<Bool?>(nil)
  /// The last year whose changes libical holds for the zone, as far as ``warm(for:)`` asked it
  /// to work them out (0 before it did).
  private let workedOutThrough = Mutex(0)
  /// The offset (and daylight flag) libical gives every instant from ``LibicalZone/tailStart``
  /// on, once asked (``tail()``).
  private let tailAnswer = Mutex<(offset: Int, isDaylight: Bool)?>(nil)
  private let tailKnown = Mutex<Bool?>(nil)
  /// The zone's ``PlainZoneRules`` once looked for (nil inside when it has none).
  private let plainRules = Mutex<PlainZoneRules??>(nil)

  private init(pointer: OpaquePointer, owner: AnyObject?, isUTC: Bool = false) {
    self.pointer = pointer
    self.owner = owner
    self.isUTC = isUTC
  }

  /// A zone of a feed's VTIMEZONE, which `owner` keeps alive.
  static func owned(_ pointer: OpaquePointer, by owner: AnyObject) -> LibicalZone {
    LibicalZone(pointer: pointer, owner: owner)
  }

  /// libical's UTC zone.
  static var utc: LibicalZone {
    // Made behind the lock, not in a `static let`: a thread that holds the lock must never wait
    // for another thread's one-time initialiser that waits for the lock.
    LibicalGate.run {
      if let zone = utcZone { return zone }
      let zone = LibicalZone(pointer: icaltimezone_get_utc_timezone(), owner: nil, isUTC: true)
      utcZone = zone
      return zone
    }
  }

  /// ``utc`` once made; read and written only behind ``LibicalGate``.
  nonisolated(unsafe) private static var utcZone: LibicalZone?

  /// The system's zones handed out so far, by address: one object per libical zone.
  private static let system = Mutex<[UInt: LibicalZone]>([:])

  /// The handle of a zone libical keeps for the whole process (UTC or a system zone).
  static func shared(_ pointer: OpaquePointer) -> LibicalZone {
    let utc = utc
    if pointer == utc.pointer { return utc }
    let key = address(of: pointer)
    return system.withLock { zones in
      if let known = zones[key] { return known }
      let zone = LibicalZone(pointer: pointer, owner: nil)
      zones[key] = zone
      return zone
    }
  }

  /// A libical zone's address, which tells zones apart.
  static func address(of pointer: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
  }

  /// A zone of the system's zoneinfo (or UTC), by IANA name; nil when there is none.
  static func system(named name: String) -> LibicalZone? {
    // ASCII names are upper-cased byte by byte (`uppercased()` loads Unicode's tables, some 1.5
    // million instructions at the command's start); others as before, by Unicode's rules.
    let upper =
      name.utf8.allSatisfy { $0 < 0x80 }
      ? String(
        decoding: name.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
      : name.uppercased()
    switch upper {
    case "UTC", "GMT", "Z", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU", "ETC/UNIVERSAL", "ETC/ZULU":
      return utc
    default:
      // libical builds any zone name into a path: keep to plain zone names.
      guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), !name.contains(".."),
        name.count < 128
      else { return nil }
      let found = LibicalGate.run { icaltimezone_get_builtin_timezone(name) }
      return found.map(shared)
    }
  }

  // MARK: Local times and instants

  /// The UTC instant of a wall-clock time in this zone (given as its fields read as UTC
  /// seconds), by RFC 5545 3.3.5: a local time that occurs twice (the hour repeated when clocks
  /// go back) means the first of them; a local time that does not occur (skipped when clocks go
  /// forward) is read with the UTC offset from before the gap, so 02:30 in Berlin on 2024-03-31
  /// is 01:30Z, which the clock shows as 03:30. (libical's own conversion takes the second
  /// occurrence and the offset after the gap.)
  func instant(ofLocal wall: Int64) -> Int64 {
    if isUTC { return wall }
    // Offsets a day either side of the wall time: every real offset lies within ±26 hours, so
    // these bracket the one transition (if any) that can make this wall time odd.
    let low = wall - 129_600
    let high = wall + 129_600
    if let steady = steadyOffset(over: low, high) {
      return wall - Int64(steady)
    }
    let before = offset(at: low)
    let after = offset(at: high)
    let early = wall - Int64(before)
    if before == after {
      if offset(at: early) == before {
        learn(low, high, offset: before)
        return early
      }
      // More than one change within a few days (rare): take libical's answer via a probe of
      // the offset at the first guess.
      return wall - Int64(offset(at: early))
    }
    let late = wall - Int64(after)
    let earlyValid = offset(at: early) == before
    let lateValid = offset(at: late) == after
    switch (earlyValid, lateValid) {
    case (true, true): return min(early, late)  // repeated: the first occurrence
    case (true, false): return early
    case (false, true): return late
    case (false, false): return early  // in the gap: the offset from before it
    }
  }

  /// The zone's UTC offset, in seconds, at `instant`.
  func offset(at instant: Int64) -> Int {
    local(instant).offset
  }

  /// The local time of `instant` in this zone, with the zone's UTC offset then. The time is
  /// the wall clock's fields only: its ``WallTime/zone`` is not set (every caller formats the
  /// fields or reads them as a floating time, and a time copied through an expansion is
  /// cheaper without a reference).
  func local(_ instant: Int64) -> (time: WallTime, offset: Int) {
    if isUTC, let time = WallTime.utc(instant, zone: nil) { return (time, 0) }
    return libicalLocal(instant)
  }

  /// ``local(_:)`` as libical works it out; an instant past the year 2500 in a zone whose rules
  /// repeat is looked up 400·k years earlier (``folded(_:)``), which gives the same offset
  /// without libical working out every transition up to it.
  func libicalLocal(_ instant: Int64) -> (time: WallTime, offset: Int) {
    if let earlier = folded(instant) {
      let (foldedTime, offset) = libicalLocal(earlier)
      if var time = WallTime.utc(instant + Int64(offset), zone: nil) {
        time.isDaylight = foldedTime.isDaylight
        return (time, offset)
      }
    }
    if let rules = plain, let (offset, isDaylight) = rules.answer(at: instant),
      var time = WallTime.utc(instant + Int64(offset), zone: nil)
    {
      time.isDaylight = isDaylight
      return (time, offset)
    }
    if instant >= LibicalZone.tailStart, hasTail {
      let (offset, isDaylight) = tail()
      if var time = WallTime.utc(instant + Int64(offset), zone: nil) {
        time.isDaylight = isDaylight
        return (time, offset)
      }
    }
    warm(for: instant)
    let time = LibicalGate.run {
      WallTime(icaltime_from_timet_with_zone(time_t(instant), 0, pointer), zone: nil)
    }
    let offset = Int(time.fieldSeconds - instant)
    return (time, offset)
  }

  /// The zone's observances worked out in Swift, when all are plain (``PlainZoneRules``);
  /// nil for UTC and for any other zone.
  var plain: PlainZoneRules? {
    if isUTC { return nil }
    if let known = plainRules.withLock({ $0 }) { return known }
    let found = LibicalGate.run { () -> PlainZoneRules? in
      guard let component = icaltimezone_get_component(pointer) else { return nil }
      return PlainZoneRules(zone: component)?.withTable()
    }
    plainRules.withLock { $0 = .some(found) }
    return found
  }

  // MARK: How far libical has worked the zone out

  /// The last year whose changes libical 3.0.16 works out (`ICALTIMEZONE_MAX_YEAR` with a
  /// 64-bit `time_t`).
  static let lastChangeYear = 2582
  /// Two days into the year after ``lastChangeYear`` (2583-01-03T00:00Z): past every change
  /// libical's rules give (their local times end with the year 2582, and no zone is a day
  /// off UTC), so from here on a zone without later onsets (``hasTail``) has one offset.
  static let tailStart: Int64 = 19_344_614_400
  /// Instants from here (2032-01-01T00:00Z) on lie past what libical works a zone out to on
  /// first use (this year and five more: its coverage starts from the clock's year).
  static let warmFrom: Int64 = 1_956_528_000
  /// Past the first question after ``warmFrom``, asks libical about a year well ahead of it,
  /// so that the zone's changes are worked out a few times at most, not once for every sixth
  /// year asked.
  ///
  /// libical works a zone's changes out from its first observance up to the year asked about
  /// and five more, and does it all again from the first observance for each later year
  /// beyond that: questions a year apart from 2032 to 2500 (a yearly series whose long
  /// instances end there) had it work out some 80 times 500-900 years of every observance,
  /// most of a second of ICU calendar work on a 24 KB feed, outside the step budget. Asked
  /// about year Y past what it holds, it is asked about Y + (Y − 2026) instead (at most 2577,
  /// whose five more years end libical's range): the years held double past the clock's year,
  /// so a walk up to 2582 works the zone out five times, and a question about 2040 costs
  /// about what it did.
  private func warm(for instant: Int64) {
    guard instant >= LibicalZone.warmFrom else { return }
    let year = Day(ordinal: Int(instant / 86_400)).components.year
    guard year > workedOutThrough.withLock({ $0 }) else { return }
    let target = min(LibicalZone.lastChangeYear - 5, max(year, 2 * year - 2_026))
    // 1 July of the target year, at midnight UTC.
    let asked = Int64(Day.daysSinceEpoch(year: target, month: 7, day: 1)) * 86_400
    LibicalGate.run { _ = icaltime_from_timet_with_zone(time_t(asked), 0, pointer) }
    workedOutThrough.withLock { $0 = max($0, target + 5) }
  }

  /// The offset and daylight flag libical gives instants from ``tailStart`` on in a zone with
  /// ``hasTail``: those of its last change, worked out once. (libical answers each such
  /// instant by working every change out again.)
  private func tail() -> (offset: Int, isDaylight: Bool) {
    if let known = tailAnswer.withLock({ $0 }) { return known }
    warm(for: LibicalZone.tailStart)
    let time = LibicalGate.run {
      WallTime(icaltime_from_timet_with_zone(time_t(LibicalZone.tailStart), 0, pointer), zone: nil)
    }
    let answer = (
      offset: Int(time.fieldSeconds - LibicalZone.tailStart), isDaylight: time.isDaylight
    )
    tailAnswer.withLock { $0 = answer }
    return answer
  }

  /// Whether no observance of the zone starts, and no RDATE of it lies, after the year 2581:
  /// libical takes those onsets whatever their year, so a zone with one has changes past
  /// ``tailStart`` and is asked about each instant there.
  var hasTail: Bool {
    if let answer = tailKnown.withLock({ $0 }) { return answer }
    let answer = LibicalGate.run {
      onsets(before: Int32(LibicalZone.lastChangeYear - 1), rules: { _, _ in true })
    }
    tailKnown.withLock { $0 = answer }
    return answer
  }

  // MARK: Steady stretches

  /// A stretch of time over which the zone's UTC offset is known not to change, learnt from the
  /// probes of ``instant(ofLocal:)``.
  ///
  /// A stretch is recorded only when the conversion found the same offset three days apart and
  /// in between, which under the conversion's own assumption (a zone changes its offset at most
  /// once within three days) means no change in between; overlapping stretches with the same
  /// offset join.
  private struct Stretch {
    var low: Int64
    var high: Int64
    let offset: Int
  }

  /// At most this many stretches are kept per zone; the one unused longest goes first.
  static let stretchLimit = 64

  /// The offset over all of `low…high`, when a known stretch covers it.
  private func steadyOffset(over low: Int64, _ high: Int64) -> Int? {
    stretches.withLock { stretches in
      // Last used first: the stretch that answered the last question is the likeliest to
      // answer the next one (a series' instances come in order), so one that answers moves to
      // the end, and the one unused longest is dropped first when the list is full. (Kept in
      // the order learnt, a month of a 100k-event office calendar spent twice the time in
      // these conversions, on searches and on libical's answers for stretches dropped.)
      guard let index = stretches.lastIndex(where: { $0.low <= low && high <= $0.high }) else {
        return nil
      }
      let stretch = stretches[index]
      if index != stretches.count - 1 {
        stretches.remove(at: index)
        stretches.append(stretch)
      }
      return stretch.offset
    }
  }

  /// Records that the offset is `offset` over all of `low…high`.
  private func learn(_ low: Int64, _ high: Int64, offset: Int) {
    stretches.withLock { stretches in
      for index in stretches.indices
      where stretches[index].offset == offset && low <= stretches[index].high
        && high >= stretches[index].low
      {
        stretches[index].low = min(stretches[index].low, low)
        stretches[index].high = max(stretches[index].high, high)
        return
      }
      if stretches.count >= LibicalZone.stretchLimit { stretches.removeFirst() }
      stretches.append(Stretch(low: low, high: high, offset: offset))
    }
  }
}

extension LibicalZone: Equatable {
  /// The same zone object.
  static func == (lhs: LibicalZone, rhs: LibicalZone) -> Bool { lhs === rhs }
}

// MARK: Zones whose offsets repeat

/// Zones whose offsets repeat every 400 Gregorian years from ``LibicalZone/periodicBase`` on, so
/// that an instant after ``LibicalZone/foldFrom`` can have its offset looked up 400·k years
/// earlier. libical works a zone's transitions out year by year from its first observance up to
/// the year asked for (through ICU calendars): an instant in year 9999 costs it about 8,000
/// years of transitions, seconds of work, where the folded instant costs none.
///
/// The Gregorian calendar repeats after 400 years (146,097 days, a whole number of weeks), and
/// so does every yearly rule (`BYMONTH`, `BYDAY=-1SU`, `BYMONTHDAY`). A zone is periodic from
/// the base on when no observance starts, adds an RDATE or ends (UNTIL) at or after it: then
/// only its open-ended yearly rules decide offsets there.
extension LibicalZone {
  /// From this year on, a periodic zone's offsets repeat.
  static let periodicBaseYear = 2100
  /// The first instant of ``periodicBaseYear`` (2100-01-01T00:00Z).
  static let periodicBase: Int64 = 4_102_444_800
  /// Seconds in 400 Gregorian years.
  static let cycle: Int64 = 146_097 * 86_400
  /// Instants from here (2500-01-01T00:00Z) on are folded back into
  /// `periodicBase ..< foldFrom`.
  static let foldFrom: Int64 = periodicBase + cycle

  /// `instant` moved back by whole 400-year cycles into `periodicBase ..< foldFrom`, when it
  /// lies past `foldFrom` and the zone is periodic; nil otherwise.
  func folded(_ instant: Int64) -> Int64? {
    guard instant >= LibicalZone.foldFrom, isPeriodic else { return nil }
    let cycles = (instant - LibicalZone.periodicBase) / LibicalZone.cycle
    return instant - cycles * LibicalZone.cycle
  }

  /// Whether the zone's offsets repeat every 400 years from ``periodicBase`` on.
  var isPeriodic: Bool {
    if let answer = periodic.withLock({ $0 }) { return answer }
    let answer = LibicalGate.run { observancesEndBeforeBase() }
    periodic.withLock { $0 = answer }
    return answer
  }

  /// Whether every observance of the zone starts, and every RDATE and UNTIL of it lies, before
  /// ``periodicBase`` (the year 2100). A zone without a component (UTC) is periodic.
  private func observancesEndBeforeBase() -> Bool {
    onsets(before: Int32(LibicalZone.periodicBaseYear)) { rule, start in
      LibicalZone.endsBeforeBaseOrRepeats(rule, from: start)
    }
  }

  /// Whether every observance of the zone starts, and every RDATE of it lies, before the year
  /// `year`, and `rules` accepts each observance's RRULE (with the year of its DTSTART). A
  /// zone without a component (UTC) has none. Behind ``LibicalGate``.
  private func onsets(
    before year: Int32, rules: (icalrecurrencetype, Int32) -> Bool
  ) -> Bool {
    LibicalGate.assertHeld()
    guard let component = icaltimezone_get_component(pointer) else { return true }
    for observance in ObservanceRules.observances(of: component) {
      let start = icalcomponent_get_dtstart(observance).year
      if start >= year { return false }
      for property in ObservanceRules.properties(ICAL_RDATE_PROPERTY, of: observance) {
        let value = icalproperty_get_rdate(property)
        let onset =
          icaltime_is_null_time(value.time) == 0 ? value.time.year : value.period.start.year
        if onset >= year { return false }
      }
      for property in ObservanceRules.rules(of: observance)
      where !rules(icalproperty_get_rrule(property), start) {
        return false
      }
    }
    return true
  }

  /// Whether an observance's rule, begun in `startYear`, is over before ``periodicBase`` (its
  /// UNTIL, or its COUNT of at most one instance a FREQ period), or else repeats every 400
  /// years: a YEARLY rule whose INTERVAL divides 400. (A WEEKLY rule every other week, say, does
  /// not: 400 years are 20,871 weeks.)
  private static func endsBeforeBaseOrRepeats(_ rule: icalrecurrencetype, from startYear: Int32)
    -> Bool
  {
    let baseYear = Int64(periodicBaseYear)
    let interval = Int64(max(1, rule.interval))
    if icaltime_is_null_time(rule.until) == 0 { return Int64(rule.until.year) < baseYear }
    if rule.count > 0, rule.freq == ICAL_YEARLY_RECURRENCE {
      // Each instance falls in a later year than the one before, or the same: the last falls
      // at most (COUNT - 1) * INTERVAL years after the first.
      if Int64(startYear) + Int64(rule.count) * interval < baseYear { return true }
    }
    return rule.count <= 0 && rule.freq == ICAL_YEARLY_RECURRENCE && 400 % interval == 0
  }
}
