/// The steps one expansion of an RRULE may take: a step is a FREQ period looked at (or a run of
/// periods skipped at once). Two limits share it: the event's cap (``ImportOptions``'
/// `maximumRecurrenceSteps`, less what the event's other RRULEs spent) and the feed's room
/// (`maximumRecurrenceStepsPerFeed`, less what the feed spent in the window).
struct StepBudget {
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

  /// Whether the feed's room, not the event's cap, is the limit that was (or will be) met.
  var limitIsRoom: Bool { room < cap }

  /// Takes `steps` steps; false when the budget does not hold them (nothing is taken then).
  mutating func take(_ steps: Int = 1) -> Bool {
    guard spent + steps <= min(cap, room) else { return false }
    spent += steps
    return true
  }
}
