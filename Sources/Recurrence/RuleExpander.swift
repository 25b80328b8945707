import ICalBridge
import LaneLayout

/// Expands a Gregorian RRULE (RFC 5545 3.3.10) in wall-clock time: every BY part of the
/// expand/limit table, BYSETPOS, WKST, INTERVAL, COUNT and UNTIL. Times are the seconds of
/// their fields read as UTC ("wall seconds"); the zone is applied to each instance afterwards.
///
/// DTSTART is always the first instance (3.3.10: it "always counts as the first occurrence"),
/// so with COUNT a DTSTART the rule does not match takes the first of the COUNT places. A rule
/// without COUNT starts at the period holding the wanted start; a rule with COUNT counts from
/// DTSTART, whole periods at a time when each holds the same number of instances.
package struct RuleExpander {
  let set: PeriodSet
  /// INTERVAL (at least 1).
  let interval: Int
  /// DTSTART, in wall seconds.
  let start: Int64
  /// The rule instance that is DTSTART itself when the rule matches it: DTSTART, or for a DATE
  /// DTSTART with times (which libical keeps) the day's first time.
  let startMark: Int64
  /// COUNT; 0 when none.
  let count: Int
  /// UNTIL, in wall seconds (inclusive); nil when none.
  let until: Int64?
  /// The instances every period holds, when that is the same number for all (COUNT is then
  /// counted a run of periods at once).
  let fixedSize: Int?

  /// The first wall second of year 10000: no instance lies at or past it.
  static let end = Int64(Day.daysSinceEpoch(year: 10_000, month: 1, day: 1)) * 86_400

  /// How an expansion ended.
  enum Ending: Equatable {
    /// The rule has no more instances before the bound (COUNT, UNTIL, the bound, year 9999).
    case complete
    /// `body` returned false.
    case stopped
    /// The step budget was spent.
    case budgetSpent
  }

  /// Hands each instance in `from..<before` (wall seconds) to `body`, in order, until `body`
  /// returns false. Every occurrence worked out (handed on, or counted one by one by COUNT
  /// before `from`) takes a step of `budget`, and so does a period that holds none or a run of
  /// periods counted at once.
  func expand(
    from: Int64, before: Int64, budget: inout StepBudget, _ body: (Int64) -> Bool
  ) -> Ending {
    let last = min(before, RuleExpander.end, until.map { $0 + 1 } ?? .max)
    // A COUNT the rule cannot reach before `last` ends nothing there: the rule jumps to `from`.
    let counts = count > 0 && !outlasts(count, before: last)
    var remaining = counts ? count : Int.max
    if start >= from, start < last {
      guard body(start) else { return .stopped }
    }
    remaining -= 1
    var period = set.clock.period(of: start)
    if !counts {
      period = max(period, alignedPeriod(from: period, reaching: from))
    }
    var buffer: [Int64] = []
    var skipped = false
    while remaining > 0 {
      guard set.clock.start(of: period) < last else { return .complete }
      guard budget.take() else { return .budgetSpent }
      if let resume = set.instances(of: period, into: &buffer) {
        period = alignedPeriod(from: period + interval, reaching: resume)
        continue
      }
      var produced = 0
      for instance in buffer where instance > startMark {
        if instance >= last { return .complete }
        // An occurrence handed on or counted by COUNT is produced; the period's step paid for
        // its first.
        if counts || instance >= from {
          produced += 1
          if produced > 1 { guard budget.take() else { return .budgetSpent } }
        }
        remaining -= 1
        if instance >= from { guard body(instance) else { return .stopped } }
        if remaining == 0 { return .complete }
      }
      period += interval
      if counts, !skipped, let fixedSize, fixedSize > 0 {
        skipped = true
        // The periods before the one holding `from` are counted, not expanded: one step.
        let runs = (alignedPeriod(from: period, reaching: from) - period) / interval
        guard runs == 0 || budget.take() else { return .budgetSpent }
        if runs * fixedSize >= remaining { return .complete }
        remaining -= runs * fixedSize
        period += runs * interval
      }
    }
    return .complete
  }

  /// Whether the rule has fewer than `count` instances before the wall second `last`, DTSTART
  /// included: each period up to it holds at most ``PeriodSet/mostPerPeriod``.
  private func outlasts(_ count: Int, before last: Int64) -> Bool {
    guard last > start else { return true }
    let periods = (set.clock.period(of: last - 1) - set.clock.period(of: start)) / interval + 1
    let (most, overflow) = periods.multipliedReportingOverflow(by: set.mostPerPeriod)
    return !overflow && most + 1 < count
  }

  /// The last of the rule's periods (`first` plus whole INTERVALs) that holds or precedes the
  /// wall second `wall`; `first` when `wall` lies before it.
  private func alignedPeriod(from first: Int, reaching wall: Int64) -> Int {
    let target = set.clock.period(of: wall)
    guard target > first else { return first }
    return first + (target - first) / interval * interval
  }
}
