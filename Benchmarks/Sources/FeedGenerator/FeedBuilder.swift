/// What to generate.
struct FeedOptions {
  var events: Int
  var seed: UInt64
  var years: Int
  var startYear: Int
  /// When set, every event lies inside this month and none recurs.
  var denseMonth: (year: Int, month: Int)?
  /// The kind of feed (ignored with `denseMonth`).
  var profile: FeedProfile = .standard
  /// Lines longer than this many octets are folded (RFC 5545 says 75; some writers fold
  /// shorter, which splits DTSTART, EXDATE and RRULE lines).
  var foldWidth = 75
}

/// Counts reported by `--stats`.
struct FeedStats {
  var vevents = 0
  var timedUTC = 0
  var timedZoned = 0
  var crossMidnight = 0
  var allDaySingle = 0
  var allDayMulti = 0
  var recurringMasters = 0
  var overrides = 0
  var exdates = 0
}

/// Writes a whole VCALENDAR. Event kinds and their shares (normal mode):
/// - ~5% weekly recurring masters (COUNT or UNTIL, some INTERVAL=2 or BYDAY
///   with two days, EXDATEs on ~60%), ~35% of them with 1-3 RECURRENCE-ID
///   overrides (separate VEVENTs with the same UID);
/// - ~8% single-day and ~8% multi-day all-day events (VALUE=DATE, exclusive
///   DTEND);
/// - ~9% timed events across midnight (a quarter of them span several days);
/// - the rest ordinary timed events, a few with DURATION instead of DTEND.
/// Timed events are in UTC (30%), Europe/Berlin (30%), America/New_York (25%)
/// or Asia/Tokyo (15%).
struct FeedBuilder {
  var w: ICSWriter
  var rng: SplitMix64
  let vocab = Vocabulary()
  let options: FeedOptions
  private var uidCounter: UInt64 = 0
  /// Half-open day-number range that event starts are drawn from.
  let firstDay: Int
  let endDay: Int
  var stats = FeedStats()
  /// Overrides written so far (mixed profile), for repeats of their UID and RECURRENCE-ID.
  var overrideLog: [WrittenOverride] = []

  init(options: FeedOptions, fd: Int32) {
    self.options = options
    self.w = ICSWriter(fd: fd, foldWidth: options.foldWidth)
    // Mix the seed so that seeds 0, 1, 2... give unrelated streams.
    var seeder = SplitMix64(seed: options.seed ^ 0x6963_736C_616E_6573)
    self.rng = SplitMix64(seed: seeder.next())
    if let dense = options.denseMonth {
      firstDay = Civil.dayNumber(year: dense.year, month: dense.month, day: 1)
      endDay = firstDay + Civil.daysInMonth(year: dense.year, month: dense.month)
    } else {
      firstDay = Civil.dayNumber(year: options.startYear, month: 1, day: 1)
      endDay = Civil.dayNumber(year: options.startYear + options.years, month: 1, day: 1)
    }
  }

  var bytesWritten: Int { w.bytesWritten }

  mutating func run() throws {
    writeHeader()
    if options.denseMonth != nil {
      for _ in 0..<options.events {
        writeDenseEvent()
        try w.flushIfNeeded()
      }
    } else {
      switch options.profile {
      case .standard:
        var written = 0
        while written < options.events {
          written += writeNormalEvent(remaining: options.events - written)
          try w.flushIfNeeded()
        }
      case .mixed:
        var written = 0
        while written < options.events {
          written += writeMixedEvent(remaining: options.events - written)
          try w.flushIfNeeded()
        }
      case .timetable:
        try writeTimetable()
      case .bookings:
        try writeBookings()
      case .office:
        var written = 0
        while written < options.events {
          written += writeOfficeEvent(remaining: options.events - written)
          try w.flushIfNeeded()
        }
      }
    }
    w.line("END:VCALENDAR")
    try w.flush()
  }

  // MARK: Calendar header

  mutating func writeHeader() {
    w.line("BEGIN:VCALENDAR")
    w.line("VERSION:2.0")
    w.line("PRODID:-//icslanes//icslanes-feedgen 1.0//EN")
    w.line("CALSCALE:GREGORIAN")
    w.line("METHOD:PUBLISH")
    w.append("X-WR-CALNAME:icslanes benchmark feed – ")
    w.append(number: options.events)
    w.append(" events – seed ")
    w.append(number: options.seed)
    if let dense = options.denseMonth {
      w.append(" – dense month ")
      w.append(number: dense.year, width: 4)
      w.append("-")
      w.append(number: dense.month, width: 2)
    } else {
      w.append(" – ")
      w.append(number: options.startYear, width: 4)
      w.append("–")
      w.append(number: options.startYear + options.years - 1, width: 4)
    }
    w.endLine()
    w.line("X-WR-TIMEZONE:Europe/Berlin")
    for line in Zone.vtimezoneLines {
      w.line(line)
    }
  }

  // MARK: Event mix

  /// Writes one logical event (a recurring master may bring overrides along)
  /// and returns the number of VEVENT components written.
  mutating func writeNormalEvent(remaining: Int) -> Int {
    let r = rng.below(1000)
    if r < 50 {
      return writeRecurringGroup(maxComponents: remaining)
    } else if r < 130 {
      writeAllDay(startDay: randomDay(), length: 1)
    } else if r < 210 {
      writeAllDay(startDay: randomDay(), length: rng.pick(Self.multiDayLengths))
    } else if r < 300 {
      writeCrossMidnight(startDay: randomDay())
    } else {
      writeTimed(day: randomDay())
    }
    return 1
  }

  mutating func writeDenseEvent() {
    let last = endDay - 1
    let r = rng.below(100)
    if r < 12 {
      writeAllDay(startDay: rng.within(firstDay...last), length: 1)
    } else if r < 25 {
      let start = rng.within(firstDay...(last - 1))
      writeAllDay(startDay: start, length: rng.within(2...min(7, endDay - start)))
    } else if r < 35 {
      // Keep a day of margin so that no time zone moves it out of the month.
      writeCrossMidnight(startDay: rng.within((firstDay + 1)...(last - 2)), allowMultiDay: false)
    } else {
      writeTimed(day: rng.within((firstDay + 1)...(last - 1)))
    }
  }

  static let multiDayLengths = [2, 2, 2, 3, 3, 3, 4, 4, 5, 7, 7, 10, 14, 21]
  static let startMinutes = [0, 0, 0, 15, 30, 30, 45]
  static let durations = [15, 30, 30, 45, 60, 60, 60, 90, 90, 120, 180, 240]

  mutating func randomDay() -> Int {
    rng.within(firstDay...(endDay - 1))
  }

  mutating func pickZone() -> Zone {
    let r = rng.below(100)
    if r < 30 { return .utc }
    if r < 60 { return .berlin }
    if r < 85 { return .newYork }
    return .tokyo
  }

  // MARK: Single events

  mutating func writeTimed(day: Int) {
    let zone = pickZone()
    let start = rng.within(7...19) * 60 + rng.pick(Self.startMinutes)
    let duration = rng.pick(Self.durations)
    beginEvent()
    writeDateTime("DTSTART", zone: zone, day: day, minute: start)
    if rng.chance(permille: 30) {
      w.append("DURATION:PT")
      if duration >= 60 {
        w.append(number: duration / 60)
        w.append("H")
      }
      if duration % 60 != 0 {
        w.append(number: duration % 60)
        w.append("M")
      }
      w.endLine()
    } else {
      writeDateTime("DTEND", zone: zone, day: day, minute: start + duration)
    }
    writeDetails(allDay: false)
    endEvent()
    if zone == .utc { stats.timedUTC += 1 } else { stats.timedZoned += 1 }
  }

  mutating func writeCrossMidnight(startDay: Int, allowMultiDay: Bool = true) {
    let zone = pickZone()
    let start: Int
    let endDay: Int
    let end: Int
    if allowMultiDay && rng.chance(permille: 250) {
      // Conference or trip: several days, daytime start and end.
      start = rng.within(8...18) * 60 + rng.pick(Self.startMinutes)
      endDay = startDay + rng.within(1...3)
      end = rng.within(9...18) * 60 + rng.pick(Self.startMinutes)
    } else {
      // Evening into the next morning.
      start = rng.within(19...23) * 60 + rng.pick(Self.startMinutes)
      endDay = startDay + 1
      end = rng.within(1...16) * 30
    }
    beginEvent()
    writeDateTime("DTSTART", zone: zone, day: startDay, minute: start)
    writeDateTime("DTEND", zone: zone, day: endDay, minute: end)
    writeDetails(allDay: false)
    endEvent()
    stats.crossMidnight += 1
  }

  mutating func writeAllDay(startDay: Int, length: Int) {
    beginEvent()
    writeDate("DTSTART", day: startDay)
    writeDate("DTEND", day: startDay + length)
    writeDetails(allDay: true)
    endEvent()
    if length == 1 { stats.allDaySingle += 1 } else { stats.allDayMulti += 1 }
  }

  // MARK: Recurring events

  mutating func writeRecurringGroup(maxComponents: Int) -> Int {
    let allDay = rng.chance(permille: 100)
    let zone = pickZone()
    let startDay = randomDay()
    let start = allDay ? 0 : rng.within(7...20) * 60 + rng.pick(Self.recurringStartMinutes)
    let duration = allDay ? 0 : rng.pick(Self.recurringDurations)
    let interval = rng.chance(permille: 150) ? 2 : 1
    let weekday = Civil.weekday(startDay)
    let byDay = rng.below(100)  // < 70: none, < 85: own weekday, else two days
    var secondWeekday = -1
    if byDay >= 85 {
      secondWeekday = (weekday + 1 + rng.below(6)) % 7
    }
    // Occurrences on the DTSTART weekday are at start + 7 * interval * k days.
    // `maxK` is the largest k that is certainly an occurrence under the rule.
    let useCount = rng.chance(permille: 550)
    let count = rng.within(4...60)
    let untilWeeks = rng.within(4...104)
    let maxK: Int
    if useCount {
      maxK = secondWeekday >= 0 ? (count - 1) / 2 : count - 1
    } else {
      maxK = untilWeeks - 1
    }

    // EXDATEs and overrides use distinct k in 1...maxK.
    var chosen: [Int] = []
    func pickDistinct(_ n: Int, _ rng: inout SplitMix64, _ chosen: inout [Int]) -> [Int] {
      var result: [Int] = []
      var attempts = 0
      while result.count < n && attempts < 20 && maxK >= 1 {
        attempts += 1
        let k = rng.within(1...maxK)
        if !chosen.contains(k) {
          chosen.append(k)
          result.append(k)
        }
      }
      return result.sorted()
    }
    var exdates: [Int] = []
    if rng.chance(permille: 600) {
      let n = rng.within(1...3)
      exdates = pickDistinct(n, &rng, &chosen)
    }
    var overrides: [Int] = []
    if maxComponents > 1 && rng.chance(permille: 350) {
      let n = min(rng.within(1...3), maxComponents - 1)
      overrides = pickDistinct(n, &rng, &chosen)
    }

    let uidBits = rng.next()
    let uidIndex = nextUID()
    let overridesFirst = !overrides.isEmpty && rng.chance(permille: 150)

    if overridesFirst {
      for k in overrides {
        writeOverride(
          uidIndex: uidIndex, uidBits: uidBits, allDay: allDay, zone: zone,
          originalDay: startDay + 7 * interval * k, start: start, duration: duration)
      }
    }

    // Master.
    beginEvent(uidIndex: uidIndex, uidBits: uidBits)
    writeMasterTimes(allDay: allDay, zone: zone, day: startDay, start: start, duration: duration)
    w.append("RRULE:FREQ=WEEKLY")
    if interval > 1 {
      w.append(";INTERVAL=")
      w.append(number: interval)
    }
    if useCount {
      w.append(";COUNT=")
      w.append(number: count)
    } else {
      w.append(";UNTIL=")
      let lastDay = startDay + 7 * interval * (untilWeeks - 1)
      if allDay {
        w.append(date: lastDay)
      } else {
        // UNTIL is in UTC for zoned and UTC events: either exactly the last
        // occurrence or the end of that UTC day.
        let utc =
          lastDay * 1440 + start - zone.utcOffsetMinutes(localDay: lastDay, localMinute: start)
        let utcDay = utc >= 0 ? utc / 1440 : (utc - 1439) / 1440
        if rng.chance(permille: 500) {
          w.append(dateTime: utcDay, minute: utc - utcDay * 1440)
          w.append("Z")
        } else {
          w.append(date: utcDay)
          w.append("T235959Z")
        }
      }
    }
    if byDay >= 70 {
      w.append(";BYDAY=")
      var first = true
      // Monday-first order, as most producers write it.
      for d in [1, 2, 3, 4, 5, 6, 0] where d == weekday || d == secondWeekday {
        if !first { w.append(",") }
        first = false
        w.append(Self.weekdayCodes[d])
      }
    }
    w.endLine()
    if !exdates.isEmpty {
      let oneLine = rng.chance(permille: 500)
      for (i, k) in exdates.enumerated() {
        let day = startDay + 7 * interval * k
        if i == 0 || !oneLine {
          if i > 0 { w.endLine() }
          if allDay {
            w.append("EXDATE;VALUE=DATE:")
          } else if zone == .utc {
            w.append("EXDATE:")
          } else {
            w.append("EXDATE;TZID=")
            w.append(zone.tzid)
            w.append(":")
          }
        } else {
          w.append(",")
        }
        if allDay {
          w.append(date: day)
        } else {
          w.append(dateTime: day, minute: start)
          if zone == .utc { w.append("Z") }
        }
      }
      w.endLine()
      stats.exdates += exdates.count
    }
    writeDetails(allDay: allDay)
    endEvent()
    stats.recurringMasters += 1

    if !overridesFirst {
      for k in overrides {
        writeOverride(
          uidIndex: uidIndex, uidBits: uidBits, allDay: allDay, zone: zone,
          originalDay: startDay + 7 * interval * k, start: start, duration: duration)
      }
    }
    return 1 + overrides.count
  }

  /// A series master's DTSTART and DTEND: one date, or `start` and `start + duration`
  /// minutes into `day` in `zone`.
  mutating func writeMasterTimes(allDay: Bool, zone: Zone, day: Int, start: Int, duration: Int) {
    if allDay {
      writeDate("DTSTART", day: day)
      writeDate("DTEND", day: day + 1)
    } else {
      writeDateTime("DTSTART", zone: zone, day: day, minute: start)
      writeDateTime("DTEND", zone: zone, day: day, minute: start + duration)
    }
  }

  static let recurringStartMinutes = [0, 0, 30]
  static let recurringDurations = [30, 30, 45, 60, 60, 90, 120]
  static let weekdayCodes: [StaticString] = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  mutating func writeOverride(
    uidIndex: UInt64, uidBits: UInt64, allDay: Bool, zone: Zone,
    originalDay: Int, start: Int, duration: Int
  ) {
    beginEvent(uidIndex: uidIndex, uidBits: uidBits)
    if allDay {
      writeDate("RECURRENCE-ID", day: originalDay)
      let moved = originalDay + rng.within(1...2)
      writeDate("DTSTART", day: moved)
      writeDate("DTEND", day: moved + 1)
    } else {
      writeDateTime("RECURRENCE-ID", zone: zone, day: originalDay, minute: start)
      // Moved by a day, or by an hour or two the same day.
      var day = originalDay
      var newStart = start
      if rng.chance(permille: 300) {
        day += rng.pick([-1, 1])
      } else {
        newStart = start + rng.pick([-120, -60, 60, 120])
      }
      let newDuration = rng.chance(permille: 300) ? duration + 30 : duration
      writeDateTime("DTSTART", zone: zone, day: day, minute: newStart)
      writeDateTime("DTEND", zone: zone, day: day, minute: newStart + newDuration)
    }
    w.append("SEQUENCE:")
    w.append(number: rng.within(1...3))
    w.endLine()
    writeDetails(allDay: allDay)
    endEvent()
    stats.overrides += 1
    if options.profile == .mixed {
      overrideLog.append(
        WrittenOverride(
          uidIndex: uidIndex, uidBits: uidBits, allDay: allDay, zone: zone,
          originalDay: originalDay, start: start, duration: duration))
    }
  }

  // MARK: Properties

  mutating func nextUID() -> UInt64 {
    uidCounter += 1
    return uidCounter
  }

  mutating func beginEvent() {
    let bits = rng.next()
    beginEvent(uidIndex: nextUID(), uidBits: bits)
  }

  mutating func beginEvent(uidIndex: UInt64, uidBits: UInt64) {
    w.line("BEGIN:VEVENT")
    w.append("UID:")
    w.append(hex: uidIndex, width: 8)
    w.append("-")
    w.append(hex: uidBits, width: 16)
    w.append("@feedgen.icslanes.example")
    w.endLine()
    // DTSTAMP: some moment inside the feed's range, like a last-modified time.
    w.append("DTSTAMP:")
    w.append(dateTime: randomDay(), minute: rng.below(1440))
    w.append("Z")
    w.endLine()
    stats.vevents += 1
  }

  mutating func endEvent() {
    w.line("END:VEVENT")
  }

  /// NAME:YYYYMMDDTHHMMSSZ or NAME;TZID=Zone/Name:YYYYMMDDTHHMMSS. `minute`
  /// may exceed a day; it is carried into the date.
  mutating func writeDateTime(_ name: StaticString, zone: Zone, day: Int, minute: Int) {
    let total = day * 1440 + minute
    let d = total >= 0 ? total / 1440 : (total - 1439) / 1440
    w.append(name)
    if zone == .utc {
      w.append(":")
      w.append(dateTime: d, minute: total - d * 1440)
      w.append("Z")
    } else {
      w.append(";TZID=")
      w.append(zone.tzid)
      w.append(":")
      w.append(dateTime: d, minute: total - d * 1440)
    }
    w.endLine()
  }

  mutating func writeDate(_ name: StaticString, day: Int) {
    w.append(name)
    w.append(";VALUE=DATE:")
    w.append(date: day)
    w.endLine()
  }

  /// SUMMARY, LOCATION, DESCRIPTION and the occasional extra property,
  /// attendee list or alarm.
  mutating func writeDetails(allDay: Bool) {
    w.append("SUMMARY:")
    w.appendEscaped(rng.pick(vocab.summaries))
    w.endLine()

    if rng.chance(permille: 650) {
      w.append("LOCATION:")
      w.appendEscaped(rng.pick(vocab.locations))
      w.endLine()
    }

    let d = rng.below(100)
    if d >= 35 {
      w.append("DESCRIPTION:")
      let sentences = d < 75 ? 1 : rng.within(2...6)
      for i in 0..<sentences {
        if i > 0 {
          let sep = rng.below(10)
          if sep < 6 {
            w.append(" ")
          } else if sep < 9 {
            w.append("\\n")
          } else {
            w.append("\\n\\n")
          }
        }
        w.appendEscaped(rng.pick(vocab.sentences))
      }
      w.endLine()
    }

    let s = rng.below(100)
    if s < 30 {
      w.line("STATUS:CONFIRMED")
    } else if s < 33 {
      w.line("STATUS:TENTATIVE")
    }
    if allDay && rng.chance(permille: 700) {
      w.line("TRANSP:TRANSPARENT")
    }
    if rng.chance(permille: 100) {
      w.append("CATEGORIES:")
      w.appendEscaped(rng.pick(vocab.categories))
      if rng.chance(permille: 400) {
        w.append(",")
        w.appendEscaped(rng.pick(vocab.categories))
      }
      w.endLine()
    }
    if rng.chance(permille: 30) {
      w.line("CLASS:PRIVATE")
    }
    if rng.chance(permille: 60) {
      writeAttendees()
    }
    if rng.chance(permille: 100) {
      w.line("BEGIN:VALARM")
      w.line("ACTION:DISPLAY")
      w.line("DESCRIPTION:Reminder")
      w.append("TRIGGER:")
      w.append(rng.pick(Self.triggers))
      w.endLine()
      w.line("END:VALARM")
    }
  }

  static let triggers: [StaticString] = ["-PT10M", "-PT15M", "-PT30M", "-PT1H", "-P1D"]
  static let partstats: [StaticString] = [
    "ACCEPTED", "ACCEPTED", "NEEDS-ACTION", "TENTATIVE", "DECLINED",
  ]

  mutating func writeAttendees() {
    let organizer = rng.pick(vocab.people)
    w.append("ORGANIZER;CN=\"")
    w.append(organizer.name)
    w.append("\":mailto:")
    w.append(organizer.email)
    w.endLine()
    for _ in 0..<rng.within(1...4) {
      let person = rng.pick(vocab.people)
      w.append("ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=")
      w.append(rng.pick(Self.partstats))
      w.append(";CN=\"")
      w.append(person.name)
      w.append("\";X-NUM-GUESTS=0:mailto:")
      w.append(person.email)
      w.endLine()
    }
  }
}
