import LaneLayout

/// A time zone compiled once into a sorted table of its changes, answered by bisection: the UTC
/// offset and daylight flag libical 3.0.16 gives each instant
/// (`icaltimezone_get_utc_offset_of_utc_time`), and the local-time view of RFC 5545 3.3.5.
///
/// libical's changes are each observance's DTSTART, RDATEs and RRULE instances up to the year
/// 2582 (its last), in UTC by the observance's TZOFFSETFROM, sorted with the order of equal
/// instants kept (observance by observance). An instant takes the last change at or before it;
/// before every change, the first one's TZOFFSETFROM with the other daylight flag; a zone
/// without changes is UTC. The table holds every change before ``tableEnd``; past it, the
/// observances continue it (``continued(at:)``). `ZoneTableTests` checks every answer against
/// libical's.
package final class ZoneTable: Sendable {
  /// What the zone's clocks read from a change on: its UTC offset and daylight flag.
  struct State: Sendable, Equatable {
    let offset: Int
    let isDaylight: Bool
  }

  /// One STANDARD or DAYLIGHT observance: its changes (DTSTART's, its RDATEs', or all of them
  /// as libical works them out when its rule is not ``YearlyRule``) and its yearly rule.
  struct Observance: Sendable {
    let state: State
    let offsetFrom: Int
    /// UTC instants, ascending.
    let changes: [Int64]
    let rule: YearlyRule?
  }

  /// Changes before here (2101-01-01T00:00Z) are in the table.
  static let tableEnd: Int64 = 4_133_980_800
  /// The last year whose rule instances libical works out (`ICALTIMEZONE_MAX_YEAR`).
  static let lastYear = 2582
  /// A zone whose offsets repeat every 400 years from here (2100-01-01T00:00Z) on …
  static let periodicBase: Int64 = 4_102_444_800
  /// … answers an instant from 2500 on (past libical's last year) as 400·k years earlier.
  static let cycle: Int64 = 146_097 * 86_400

  let observances: [Observance]
  /// Every change before ``tableEnd``, ascending by instant and, on one instant, by
  /// observance; and the state each begins.
  let instants: [Int64]
  private let states: [State]
  /// The state before every change.
  private let initial: State
  /// Whether no observance starts, adds an RDATE or ends after 2099, and every rule repeats
  /// every 400 years (a YEARLY rule whose INTERVAL divides 400).
  let isPeriodic: Bool

  init(observances: [Observance], isPeriodic: Bool) {
    self.observances = observances
    self.isPeriodic = isPeriodic
    var entries: [(instant: Int64, observance: Int)] = []
    for (index, observance) in observances.enumerated() {
      for change in observance.changes where change < ZoneTable.tableEnd {
        entries.append((change, index))
      }
      guard let rule = observance.rule else { continue }
      let lastYear = min(rule.lastYear(cappedAt: ZoneTable.lastYear), 2_101)
      guard rule.startYear <= lastYear else { continue }
      for year in rule.startYear...lastYear {
        if let change = rule.change(in: year), change < ZoneTable.tableEnd {
          entries.append((change, index))
        }
      }
    }
    entries.sort { ($0.instant, $0.observance) < ($1.instant, $1.observance) }
    instants = entries.map(\.instant)
    states = entries.map { observances[$0.observance].state }
    // The first change of all, by instant and then observance.
    let first = observances.indices.compactMap { index in
      observances[index].changes.first.map { (instant: $0, observance: index) }
    }.min { ($0.instant, $0.observance) < ($1.instant, $1.observance) }
    initial =
      first.map {
        let observance = observances[$0.observance]
        return State(offset: observance.offsetFrom, isDaylight: !observance.state.isDaylight)
      } ?? State(offset: 0, isDaylight: false)
  }

  /// The zone's state at `instant` (UTC).
  func state(at instant: Int64) -> State {
    if instant < ZoneTable.tableEnd {
      let after = Bisection.lowerBound(of: instant + 1, count: instants.count) { instants[$0] }
      return after == 0 ? initial : states[after - 1]
    }
    return continued(at: instant)
  }

  /// The state past the table: each observance's last change at or before `instant` (its
  /// changes, its rule's instances up to libical's last year), the latest winning, and of two
  /// on one instant the later observance's. A zone whose offsets repeat every 400 years answers
  /// from 2500 on as 400·k years earlier, where its rules still run.
  private func continued(at instant: Int64) -> State {
    let foldFrom = ZoneTable.periodicBase + ZoneTable.cycle
    if isPeriodic, instant >= foldFrom {
      let cycles = (instant - ZoneTable.periodicBase) / ZoneTable.cycle
      return state(at: instant - cycles * ZoneTable.cycle)
    }
    var latest: (instant: Int64, observance: Int)?
    for (index, observance) in observances.enumerated() {
      guard let change = ZoneTable.lastChange(of: observance, atOrBefore: instant) else {
        continue
      }
      if let current = latest, change < current.instant { continue }
      latest = (change, index)
    }
    guard let latest else { return initial }
    return observances[latest.observance].state
  }

  /// The observance's last change at or before `instant`, nil when none.
  static func lastChange(of observance: Observance, atOrBefore instant: Int64) -> Int64? {
    let changes = observance.changes
    let after = Bisection.lowerBound(of: instant + 1, count: changes.count) { changes[$0] }
    let listed = after > 0 ? changes[after - 1] : nil
    guard let rule = observance.rule else { return listed }
    // One instance a year: the last at or before the instant is in its year or the one before
    // (the year after, by the offset, at most), unless the rule ended earlier.
    var year = min(YearlyRule.year(of: instant) + 1, rule.lastYear(cappedAt: lastYear))
    var looked = 0
    while year >= rule.startYear, looked < 4 {
      if let change = rule.change(in: year), change <= instant {
        return max(listed ?? change, change)
      }
      year -= 1
      looked += 1
    }
    return listed
  }

  // MARK: Local times

  /// The UTC instant of a wall-clock time (its fields read as UTC seconds), by RFC 5545 3.3.5:
  /// a local time that occurs twice (clocks going back) means the first; one that does not
  /// occur (clocks going forward) is read with the offset from before the gap, so 02:30 in
  /// Berlin on 2024-03-31 is 01:30Z. (libical's own conversion takes the second occurrence and
  /// the offset after the gap.)
  func instant(ofLocal wall: Int64) -> Int64 {
    // Every real offset lies within ±26 hours: the states a day and a half either side of the
    // wall time bracket the one change (if any) that can make it odd.
    let low = wall - 129_600
    let high = wall + 129_600
    if high < ZoneTable.tableEnd {
      let after = Bisection.lowerBound(of: low + 1, count: instants.count) { instants[$0] }
      if after == instants.count || instants[after] > high {
        return wall - Int64(after == 0 ? initial.offset : states[after - 1].offset)
      }
    }
    let before = state(at: low).offset
    let later = state(at: high).offset
    let early = wall - Int64(before)
    if before == later {
      // With more than one change within three days (rare), the offset at the first guess.
      return wall - Int64(state(at: early).offset)
    }
    let late = wall - Int64(later)
    let earlyValid = state(at: early).offset == before
    let lateValid = state(at: late).offset == later
    switch (earlyValid, lateValid) {
    case (true, true): return min(early, late)  // repeated: the first occurrence
    case (false, true): return late
    default: return early  // in the gap: the offset from before it
    }
  }
}

/// A plain yearly rule of an observance: `FREQ=YEARLY;BYMONTH=m;BYDAY=nWD` (the nth or nth-last
/// weekday of one month), from DTSTART's time of day, up to UNTIL; worked out in a few integer
/// steps where libical runs its iterator.
package struct YearlyRule: Sendable {
  /// The month, libical's weekday (1 = Sunday) and which of the month's such weekdays (1…4,
  /// or −1…−4 from its end).
  let month: Int
  let weekday: Int
  let position: Int
  /// DTSTART's local fields, read as UTC seconds; the rule's instances come after it.
  let start: Int64
  /// UNTIL's local fields (a UTC UNTIL moved by TZOFFSETFROM, as libical moves it).
  let until: Int64?
  /// The observance's TZOFFSETFROM, which moves local instances to UTC.
  let offsetFrom: Int

  var startYear: Int { YearlyRule.year(of: start) }

  /// The last year the rule can have an instance in: UNTIL's, or `cap`.
  func lastYear(cappedAt cap: Int) -> Int { min(until.map(YearlyRule.year(of:)) ?? cap, cap) }

  /// The UTC instant of the rule's instance in `year`: the position-th weekday of the month
  /// at DTSTART's time of day; nil when not after DTSTART or after UNTIL (libical adds DTSTART
  /// once, as its own change).
  func change(in year: Int) -> Int64? {
    guard year >= 1 else { return nil }
    let day = LibicalWeekday.positioned(weekday, position: position, year: year, month: month)
    let timeOfDay = ((start % 86_400) + 86_400) % 86_400
    let local = Int64(day) * 86_400 + timeOfDay
    guard local > start else { return nil }
    if let until, local > until { return nil }
    return local - Int64(offsetFrom)
  }

  /// The year of the day of `seconds` (since 1970-01-01T00:00, UTC or local fields).
  static func year(of seconds: Int64) -> Int {
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    return Day(ordinal: Int(days)).components.year
  }
}
