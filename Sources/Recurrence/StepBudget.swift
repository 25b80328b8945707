import ICalBridge

/// The steps one expansion of an RRULE may take: a step is an occurrence the rule produces, or a
/// period (or a stretch skipped at once) that produces none. Two limits share it: the event's cap (``ImportOptions``'
/// `maximumRecurrenceSteps`, less what the event's other RRULEs spent) and the feed's room
/// (`maximumRecurrenceStepsPerFeed`, less what the feed spent in the window).
package struct StepBudget {
  /// Steps the event may still take.
  let cap: Int
  /// Steps the feed has left.
  let room: Int
  /// Steps taken.
  private(set) var spent = 0

  init(cap: Int, room: Int = .max) {
    self.cap = max(0, cap)
    self.room = max(0, room)
  }

  /// Whether the feed's room, not the event's cap, refused the last steps asked for: they fit
  /// the cap.
  private(set) var refusedByRoom = false

  /// Takes `steps` steps; false when the budget does not hold them (nothing is taken then).
  mutating func take(_ steps: Int = 1) -> Bool {
    guard spent + steps <= min(cap, room) else {
      refusedByRoom = spent + steps <= cap
      return false
    }
    spent += steps
    return true
  }
}
