extension FeedBuilder {
  // MARK: office

  /// One logical event of the office profile (a company's shared calendar): 40% recurring
  /// meetings of every common shape, the rest single meetings and all-day events. Returns the
  /// VEVENT components written.
  ///
  /// The series: weekday standups `FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR` (15%), weekly meetings on
  /// one or two days, some every other week (30%), monthly ones on a positioned weekday
  /// (`2TU`, `-1FR`), a day of the month (`15`, `-1`), the last workday
  /// (`BYDAY=MO,…,FR;BYSETPOS=-1`) or two positioned weekdays (25%), yearly all-day birthdays
  /// and anniversaries (plain, `BYMONTH;BYMONTHDAY` or `BYMONTH;BYDAY=4TH`, 15%), and dates
  /// listed by RDATE (date-times and PERIODs, 15%). They end by COUNT (45%), by UNTIL (45%) or
  /// never (10%); a quarter of the daily and weekly ones have EXDATEs and moved instances.
  mutating func writeOfficeEvent(remaining: Int) -> Int {
    let r = rng.below(100)
    if r < 40 { return writeOfficeSeries(maxComponents: remaining) }
    if r < 45 {
      writeAllDay(startDay: randomDay(), length: rng.pick([1, 1, 1, 2, 3, 5]))
    } else {
      writeTimed(day: weekdayOnOrAfter(randomDay()))
    }
    return 1
  }

  /// `day`, or the Monday after it when it falls on a weekend.
  private func weekdayOnOrAfter(_ day: Int) -> Int {
    switch Civil.weekday(day) {
    case 6: return day + 2
    case 0: return day + 1
    default: return day
    }
  }

  private enum OfficeShape {
    case standup, weekly, monthly, yearly, listed
  }

  private mutating func writeOfficeSeries(maxComponents: Int) -> Int {
    let r = rng.below(100)
    let shape: OfficeShape =
      r < 15 ? .standup : r < 45 ? .weekly : r < 70 ? .monthly : r < 85 ? .yearly : .listed
    let allDay = shape == .yearly
    let zone = allDay ? Zone.utc : pickZone()
    // Mostly on a weekday; 1 in 20 starts on whatever day was drawn (a DTSTART off its rule).
    let drawn = randomDay()
    let startDay = rng.chance(permille: 50) ? drawn : weekdayOnOrAfter(drawn)
    let start = allDay ? 0 : rng.within(8...17) * 60 + rng.pick([0, 0, 30])
    let duration = shape == .standup ? 15 : rng.pick([30, 30, 60, 60, 90])
    let uidBits = rng.next()
    let uidIndex = nextUID()
    beginEvent(uidIndex: uidIndex, uidBits: uidBits)
    writeMasterTimes(allDay: allDay, zone: zone, day: startDay, start: start, duration: duration)
    var weekStep = 0
    switch shape {
    case .standup:
      w.append("RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR")
      writeEnd(count: 20...600, untilDays: 30...730, from: startDay, allDay: allDay)
      weekStep = 7
    case .weekly:
      let interval = rng.chance(permille: 200) ? 2 : 1
      w.append("RRULE:FREQ=WEEKLY")
      if interval > 1 { w.append(";INTERVAL=2") }
      w.append(";BYDAY=")
      w.append(Self.weekdayCodes[Civil.weekday(startDay)])
      if rng.chance(permille: 250) {
        w.append(",")
        w.append(Self.weekdayCodes[(Civil.weekday(startDay) + 2) % 7])
      }
      writeEnd(count: 10...150, untilDays: 60...730, from: startDay, allDay: allDay)
      weekStep = 7 * interval
    case .monthly:
      w.append("RRULE:FREQ=MONTHLY")
      let kind = rng.below(10)
      if kind < 5 {
        w.append(";BYDAY=")
        w.append(number: rng.pick([1, 2, 3, 4]))
        w.append(Self.weekdayCodes[1 + rng.below(5)])
      } else if kind < 6 {
        w.append(";BYDAY=-1")
        w.append(Self.weekdayCodes[1 + rng.below(5)])
      } else if kind < 8 {
        w.append(";BYMONTHDAY=")
        w.append(rng.pick(["1", "15", "-1", "10", "28"] as [StaticString]))
      } else if kind < 9 {
        w.append(";BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
      } else {
        w.append(";BYDAY=1TU,3TU")
      }
      writeEnd(count: 3...120, untilDays: 90...1_500, from: startDay, allDay: allDay)
    case .yearly:
      let (_, month, day) = Civil.date(fromDayNumber: startDay)
      let kind = rng.below(10)
      w.append("RRULE:FREQ=YEARLY")
      if kind < 4 {
        w.append(";BYMONTH=")
        w.append(number: month)
        w.append(";BYMONTHDAY=")
        w.append(number: day)
      } else if kind < 5 {
        w.append(";BYMONTH=")
        w.append(number: month)
        w.append(";BYDAY=4TH")
      }
      if rng.chance(permille: 300) {
        w.append(";COUNT=")
        w.append(number: rng.within(5...100))
      }
      w.endLine()
    case .listed:
      // A course's sessions listed one by one: DTSTART and RDATEs a week or two apart.
      var day = startDay
      var dates: [Int] = []
      for _ in 0..<rng.within(3...10) {
        day += rng.pick([7, 7, 14])
        dates.append(day)
      }
      let periods = rng.chance(permille: 250)
      if periods {
        w.append(zone == .utc ? "RDATE;VALUE=PERIOD:" : "RDATE;VALUE=PERIOD;TZID=")
      } else {
        w.append(zone == .utc ? "RDATE:" : "RDATE;TZID=")
      }
      if zone != .utc {
        w.append(zone.tzid)
        w.append(":")
      }
      for (index, date) in dates.enumerated() {
        if index > 0 { w.append(",") }
        w.append(dateTime: date, minute: start)
        if zone == .utc { w.append("Z") }
        if periods { w.append("/PT2H") }
      }
      w.endLine()
    }
    var moved: [Int] = []
    let onWeekday = (1...5).contains(Civil.weekday(startDay))
    if weekStep > 0, onWeekday, rng.chance(permille: 250) {
      // An EXDATE and a moved instance a few steps in (both on the DTSTART's weekday).
      let k = rng.within(1...3)
      let excluded = startDay + weekStep * k
      writeDateTime("EXDATE", zone: zone, day: excluded, minute: start)
      stats.exdates += 1
      if maxComponents > 1 { moved.append(startDay + weekStep * (k + 1)) }
    }
    writeDetails(allDay: allDay)
    endEvent()
    stats.recurringMasters += 1
    for originalDay in moved {
      writeOverride(
        uidIndex: uidIndex, uidBits: uidBits, allDay: allDay, zone: zone,
        originalDay: originalDay, start: start, duration: duration)
    }
    return 1 + moved.count
  }

  /// Ends the RRULE line: `;COUNT=` from `count`, `;UNTIL=` some days from `untilDays` after
  /// `startDay` (a date for all-day series, else the end of that UTC day), or nothing.
  private mutating func writeEnd(
    count: ClosedRange<Int>, untilDays: ClosedRange<Int>, from startDay: Int, allDay: Bool
  ) {
    let r = rng.below(100)
    if r < 45 {
      w.append(";COUNT=")
      w.append(number: rng.within(count))
    } else if r < 90 {
      w.append(";UNTIL=")
      let last = startDay + rng.within(untilDays)
      w.append(date: last)
      if !allDay { w.append("T235959Z") }
    }
    w.endLine()
  }
}
