import FeedScan
import Recurrence

/// What one feed may expand in one window, spent series by series in file order: every VEVENT
/// keeps its first occurrence there, and beyond that the feed's events share
/// ``ImportOptions/maximumOccurrencesPerFeed`` occurrences (more for a big feed:
/// ``ImportOptions/sharedOccurrencesPerEventRead`` per event read); the rule expansions share
/// ``ImportOptions/maximumRecurrenceStepsPerFeed`` steps (more for a big feed:
/// ``ImportOptions/recurrenceStepsPerEventRead`` per event read): a step is an occurrence worked
/// out, before the window by a COUNT walk or in it, or a period that holds none (``StepBudget``).
///
/// Each expansion gets what is left as its cap (``ExpansionWindow/occurrenceRoom``: the shared
/// rest and its own first occurrence; ``ExpansionWindow/stepRoom``). Once the shared
/// occurrences are spent, each later event is only probed: expanded up to its first occurrence
/// and one more (to know whether it lost any). An expansion stops when what is left of the
/// steps is spent. So a feed of N events costs the budgets plus N small expansions,
/// however much each event could cost alone. What was left out is reported once per window by ``warnings(source:)``.
struct ExpansionBudget {
  /// The occurrences the events share beyond their first.
  let shared: Int
  /// The walk steps the window may take.
  let stepLimit: Int
  /// The occurrences laid out so far.
  private(set) var used = 0
  /// The shared occurrences spent so far.
  private(set) var sharedUsed = 0
  /// The instances the expansions kept so far (those replaced by an override or missing the
  /// days included): at least ``used``.
  private(set) var expanded = 0
  /// The walk steps spent so far.
  private(set) var steps = 0
  /// Events the occurrence budget cut.
  private(set) var eventsCut = 0
  /// Occurrences the budget left out, at least (an expansion stops one past its cap).
  private(set) var leftOut = 0
  /// Events whose walk the step budget stopped, or did not start.
  private(set) var eventsStopped = 0

  /// The budgets of a feed of `eventsRead` events read with `options`: the shared occurrences
  /// are ``ImportOptions/maximumOccurrencesPerFeed``, or
  /// ``ImportOptions/sharedOccurrencesPerEventRead`` per event read when that is more.
  init(options: ImportOptions, eventsRead: Int) {
    let perEvent = max(0, eventsRead).multipliedReportingOverflow(
      by: max(0, options.sharedOccurrencesPerEventRead))
    let shared = max(
      options.maximumOccurrencesPerFeed, perEvent.overflow ? Int.max : perEvent.partialValue)
    let stepsPerEvent = max(0, eventsRead).multipliedReportingOverflow(
      by: max(0, options.recurrenceStepsPerEventRead))
    self.init(
      shared: shared,
      stepLimit: max(
        options.maximumRecurrenceStepsPerFeed,
        stepsPerEvent.overflow ? Int.max : stepsPerEvent.partialValue))
  }

  /// Budgets of `shared` occurrences beyond each event's first and `stepLimit` walk steps.
  init(shared: Int, stepLimit: Int) {
    self.shared = max(0, shared)
    self.stepLimit = max(0, stepLimit)
  }

  /// The shared occurrences left.
  var sharedRoom: Int { max(0, shared - sharedUsed) }
  /// The occurrences the next expansion may keep: the shared rest and its own first.
  var room: Int { sharedRoom == Int.max ? Int.max : sharedRoom + 1 }
  /// The walk steps left.
  var stepRoom: Int { max(0, stepLimit - steps) }

  /// Spends what one expansion did: `shown` occurrences laid out of the `kept` instances it
  /// kept, `steps` walk steps; `cut` occurrences (at least) left out by the occurrence budget,
  /// and whether the step budget kept a walk from starting.
  mutating func spend(
    _ shown: Int, of kept: Int, steps taken: Int, leftOut cut: Int, stopped: Bool
  ) {
    used += shown
    sharedUsed += max(0, shown - 1)
    expanded += kept
    steps += taken
    if cut > 0 {
      eventsCut += 1
      leftOut += cut
    }
    if stopped { eventsStopped += 1 }
  }

  /// Whether an expansion met either budget.
  var wasMet: Bool { eventsCut > 0 || eventsStopped > 0 }

  /// The window's warnings, when a budget left anything out.
  func warnings(source: String) -> [ImportWarning] {
    var warnings: [ImportWarning] = []
    if eventsCut > 0 {
      warnings.append(
        ImportWarning(
          source: source, line: nil, uid: nil,
          message:
            "more occurrences in the window than the feed's budget (each event's first, and \(shared) more shared by all): \(used) are laid out; at least \(leftOut) more, of \(eventsCut) event(s), are left out"
        ))
    }
    if eventsStopped > 0 {
      warnings.append(
        ImportWarning(
          source: source, line: nil, uid: nil,
          message:
            "the feed's RRULEs need more recurrence steps, together, than its budget of \(stepLimit) for the window: the expansion of \(eventsStopped) event(s) stops there"
        ))
    }
    return warnings
  }
}

extension ExpansionWindow {
  /// The same window, its shown instances starting at `key` or later (``visibleFrom``).
  func showing(from key: Int64) -> ExpansionWindow {
    var window = self
    window.visibleFrom = key
    return window
  }

  /// The same window with what is left of the feed's budget.
  func with(_ budget: ExpansionBudget) -> ExpansionWindow {
    var window = self
    window.occurrenceRoom = budget.room
    window.stepRoom = budget.stepRoom
    return window
  }
}
