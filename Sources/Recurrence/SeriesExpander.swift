import ICalBridge
import LaneLayout

/// The instants, with margins, inside which a series is expanded for a window of days.
package struct ExpansionWindow {
  /// The first and last visible day.
  package let firstDay: Day
  package let lastDay: Day
  /// Occurrences are kept at most this many per event in one window; more are dropped with a
  /// warning.
  let maximumOccurrences: Int
  /// What is left of the feed's occurrence budget in this window for this event: the shared
  /// rest (``ImportOptions/maximumOccurrencesPerFeed``) and its own first occurrence. When
  /// below ``maximumOccurrences``, it is the cap, and a cut is the budget's, not the event's.
  package var occurrenceRoom = Int.max
  /// The iterator may take at most this many steps per event in one window.
  let maximumSteps: Int
  /// What is left of the feed's budget of walk steps in this window
  /// (``ImportOptions/maximumRecurrenceStepsPerFeed``): a walk from DTSTART whose candidate
  /// times before the window are more is not started.
  package var stepRoom = Int.max
  /// Expanding one event for one window stops after this long (some rule shapes cost libical
  /// milliseconds per step); a safety net for hostile rules, reported as a warning.
  var timeBudget: Duration = .seconds(10)
  /// The first key an instance shown on the visible days can have, before its length, when
  /// the layout that places the instances gives it (it knows the display zone): the iterator
  /// jumps there rather than to ``earliest``, which holds for any zone. A rule walked step by
  /// step (`FREQ=HOURLY`) then passes two days fewer before the window.
  package var visibleFrom: Int64?

  /// The window of `firstDay…lastDay`, with an event's caps on occurrences and on steps.
  package init(firstDay: Day, lastDay: Day, maximumOccurrences: Int, maximumSteps: Int) {
    self.firstDay = firstDay
    self.lastDay = lastDay
    self.maximumOccurrences = maximumOccurrences
    self.maximumSteps = maximumSteps
  }

  /// The first instant an instance that may land on the days can start at (``ZoneMargin``).
  var earliest: Int64 { ZoneMargin.earliestInstant(onOrAfter: firstDay) }
  /// The instant every instance that may land on the days starts before (``ZoneMargin``).
  var latest: Int64 { ZoneMargin.latestInstant(through: lastDay) }
  /// At most this many occurrences of the event are kept: the event's cap or the feed's room.
  var occurrenceCap: Int { max(0, min(maximumOccurrences, occurrenceRoom)) }
  /// The expansion stops one past this many: the event's cap while the feed has shared room
  /// (so the one event the budget cuts says how much it left out, up to the event's cap), the
  /// room (its own first occurrence) once it has none (the event is only probed).
  var expansionCap: Int { occurrenceRoom > 1 ? max(0, maximumOccurrences) : occurrenceRoom }
}

/// One instance of a series before it becomes a span.
package struct SeriesInstance {
  package var start: WallTime
  package var explicitEnd: WallTime?
  /// Orders and matches instances: the instant (floating read as UTC; dates at UTC midnight).
  package var key: Int64
  /// Where the instance falls in the display zone, when the expansion already worked it out.
  package var placement: SpanPlacement? = nil
}

/// Expands one event's RRULE, RDATE and EXDATE inside a window: its RRULEs with
/// ``RuleExpander`` (libical's iterator for RSCALE rules).
package struct SeriesExpander {
  let record: EventRecord
  let window: ExpansionWindow

  /// An expander of `record`'s instances in `window`.
  package init(record: EventRecord, window: ExpansionWindow) {
    self.record = record
    self.window = window
  }

  /// What the expansion found.
  package struct Result {
    package var instances: [SeriesInstance] = []
    package var warnings: [String] = []
    /// Occurrences the feed's budget left out (at least this many: the expansion stops one
    /// past the cap), when the budget, not the event's cap, cut the set.
    package var leftOutByBudget = 0
    /// The steps the event's RRULEs took (``StepBudget``).
    package var walkSteps = 0
    /// Whether the feed's step budget kept a walk from starting.
    package var stoppedByBudget = false
  }

  /// The instances whose start lies in the window widened by `lookBack` seconds before it.
  ///
  /// `placeIfVisible`, when given, places an instance (start, explicit end, key) in the display zone
  /// when it meets the visible days and gives nil otherwise; the others are dropped as found, so
  /// the occurrence cap counts only visible ones.
  package func instances(
    lookBack: Int, placeIfVisible: ((WallTime, WallTime?, Int64) -> SpanPlacement?)? = nil
  ) -> Result {
    var result = Result()
    // An RDATE PERIOD keeps its own length, which may be longer than DTSTART's: look back by
    // the longest of them too.
    let earliest = window.earliest - max(Int64(lookBack), longestPeriod())
    let latest = window.latest
    // Instances are dropped unless shown: the iterator may start where shown ones can begin.
    var jumpFrom = earliest
    if placeIfVisible != nil, let visibleFrom = window.visibleFrom {
      jumpFrom = max(earliest, visibleFrom - max(Int64(lookBack), longestPeriod()))
    }
    func instance(_ time: WallTime, end: WallTime?, key: Int64) -> SeriesInstance? {
      SeriesExpander.instance(time, end: end, key: key, placeIfVisible)
    }
    // A single event (most of a feed): its one instance, without the set below.
    if record.rule == nil, record.rdates.isEmpty {
      return single(from: earliest, before: latest, placeIfVisible)
    }
    var found = InstanceSet()
    // The starts an RDATE PERIOD has taken (the first PERIOD at a start wins).
    var periodStarts: Set<Int64> = []

    // Duplicate instances are one (RFC 5545 3.8.5.3); an RDATE PERIOD at the same start gives
    // that instance its own end (3.8.5.2), so it wins over DTSTART or a rule instance, also
    // when the PERIOD misses the visible days and the longer instance would not: else a month
    // showed the instance with DTSTART's length, and the month before with the PERIOD's.
    func consider(_ time: WallTime, end: WallTime? = nil, key known: Int64? = nil) {
      let key = known ?? SeriesExpander.key(of: time, allDay: record.allDay)
      guard key >= earliest, key < latest, !periodStarts.contains(key) else { return }
      if end != nil {
        periodStarts.insert(key)
        found.set(instance(time, end: end, key: key), at: key)
        return
      }
      if found.contains(key) { return }
      if let placed = instance(time, end: end, key: key) { found.set(placed, at: key) }
    }

    consider(record.start)
    if let rule = record.rule {
      for packed in [rule] + record.extraRules {
        // Once the occurrence cap is passed, further RRULEs would only add work: the set is cut
        // (with a warning) either way.
        if found.count > window.expansionCap + record.exdates.count { break }
        expandRule(
          packed, earliest: earliest, jumpFrom: jumpFrom, latest: latest, into: &result
        ) { time, key in
          let before = found.count
          consider(time, key: key)
          return found.count > before
        }
      }
    }
    for rdate in record.rdates {
      if !rdate.time.isNull {
        var time = rdate.time
        if record.allDay != time.isDate {
          time = SeriesExpander.converted(time, toDate: record.allDay, like: record.start)
        }
        consider(time)
      } else if !rdate.periodStart.isNull {
        let end = !rdate.periodEnd.isNull ? rdate.periodEnd : nil
        // A PERIOD is a start and an end, or a start and a duration.
        consider(
          rdate.periodStart, end: end ?? rdate.periodStart.adding(rdate.periodDuration))
      }
    }
    keep(found.sorted(), in: &result)
    return result
  }

  /// The instance at `time` (of matching key `key`), placed when `placeIfVisible` is given;
  /// nil when it misses the visible days.
  private static func instance(
    _ time: WallTime, end: WallTime?, key: Int64,
    _ placeIfVisible: ((WallTime, WallTime?, Int64) -> SpanPlacement?)?
  ) -> SeriesInstance? {
    var placement: SpanPlacement?
    if let placeIfVisible {
      guard let placed = placeIfVisible(time, end, key) else { return nil }
      placement = placed
    }
    return SeriesInstance(start: time, explicitEnd: end, key: key, placement: placement)
  }

  /// The one instance of an event without RRULE or RDATE, when it starts in
  /// `earliest..<latest`, is not excluded and (with `placeIfVisible`) is shown.
  private func single(
    from earliest: Int64, before latest: Int64,
    _ placeIfVisible: ((WallTime, WallTime?, Int64) -> SpanPlacement?)?
  ) -> Result {
    var result = Result()
    let key = SeriesExpander.key(of: record.start, allDay: record.allDay)
    guard key >= earliest, key < latest,
      record.exdates.isEmpty
        || !ExcludedStarts(record.exdates, allDay: record.allDay).contains(
          record.start, key: key),
      let only = SeriesExpander.instance(record.start, end: nil, key: key, placeIfVisible)
    else { return result }
    if window.occurrenceRoom < 1 {
      result.leftOutByBudget = 1
    } else {
      result.instances = [only]
    }
    return result
  }

  /// Keeps the `found` instances (in key order) that EXDATE leaves, up to the occurrence cap,
  /// in `result`, saying what the cap left out.
  private func keep(_ found: [SeriesInstance], in result: inout Result) {
    var instances = found
    if !record.exdates.isEmpty {
      let excluded = ExcludedStarts(record.exdates, allDay: record.allDay)
      instances.removeAll { excluded.contains($0.start, key: $0.key) }
    }
    let cap = window.occurrenceCap
    if instances.count > cap {
      if cap == window.maximumOccurrences {
        result.warnings.append(
          "more than \(cap) occurrences in the window; only the first \(cap) are laid out")
      } else {
        result.leftOutByBudget = instances.count - cap
      }
      instances.removeLast(instances.count - cap)
    }
    result.instances = instances
    // The event's RRULEs that meet the same cap say so once.
    var said: Set<String> = []
    result.warnings.removeAll { !said.insert($0).inserted }
  }

  /// Expands one RRULE in wall-clock time and hands each instance (its zone put back) to
  /// `consider`, with its key (``key(of:allDay:)``); `consider` says whether it kept it.
  ///
  /// - Rules are expanded on DTSTART's local fields without a zone (RFC 5545 3.3.10 expands
  ///   wall-clock fields); the zone is applied to each instance afterwards by
  ///   ``LibicalZone/instant(ofLocal:)`` (3.3.5). UNTIL becomes the same wall time of DTSTART's
  ///   zone, so that it still bounds the set inclusively.
  /// - Gregorian rules go to ``RuleExpander``, RSCALE rules to libical's iterator
  ///   (``expandWithLibical``).
  /// - The event's RRULEs share its step cap and the feed's room: what the ones before this
  ///   spent is gone (20 RRULEs must not walk 20 times the budget).
  private func expandRule(
    _ original: RecurrenceRule, earliest: Int64, jumpFrom: Int64, latest: Int64,
    into result: inout Result,
    _ consider: (WallTime, Int64) -> Bool
  ) {
    var rule = original
    let zone = record.start.zone
    var wallStart = record.start
    wallStart.zone = nil
    rule.until = SeriesExpander.wallUntil(rule.until, zone: zone)
    var kept = 0
    /// Takes one wall-clock instance; false when the expansion is over.
    func take(_ wall: WallTime) -> Bool {
      var next = wall
      next.zone = record.allDay ? nil : zone
      let key = SeriesExpander.key(of: next, allDay: record.allDay)
      if key >= latest { return false }
      if key >= earliest, consider(next, key) {
        kept += 1
        if kept > window.expansionCap + record.exdates.count { return false }
      }
      return true
    }
    guard let expander = RuleExpander(rule, start: wallStart) else {
      return expandWithLibical(
        rule, from: wallStart, jumpFrom: jumpFrom, into: &result, take)
    }
    let spentBefore = result.walkSteps
    var budget = StepBudget(
      cap: window.maximumSteps - spentBefore, room: window.stepRoom - spentBefore)
    // A day after the window's end covers every UTC offset between the instants and the wall
    // clock; the start is read with the smaller of the offsets a day before and at it.
    let from = min(wallSeconds(of: jumpFrom), wallSeconds(of: jumpFrom - 86_400) + 86_400)
    let ending = expander.expand(
      from: from, before: wallSeconds(of: latest) + 86_400, budget: &budget
    ) { wall in
      take(WallTime(wallSeconds: wall, isDate: record.allDay))
    }
    result.walkSteps += budget.spent
    guard ending == .budgetSpent else { return }
    if budget.refusedByRoom {
      result.stoppedByBudget = true
    } else {
      result.warnings.append(
        budgetMessage(reachedWindow: kept > 0, together: spentBefore > 0))
    }
  }

  /// The warning of an RRULE that spent the event's step cap, before or in the window, alone
  /// or after the event's other RRULEs.
  private func budgetMessage(reachedWindow: Bool, together: Bool) -> String {
    let steps = window.maximumSteps
    switch (reachedWindow, together) {
    case (false, false):
      return
        "the RRULE needed more than \(steps) steps to reach the window; expansion stopped there"
    case (false, true):
      return
        "the event's RRULEs need more than \(steps) steps together to reach the window; this one is not expanded"
    case (true, false):
      return
        "expanding the RRULE needs more than \(steps) recurrence steps in the window; expansion stopped there"
    case (true, true):
      return
        "expanding the event's RRULEs needs more than \(steps) recurrence steps together in the window; expansion stopped there"
    }
  }

  /// The wall seconds (fields read as UTC) of `instant` on DTSTART's clock: its local time in
  /// DTSTART's zone, its UTC fields for floating and all-day series.
  func wallSeconds(of instant: Int64) -> Int64 {
    guard !record.allDay, let zone = record.start.zone else { return instant }
    return zone.local(instant).time.fieldSeconds
  }

  /// UNTIL as a wall time of DTSTART's zone `zone` (RFC 5545 3.3.10 wants it in UTC when
  /// DTSTART has a zone); a floating series reads a UTC UNTIL by its fields.
  static func wallUntil(_ until: WallTime, zone: LibicalZone?) -> WallTime {
    guard !until.isNull, !until.isDate, let untilZone = until.zone else { return until }
    guard let zone else {
      var fields = until
      fields.zone = nil
      return fields
    }
    var wall = zone.local(until.instant(floatingZone: untilZone)).time
    wall.zone = nil
    wall.isDate = false
    return wall
  }

  /// The longest RDATE PERIOD, in seconds (an upper bound for nominal durations).
  private func longestPeriod() -> Int64 {
    var longest: Int64 = 0
    for rdate in record.rdates where !rdate.periodStart.isNull {
      if !rdate.periodEnd.isNull {
        let start = rdate.periodStart.instant(floatingZone: nil)
        let end = rdate.periodEnd.instant(floatingZone: nil)
        // Floating and zoned ends may be read in other zones later: allow a day either way.
        longest = max(longest, end - start + 86_400)
      } else {
        let duration = rdate.periodDuration
        let days = Int64(duration.weeks) * 7 + Int64(duration.days)
        let seconds =
          Int64(duration.hours) * 3_600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
        longest = max(longest, days * 90_000 + seconds)
      }
    }
    return longest
  }

  /// The matching key of a time: its UTC instant when it has a zone, its fields read as UTC when
  /// floating, and UTC midnight of its date for all-day series.
  package static func key(of time: WallTime, allDay: Bool) -> Int64 {
    if allDay || time.isDate {
      return Int64(time.dayValue?.ordinal ?? 0) * 86_400
    }
    return time.instant(floatingZone: nil)
  }

  /// `time` as a date (for an all-day series) or as a date-time at the series' time of day.
  static func converted(_ time: WallTime, toDate: Bool, like start: WallTime)
    -> WallTime
  {
    var value = time
    if toDate {
      value.isDate = true
      value.hour = 0
      value.minute = 0
      value.second = 0
      value.zone = nil
    } else {
      value.isDate = false
      value.hour = start.hour
      value.minute = start.minute
      value.second = start.second
      value.zone = start.zone
    }
    return value
  }
}
