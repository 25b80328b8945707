import ICalBridge

extension SeriesExpander {
  /// Runs libical's iterator over an RSCALE rule (RFC 7529), which ``RuleExpander`` does not
  /// expand, from the wall-clock DTSTART `wallStart`, handing each instance to `take` until it
  /// returns false.
  ///
  /// - The iterator jumps to the window (`jumpFrom`) unless the rule has COUNT (libical then
  ///   refuses to jump).
  /// - DTSTART counts as the first instance (RFC 5545 3.3.10) even when it does not match the
  ///   rule, so a COUNT then leaves COUNT−1 instances for the rule.
  /// - Each instance is a step of the event's cap, and the walk stops after the window's time
  ///   budget (libical may search long between two instances).
  func expandWithLibical(
    _ rule: RecurrenceRule, from wallStart: WallTime, jumpFrom: Int64,
    into result: inout Result, _ take: (WallTime) -> Bool
  ) {
    var jump: WallTime?
    let startKey = SeriesExpander.key(of: record.start, allDay: record.allDay)
    if rule.count == 0, jumpFrom > startKey {
      jump = WallTime(wallSeconds: wallSeconds(of: jumpFrom), isDate: record.allDay)
    }
    var remaining = rule.count > 0 ? Int(rule.count) : Int.max
    var first = rule.count > 0
    var steps = 0
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: window.timeBudget)
    var warnings: [String] = []
    let accepted = LibicalRecurrence.iterate(rule, from: wallStart, jumpingTo: jump) { next in
      if first {
        first = false
        if WallTime.compare(next, wallStart) != 0 { remaining -= 1 }
      }
      guard remaining > 0, take(next) else { return false }
      remaining -= 1
      steps += 1
      if steps >= window.maximumSteps {
        warnings.append(
          "the RRULE needed more than \(window.maximumSteps) steps to reach the window; expansion stopped there"
        )
        return false
      }
      if steps & 63 == 0, clock.now > deadline {
        warnings.append(
          "expanding the RRULE took longer than \(window.timeBudget.components.seconds) s; expansion stopped after \(steps) steps"
        )
        return false
      }
      return remaining > 0
    }
    result.warnings += warnings
    if !accepted { result.warnings.append("libical refused to expand the RRULE") }
  }
}
