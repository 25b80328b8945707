import ArgumentParser

/// The kinds of feed the generator writes (`--profile`).
enum FeedProfile: String, CaseIterable, ExpressibleByArgument {
  /// The original mix (see ``FeedBuilder``); the default, byte-identical to earlier versions.
  case standard
  /// The standard mix, plus overrides that repeat an earlier override's UID and RECURRENCE-ID
  /// (~3% of components) and mail-export-like events with attendees, an alarm, a location and a
  /// long description (~10%).
  case mixed
  /// A university timetable: two terms a year, most events weekly series over the term's 12–15
  /// teaching weeks, EXDATEs for the holiday weeks, a few moved instances, exams as single events.
  case timetable
  /// Room bookings: single timed events, several per room per day, a few weekly series.
  case bookings
  /// A company's shared calendar: 40% recurring meetings of every common shape (weekday
  /// standups, weekly, monthly on positioned weekdays or days of the month, yearly birthdays,
  /// RDATE lists; ending by COUNT, UNTIL or never), the rest single meetings.
  case office
}

/// An override as written, so that the mixed profile can write another of the same instance.
struct WrittenOverride {
  let uidIndex: UInt64
  let uidBits: UInt64
  let allDay: Bool
  let zone: Zone
  let originalDay: Int
  let start: Int
  let duration: Int
}

extension FeedBuilder {
  // MARK: mixed

  /// One logical event of the mixed profile; returns the VEVENT components written.
  mutating func writeMixedEvent(remaining: Int) -> Int {
    let r = rng.below(1000)
    if r < 30, !overrideLog.isEmpty {
      // A repeat of one of the last 512 overrides (an update sent again): same UID and
      // RECURRENCE-ID, its own SEQUENCE and move.
      let earlier = overrideLog[overrideLog.count - 1 - rng.below(min(512, overrideLog.count))]
      writeOverride(
        uidIndex: earlier.uidIndex, uidBits: earlier.uidBits, allDay: earlier.allDay,
        zone: earlier.zone, originalDay: earlier.originalDay, start: earlier.start,
        duration: earlier.duration)
      return 1
    }
    if r < 130 {
      writeMailExport(day: randomDay())
      return 1
    }
    return writeNormalEvent(remaining: remaining)
  }

  /// A meeting as a mail program exports it: organizer and attendees, location, a long folded
  /// description, an alarm and vendor properties.
  mutating func writeMailExport(day: Int) {
    let zone = pickZone()
    let start = rng.within(8...17) * 60 + rng.pick(Self.startMinutes)
    let duration = rng.pick(Self.durations)
    beginEvent()
    writeDateTime("DTSTART", zone: zone, day: day, minute: start)
    writeDateTime("DTEND", zone: zone, day: day, minute: start + duration)
    w.append("SUMMARY:")
    w.appendEscaped(rng.pick(vocab.summaries))
    w.endLine()
    w.append("LOCATION:")
    w.appendEscaped(rng.pick(vocab.locations))
    w.endLine()
    w.append("DESCRIPTION:")
    for i in 0..<rng.within(8...30) {
      if i > 0 { w.append(rng.chance(permille: 300) ? "\\n" : " ") }
      w.appendEscaped(rng.pick(vocab.sentences))
    }
    w.endLine()
    let organizer = rng.pick(vocab.people)
    w.append("ORGANIZER;CN=\"")
    w.append(organizer.name)
    w.append("\":mailto:")
    w.append(organizer.email)
    w.endLine()
    for _ in 0..<rng.within(2...12) {
      let person = rng.pick(vocab.people)
      w.append("ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=")
      w.append(rng.pick(Self.partstats))
      w.append(";RSVP=TRUE;CN=\"")
      w.append(person.name)
      w.append("\":mailto:")
      w.append(person.email)
      w.endLine()
    }
    w.line("X-MICROSOFT-CDO-BUSYSTATUS:BUSY")
    w.line("X-MICROSOFT-CDO-IMPORTANCE:1")
    w.line("BEGIN:VALARM")
    w.line("ACTION:DISPLAY")
    w.line("DESCRIPTION:Reminder")
    w.append("TRIGGER;RELATED=START:")
    w.append(rng.pick(Self.triggers))
    w.endLine()
    w.line("END:VALARM")
    endEvent()
    if zone == .utc { stats.timedUTC += 1 } else { stats.timedZoned += 1 }
  }

  // MARK: timetable

  /// Two terms a year for `--years` years: a winter term from mid-October (17 weeks, two of
  /// them Christmas holidays) and a summer term from mid-April (15 weeks, one holiday week), so
  /// that June lies inside a term. The components are shared evenly between the terms.
  mutating func writeTimetable() throws {
    var terms: [(firstMonday: Int, weeks: Int, holidayWeeks: [Int])] = []
    for year in options.startYear..<(options.startYear + options.years) {
      let april = Civil.dayNumber(year: year, month: 4, day: 8)
      terms.append((Self.mondayOnOrAfter(april), 15, [6]))
      let october = Civil.dayNumber(year: year, month: 10, day: 12)
      terms.append((Self.mondayOnOrAfter(october), 17, [10, 11]))
    }
    var written = 0
    for (index, term) in terms.enumerated() {
      let quota = options.events * (index + 1) / terms.count - options.events * index / terms.count
      var inTerm = 0
      while inTerm < quota && written < options.events {
        let n = writeCourse(
          term: term, maxComponents: min(quota - inTerm, options.events - written))
        inTerm += n
        written += n
        try w.flushIfNeeded()
      }
    }
  }

  private static func mondayOnOrAfter(_ day: Int) -> Int {
    // Civil.weekday: 0 = Sunday.
    day + (8 - Civil.weekday(day)) % 7
  }

  private static let lectureStarts = [
    8 * 60 + 15, 10 * 60 + 15, 12 * 60 + 15, 14 * 60 + 15, 16 * 60 + 15, 18 * 60,
  ]

  /// A course: a weekly series over the term (or an exam, a single event); returns the
  /// components written.
  private mutating func writeCourse(
    term: (firstMonday: Int, weeks: Int, holidayWeeks: [Int]), maxComponents: Int
  ) -> Int {
    let startMinute = rng.pick(Self.lectureStarts)
    let duration = rng.chance(permille: 800) ? 90 : 180
    if rng.chance(permille: 50) {
      // Exam in the last two weeks.
      let day = term.firstMonday + 7 * (term.weeks - rng.within(1...2)) + rng.within(0...4)
      beginEvent()
      writeDateTime("DTSTART", zone: .berlin, day: day, minute: startMinute)
      writeDateTime("DTEND", zone: .berlin, day: day, minute: startMinute + 120)
      writeCourseDetails(exam: true)
      endEvent()
      stats.timedZoned += 1
      return 1
    }
    let weekday = rng.within(0...4)
    let firstWeek = rng.chance(permille: 150) ? 1 : 0
    let interval = rng.chance(permille: 100) ? 2 : 1
    let startDay = term.firstMonday + 7 * firstWeek + weekday
    // Teaching weeks k (0-based from startDay, step `interval`) inside the term.
    let span = term.weeks - firstWeek
    let instances = (span - 1) / interval + 1
    var holidays: [Int] = []
    for week in term.holidayWeeks where week >= firstWeek && (week - firstWeek) % interval == 0 {
      holidays.append((week - firstWeek) / interval)
    }
    let uidIndex = nextUID()
    let uidBits = rng.next()
    var moved: [Int] = []
    if maxComponents > 1 && rng.chance(permille: 120) {
      let k = rng.within(1...(instances - 1))
      if !holidays.contains(k) { moved.append(k) }
    }
    beginEvent(uidIndex: uidIndex, uidBits: uidBits)
    writeDateTime("DTSTART", zone: .berlin, day: startDay, minute: startMinute)
    writeDateTime("DTEND", zone: .berlin, day: startDay, minute: startMinute + duration)
    w.append("RRULE:FREQ=WEEKLY")
    if interval > 1 {
      w.append(";INTERVAL=")
      w.append(number: interval)
    }
    if rng.chance(permille: 500) {
      w.append(";COUNT=")
      w.append(number: instances)
    } else {
      let lastDay = startDay + 7 * interval * (instances - 1)
      w.append(";UNTIL=")
      w.append(date: lastDay)
      w.append("T235959Z")
    }
    w.append(";BYDAY=")
    w.append(Self.weekdayCodes[weekday + 1])
    w.endLine()
    if !holidays.isEmpty {
      w.append("EXDATE;TZID=Europe/Berlin:")
      for (i, k) in holidays.enumerated() {
        if i > 0 { w.append(",") }
        w.append(dateTime: startDay + 7 * interval * k, minute: startMinute)
      }
      w.endLine()
      stats.exdates += holidays.count
    }
    writeCourseDetails(exam: false)
    endEvent()
    stats.recurringMasters += 1
    stats.timedZoned += 1
    for k in moved {
      let original = startDay + 7 * interval * k
      beginEvent(uidIndex: uidIndex, uidBits: uidBits)
      writeDateTime("RECURRENCE-ID", zone: .berlin, day: original, minute: startMinute)
      let day = original + rng.pick([-2, -1, 1, 2])
      let minute = rng.pick(Self.lectureStarts)
      writeDateTime("DTSTART", zone: .berlin, day: day, minute: minute)
      writeDateTime("DTEND", zone: .berlin, day: day, minute: minute + duration)
      w.line("SEQUENCE:1")
      writeCourseDetails(exam: false)
      endEvent()
      stats.overrides += 1
    }
    return 1 + moved.count
  }

  private mutating func writeCourseDetails(exam: Bool) {
    w.append("SUMMARY:")
    if exam { w.append("Exam: ") }
    w.appendEscaped(rng.pick(vocab.summaries))
    w.endLine()
    w.append("LOCATION:Lecture hall ")
    w.append(number: rng.within(1...60))
    w.endLine()
    if rng.chance(permille: 600) {
      let lecturer = rng.pick(vocab.people)
      w.append("DESCRIPTION:Lecturer: ")
      w.append(lecturer.name)
      w.endLine()
    }
    w.line("CATEGORIES:Lecture")
  }

  // MARK: bookings

  /// Rooms booked day after day over the whole range: as many rooms as keep about five
  /// bookings per room and day, sequential non-overlapping slots between 07:00 and 21:00; one
  /// booking in a hundred is a weekly series of 4–12 weeks.
  mutating func writeBookings() throws {
    let days = endDay - firstDay
    let perDay = Double(options.events) / Double(max(1, days))
    let rooms = max(1, Int(perDay / 5))
    let perRoom = perDay / Double(rooms)
    let whole = Int(perRoom)
    let fractionPermille = Int((perRoom - Double(whole)) * 1000)
    var written = 0
    var day = firstDay
    while written < options.events {
      if day >= endDay { day = firstDay }
      for room in 1...rooms where written < options.events {
        let count = whole + (rng.chance(permille: fractionPermille) ? 1 : 0)
        var minute = 7 * 60 + rng.pick(Self.startMinutes)
        for _ in 0..<count where written < options.events && minute < 20 * 60 {
          let length = rng.pick([30, 60, 60, 90, 120, 120, 180])
          writeBooking(room: room, day: day, minute: minute, length: length)
          written += 1
          minute += length + rng.pick([0, 0, 15, 30, 60])
        }
      }
      day += 1
      try w.flushIfNeeded()
    }
  }

  private mutating func writeBooking(room: Int, day: Int, minute: Int, length: Int) {
    beginEvent()
    writeDateTime("DTSTART", zone: .berlin, day: day, minute: minute)
    writeDateTime("DTEND", zone: .berlin, day: day, minute: minute + length)
    if rng.chance(permille: 10) {
      w.append("RRULE:FREQ=WEEKLY;COUNT=")
      w.append(number: rng.within(4...12))
      w.endLine()
      stats.recurringMasters += 1
    }
    w.append("SUMMARY:")
    w.appendEscaped(rng.pick(vocab.summaries))
    w.endLine()
    w.append("LOCATION:Room ")
    w.append(number: room)
    w.endLine()
    let person = rng.pick(vocab.people)
    w.append("ORGANIZER;CN=\"")
    w.append(person.name)
    w.append("\":mailto:")
    w.append(person.email)
    w.endLine()
    if rng.chance(permille: 300) { w.line("STATUS:CONFIRMED") }
    endEvent()
    stats.timedZoned += 1
  }
}
