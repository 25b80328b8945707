import LaneLayout

/// The instants, with margins, inside which a series is expanded for a window of days.
struct ExpansionWindow {
  /// The first and last visible day.
  let firstDay: Day
  let lastDay: Day
  /// Occurrences are kept at most this many per event in one window; more are dropped with a
  /// warning.
  let maximumOccurrences: Int
  /// What is left of the feed's occurrence budget in this window for this event: the shared
  /// rest (``ImportOptions/maximumOccurrencesPerFeed``) and its own first occurrence. When
  /// below ``maximumOccurrences``, it is the cap, and a cut is the budget's, not the event's.
  var occurrenceRoom = Int.max
  /// The iterator may take at most this many steps per event in one window.
  let maximumSteps: Int
  /// What is left of the feed's budget of walk steps in this window
  /// (``ImportOptions/maximumRecurrenceStepsPerFeed``): a walk from DTSTART whose candidate
  /// times before the window are more is not started.
  var stepRoom = Int.max
  /// Expanding one event for one window stops after this long (some rule shapes cost libical
  /// milliseconds per step); a safety net for hostile rules, reported as a warning.
  var timeBudget: Duration = .seconds(10)
  /// The first key an instance shown on the visible days can have, before its length, when
  /// the layout that places the instances gives it (it knows the display zone): the iterator
  /// jumps there rather than to ``earliest``, which holds for any zone. A rule walked step by
  /// step (`FREQ=HOURLY`) then passes two days fewer before the window.
  var visibleFrom: Int64?

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
struct SeriesInstance {
  var start: WallTime
  var explicitEnd: WallTime?
  /// Orders and matches instances: the instant (floating read as UTC; dates at UTC midnight).
  var key: Int64
  /// Where the instance falls in the display zone, when the expansion already worked it out.
  var placement: SpanPlacement? = nil
}

/// Expands one event's RRULE, RDATE and EXDATE inside a window, driving libical's recurrence
/// iterator (through the door, ``LibicalRecurrence``; jumping to the window when the rule
/// allows) or counting plain rules out itself.
struct SeriesExpander {
  let record: EventRecord
  let window: ExpansionWindow

  /// What the expansion found.
  struct Result {
    var instances: [SeriesInstance] = []
    var warnings: [String] = []
    /// Occurrences the feed's budget left out (at least this many: the expansion stops one
    /// past the cap), when the budget, not the event's cap, cut the set.
    var leftOutByBudget = 0
    /// The walks from DTSTART started: the steps they take before the window, as estimated
    /// before starting (``RuleSearch/walkSteps(of:over:)``).
    var walkSteps = 0
    /// Whether the feed's step budget kept a walk from starting.
    var stoppedByBudget = false
  }

  /// The instances whose start lies in the window widened by `lookBack` seconds before it.
  ///
  /// `placeIfVisible`, when given, places an instance (start, explicit end, key) in the display zone
  /// when it meets the visible days and gives nil otherwise; the others are dropped as found, so
  /// the occurrence cap counts only visible ones.
  func instances(
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
    /// The instance at `time` (of matching key `key`), placed when `placeIfVisible` is given;
    /// nil when it misses the visible days.
    func instance(_ time: WallTime, end: WallTime?, key: Int64) -> SeriesInstance? {
      var placement: SpanPlacement?
      if let placeIfVisible {
        guard let placed = placeIfVisible(time, end, key) else { return nil }
        placement = placed
      }
      return SeriesInstance(start: time, explicitEnd: end, key: key, placement: placement)
    }

    // A single event (most of a feed): its one instance, without the set below.
    if record.rule == nil, record.rdates.isEmpty {
      let key = SeriesExpander.key(of: record.start, allDay: record.allDay)
      guard key >= earliest, key < latest,
        record.exdates.isEmpty
          || !ExcludedStarts(record.exdates, allDay: record.allDay).contains(
            record.start, key: key),
        let only = instance(record.start, end: nil, key: key)
      else { return result }
      if window.occurrenceRoom < 1 {
        result.leftOutByBudget = 1
      } else {
        result.instances = [only]
      }
      return result
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
    var instances = found.sorted()
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
    return result
  }

  /// Runs libical's iterator over the rule in wall-clock time and hands each instance (its zone
  /// put back) to `consider`, with its key (``key(of:allDay:)``).
  ///
  /// - The iterator runs on DTSTART's local fields without a zone: with a zone, libical 3.0.16
  ///   moves an instance that falls in a DST gap (02:30 → 03:30) and then keeps the moved time
  ///   for every later instance. Wall-clock fields are what RFC 5545 3.3.10 expands; the zone is
  ///   applied afterwards by ``LibicalZone/instant(ofLocal:)`` (3.3.5).
  /// - UNTIL is turned into the same wall-clock time of DTSTART's zone so that it still bounds
  ///   the set inclusively.
  /// - The iterator jumps to the window with `icalrecur_iterator_set_start` unless the rule has
  ///   COUNT (libical refuses) or BYWEEKNO (libical 3.0.16 then emits a wrong day when week 1
  ///   starts in the previous December, e.g. 2025-12-30 for week 1 of 2025).
  /// - Rules of the shapes counted out in Swift never reach the iterator: every INTERVAL days
  ///   or weeks, weekdays of every INTERVAL-th week, one instance a month or year
  ///   (``OnePerPeriodRule``), a set of days every month fills (``MonthDaysRule``), times of
  ///   every INTERVAL-th day (``DailyTimesRule``), and weeks of the year (``WeekNumberRule``,
  ///   which libical expands off RFC 5545).
  /// - DTSTART counts as the first instance (3.3.10) even when it does not match the rule, so a
  ///   COUNT then leaves COUNT−1 instances for the rule (libical would give COUNT more).
  private func expandRule(
    _ original: RecurrenceRule, earliest: Int64, jumpFrom: Int64, latest: Int64,
    into result: inout Result,
    _ consider: (WallTime, Int64) -> Bool
  ) {
    var rule = original
    let zone = record.start.zone
    if rule.count > 0, Int64(rule.count) > countBound(of: rule, latest: latest) + 1 {
      // COUNT cannot end the series before the window does: drop it so that the iterator may
      // jump straight to the window.
      rule.count = 0
    }
    var wallStart = record.start
    wallStart.zone = nil
    if !rule.until.isNull, !rule.until.isDate, let untilZone = rule.until.zone {
      let instant = rule.until.instant(floatingZone: untilZone)
      if let zone {
        var wall = zone.local(instant).time
        wall.zone = nil
        wall.isDate = false
        rule.until = wall
      } else {
        // A floating series with a UTC UNTIL (RFC 5545 wants a floating one): read it as the
        // floating start is matched, by its fields.
        rule.until.zone = nil
      }
    }
    SeriesExpander.replaceCount(of: &rule, from: wallStart)
    let onePerPeriod = OnePerPeriodRule(rule, start: wallStart)
    if let onePerPeriod {
      SeriesExpander.replaceCount(of: &rule, shape: onePerPeriod, from: wallStart)
    }
    var steps = 0
    /// The event's step cap is met.
    func stepCapMet() {
      result.warnings.append(
        "the RRULE needed more than \(window.maximumSteps) steps to reach the window; expansion stopped there"
      )
    }
    var kept = 0
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: window.timeBudget)
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
      steps += 1
      if steps & 63 == 0, clock.now > deadline {
        result.warnings.append(
          "expanding the RRULE took longer than \(window.timeBudget.components.seconds) s; expansion stopped after \(steps) steps"
        )
        return false
      }
      if steps >= window.maximumSteps {
        stepCapMet()
        return false
      }
      return true
    }
    if let stepDays = SeriesExpander.plainStepDays(of: rule) {
      SeriesExpander.plainInstances(
        from: wallStart, stepDays: stepDays, until: rule.until, earliest: earliest, take)
      return
    }
    if let days = SeriesExpander.weeklyDays(of: rule) {
      SeriesExpander.replaceCount(of: &rule, days: days, from: wallStart)
      SeriesExpander.weeklyInstances(
        from: wallStart, rule: rule, days: days, earliest: earliest, take)
      return
    }
    // The event's RRULEs share its step cap and the feed's room: what the ones before this
    // spent is gone (20 RRULEs must not walk 20 times the budget).
    let spentBefore = Int64(result.walkSteps)
    let cap = max(0, Int64(window.maximumSteps) - spentBefore)
    let room = max(0, Int64(window.stepRoom) - spentBefore)
    /// A count-out in Swift walked `walk` periods with COUNT before the window, each charged a
    /// step of the same budget; `cut`: it stopped there, the room or the cap spent.
    func charge(_ walk: (periods: Int, cut: Bool)) {
      result.walkSteps += walk.periods
      guard walk.cut else { return }
      if room <= cap {
        result.stoppedByBudget = true
      } else {
        stepCapMet()
      }
    }
    if let shape = WeekNumberRule(rule, start: wallStart) {
      return charge(
        SeriesExpander.weekNumberInstances(
          from: wallStart, shape: shape, rule: rule, earliest: earliest,
          walkRoom: Int(min(cap, room)), take))
    }
    if rule.count == 0, let shape = onePerPeriod {
      SeriesExpander.onePerPeriodInstances(
        from: wallStart, shape: shape, until: rule.until, earliest: earliest, take)
      return
    }
    if onePerPeriod == nil, let shape = MonthDaysRule(rule) {
      return charge(
        SeriesExpander.monthDaysInstances(
          from: wallStart, shape: shape, rule: rule, earliest: earliest,
          walkRoom: Int(min(cap, room)), take))
    }
    if let shape = DailyTimesRule(rule, start: wallStart) {
      SeriesExpander.dailyTimesInstances(
        from: wallStart, shape: shape, rule: rule, earliest: earliest, take)
      return
    }
    let mayJump = rule.count == 0 && rule.byWeekNumber.isEmpty
    let startKey = SeriesExpander.key(of: record.start, allDay: record.allDay)
    var walk: Int64 = 0
    if !mayJump {
      // The iterator walks from DTSTART, working out every period on the way (libical does
      // that inside one step, so the step count alone does not bound it): when the walk's
      // estimated steps before the window are more than the step cap, stop before starting, as
      // the walk would.
      walk = RuleSearch.walkSteps(of: rule, over: earliest - startKey)
      if walk > cap {
        if spentBefore > 0 {
          result.warnings.append(
            "the event's RRULEs need more than \(window.maximumSteps) steps together to reach the window; this one is not expanded"
          )
        } else {
          stepCapMet()
        }
        return
      }
    }
    // The feed's walks share a budget per window: a walk from DTSTART spends its estimate
    // before the window (not the steps taken, so it does not depend on how the window was
    // reached), and every walk the FREQ periods it passes in the window.
    var charge = RuleSearch.Charge(
      rule: rule, spent: walk, from: max(mayJump ? jumpFrom : earliest, startKey),
      cap: cap, room: room)
    /// The walk may not go on: the feed's budget or the event's cap is spent.
    func chargeMet() {
      if charge.byRoom {
        result.stoppedByBudget = true
      } else {
        result.warnings.append(
          spentBefore > 0
            ? "expanding the event's RRULEs needs more than \(window.maximumSteps) recurrence steps together in the window; expansion stopped there"
            : "expanding the RRULE needs more than \(window.maximumSteps) recurrence steps in the window; expansion stopped there"
        )
      }
    }
    guard charge.mayCall() else { return chargeMet() }
    defer { result.walkSteps += Int(charge.spent) }
    var jump: WallTime?
    if mayJump, jumpFrom > startKey {
      var from: WallTime
      if let zone {
        from = zone.local(jumpFrom).time
      } else {
        from = WallTime.floating(at: jumpFrom)
      }
      from.zone = nil
      if record.allDay {
        from.isDate = true
        from.hour = 0
        from.minute = 0
        from.second = 0
      }
      jump = from
    }
    // With COUNT the iterator starts at DTSTART; when its first value is not DTSTART, DTSTART
    // was not in the rule's set and takes the first of the COUNT places.
    var remaining = rule.count > 0 ? Int(rule.count) : Int.max
    var first = rule.count > 0
    guard remaining > 0 else { return }
    let accepted = LibicalRecurrence.iterate(rule, from: wallStart, jumpingTo: jump) { next in
      if first {
        first = false
        if WallTime.compare(next, wallStart) != 0 {
          remaining -= 1
          if remaining == 0 { return false }
        }
      }
      remaining -= 1
      // Inside the window each call is charged the periods libical passed since the last
      // instance (the one past the window too), and the next call must have room for its
      // longest search.
      charge.spend(upTo: SeriesExpander.key(of: next, allDay: record.allDay))
      guard take(next), remaining > 0 else { return false }
      guard charge.mayCall() else {
        chargeMet()
        return false
      }
      return true
    }
    if !accepted { result.warnings.append("libical refused to expand the RRULE") }
  }

  /// Turns the COUNT of a DAILY or WEEKLY rule without BY parts into the UNTIL of its last
  /// instance, so that the iterator may jump to the window instead of walking from DTSTART.
  ///
  /// Such a rule's instances are DTSTART and then every INTERVAL days or weeks on the wall
  /// clock (where the iterator runs), all of them valid dates: the last one is DTSTART plus
  /// COUNT−1 steps, and an inclusive UNTIL there gives the same set.
  static func replaceCount(of rule: inout RecurrenceRule, from wallStart: WallTime) {
    guard rule.count > 0, rule.until.isNull, !rule.hasByParts,
      rule.frequency == .daily || rule.frequency == .weekly
    else { return }
    let step = Int64(max(1, rule.interval)) * (rule.frequency == .weekly ? 7 : 1)
    let days = (Int64(rule.count) - 1) * step
    // Past year 9999 libical's times are not usable: leave such rules to COUNT.
    guard days < 2_900_000 else { return }
    rule.count = 0
    rule.until = wallStart.adjusted(days: Int32(days), seconds: 0)
  }

  /// An upper bound of the instances a rule can have before `latest`: distinct instances are at
  /// least a second apart (a day for dates), and each FREQ×INTERVAL period holds at most
  /// ``instancesPerPeriod(of:)`` of them (one when no BY part adds any).
  private func countBound(of rule: RecurrenceRule, latest: Int64) -> Int64 {
    let startKey = SeriesExpander.key(of: record.start, allDay: record.allDay)
    let elapsed = max(0, latest - startKey)
    let spacing: Int64 = record.allDay ? 86_400 : 1
    return min(elapsed / spacing + 2, SeriesExpander.candidates(of: rule, over: elapsed))
  }

  /// An upper bound of the times libical's iterator looks at over `elapsed` seconds of `rule`
  /// (each a possible instance: the FREQ×INTERVAL periods, shortened by a DST hour, times the
  /// instances one period can hold), saturating at `Int64.max`.
  static func candidates(of rule: RecurrenceRule, over elapsed: Int64) -> Int64 {
    RuleSearch.perPeriod(
      rule.hasByParts ? instancesPerPeriod(of: rule) : 1, of: rule, over: elapsed)
  }

  /// An upper bound of the instances one FREQ period of `rule` holds (as `RuleDensity` counts
  /// them): its days times the BY parts finer than FREQ.
  static func instancesPerPeriod(of rule: RecurrenceRule) -> Int {
    guard let frequency = rule.frequency else { return 1 }
    return frequency.mostDaysPerPeriod * timesPerDay(of: rule)
  }

  /// The instances the BY parts finer than FREQ put on each day (or shorter period) of `rule`:
  /// BYHOUR × BYMINUTE × BYSECOND, each counted only when finer than FREQ.
  static func timesPerDay(of rule: RecurrenceRule) -> Int {
    guard let frequency = rule.frequency else { return 1 }
    var instances = 1
    if frequency.rawValue > RecurrenceFrequency.hourly.rawValue {
      instances *= max(1, rule.byHour.count)
    }
    if frequency.rawValue > RecurrenceFrequency.minutely.rawValue {
      instances *= max(1, rule.byMinute.count)
    }
    if frequency.rawValue > RecurrenceFrequency.secondly.rawValue {
      instances *= max(1, rule.bySecond.count)
    }
    return instances
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
  static func key(of time: WallTime, allDay: Bool) -> Int64 {
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
