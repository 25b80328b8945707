import LaneLayout

/// Writes a deterministic feed that mixes every shape the month pre-filter must get right: timed
/// events in UTC and in VTIMEZONE zones, floating times, all-day and multi-week spans, events
/// across midnight, DURATION, weekly/daily/monthly/yearly rules with COUNT, UNTIL, BYDAY and
/// EXDATE, RDATE, overrides (some before their master, some THISANDFUTURE, some cancelled),
/// duplicated UIDs, cancelled events and values libical rejects.
struct MixedFeedWriter {
  let firstYear: Int
  let years: Int
  private var random: SeededRandom
  private var lines: [String] = []
  private var serial = 0

  init(seed: UInt64, firstYear: Int = 2019, years: Int = 3) {
    random = SeededRandom(state: seed)
    self.firstYear = firstYear
    self.years = years
  }

  /// The feed's text with `events` generated events (plus a few fixed hard cases).
  mutating func text(events: Int) -> String {
    lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//prefilter test//EN",
      "X-WR-CALNAME:Mixed", "X-WR-TIMEZONE:Europe/Berlin",
    ]
    lines += MixedFeedWriter.zones
    for _ in 0..<events { writeRandomEvent() }
    writeHardCases()
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  private static let zones = [
    "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200", "DTSTART:19810329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
    "DTSTART:19961027T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VTIMEZONE", "TZID:Pacific/Auckland", "BEGIN:STANDARD", "TZOFFSETFROM:+1300",
    "TZOFFSETTO:+1200", "DTSTART:20070401T030000", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
    "END:STANDARD", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+1200", "TZOFFSETTO:+1300",
    "DTSTART:20070930T020000", "RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU", "END:DAYLIGHT",
    "END:VTIMEZONE",
  ]

  private mutating func uid() -> String {
    serial += 1
    return "mixed-\(serial)@test.icslanes.invalid"
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  private func date(_ ordinal: Int) -> String {
    // Days since 2000-01-01 (10,957 days after 1970-01-01) → YYYYMMDD.
    let (year, month, day) = Day(ordinal: ordinal + 10_957).components
    return MixedFeedWriter.pad(year, 4) + MixedFeedWriter.pad(month) + MixedFeedWriter.pad(day)
  }

  private func time(_ minutes: Int) -> String {
    "T" + MixedFeedWriter.pad(minutes / 60 % 24) + MixedFeedWriter.pad(minutes % 60) + "00"
  }

  /// A day ordinal (since 2000-01-01) inside the feed's years.
  private mutating func someDay() -> Int {
    (firstYear - 2000) * 365 + (firstYear - 2000 + 3) / 4 + random.next(years * 365)
  }

  private mutating func writeRandomEvent() {
    let day = someDay()
    let id = uid()
    var body = ["SUMMARY:Event \(serial)"]
    switch random.next(10) {
    case 0, 1:
      // Timed in UTC, some across midnight.
      let start = random.next(24 * 4) * 15
      let length = [30, 90, 240, 600][random.next(4)]
      body += [
        "DTSTART:\(date(day))\(time(start))Z",
        "DTEND:\(date(day + (start + length) / 1_440))\(time((start + length) % 1_440))Z",
      ]
    case 2, 3:
      // Timed in a VTIMEZONE zone or floating, some with DURATION.
      let zone = ["TZID=Europe/Berlin", "TZID=Pacific/Auckland", nil][random.next(3)]
      let property = zone.map { "DTSTART;\($0)" } ?? "DTSTART"
      let start = random.next(24) * 60
      body.append("\(property):\(date(day))\(time(start))")
      if random.next(2) == 0 {
        body.append("DURATION:PT\(1 + random.next(30))H")
      } else {
        let end = zone.map { "DTEND;\($0)" } ?? "DTEND"
        body.append("\(end):\(date(day + 1))\(time(start))")
      }
    case 4, 5:
      // All-day, one day to three weeks.
      let length = [1, 1, 2, 5, 21][random.next(5)]
      body += ["DTSTART;VALUE=DATE:\(date(day))", "DTEND;VALUE=DATE:\(date(day + length))"]
    case 6, 7:
      writeSeries(day: day, id: id)
      return
    case 8:
      // Daily, monthly on a late day, yearly.
      let rule = [
        "FREQ=DAILY;COUNT=\(2 + random.next(20))",
        "FREQ=MONTHLY;COUNT=\(2 + random.next(6))", "FREQ=YEARLY;COUNT=3",
        "FREQ=DAILY;INTERVAL=3;UNTIL=\(date(day + 40))T000000Z",
        "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4",
      ][random.next(5)]
      body += ["DTSTART;VALUE=DATE:\(date(day))", "RRULE:\(rule)"]
    default:
      // Cancelled, or an RDATE series.
      if random.next(2) == 0 {
        body += ["DTSTART;VALUE=DATE:\(date(day))", "STATUS:CANCELLED"]
      } else {
        body += [
          "DTSTART:\(date(day))T090000Z", "DTEND:\(date(day))T100000Z",
          "RDATE:\(date(day + 200))T090000Z,\(date(day + 400))T090000Z",
        ]
      }
    }
    write(id: id, body)
  }

  /// A weekly series with overrides; some overrides come before the master.
  private mutating func writeSeries(day: Int, id: String) {
    let count = 3 + random.next(12)
    let zone = random.next(2) == 0 ? ";TZID=Europe/Berlin" : ""
    let startTime = (8 + random.next(10)) * 60
    let long = random.next(6) == 0
    var master = ["SUMMARY:Series \(serial)", "DTSTART\(zone):\(date(day))\(time(startTime))"]
    master.append(
      long
        ? "DTEND\(zone):\(date(day + 9))\(time(startTime))"
        : "DTEND\(zone):\(date(day))\(time(startTime + 60))")
    switch random.next(3) {
    case 0: master.append("RRULE:FREQ=WEEKLY;COUNT=\(count)")
    case 1: master.append("RRULE:FREQ=WEEKLY;UNTIL=\(date(day + 7 * count))T235959Z")
    default: master.append("RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=\(count);BYDAY=MO,TH")
    }
    if random.next(2) == 0 {
      master.append("EXDATE\(zone):\(date(day + 7))\(time(startTime))")
    }
    var overrides: [[String]] = []
    for _ in 0..<random.next(3) {
      let week = 1 + random.next(count)
      let moved = day + 7 * week + [0, 1, -2, 30][random.next(4)]
      var body = [
        "SUMMARY:Moved \(serial)", "RECURRENCE-ID\(zone):\(date(day + 7 * week))\(time(startTime))",
        "DTSTART\(zone):\(date(moved))\(time(startTime + 30))",
        "DTEND\(zone):\(date(moved))\(time(startTime + 90))",
      ]
      if random.next(8) == 0 { body.append("STATUS:CANCELLED") }
      if random.next(10) == 0 {
        body[1] =
          "RECURRENCE-ID\(zone);RANGE=THISANDFUTURE:\(date(day + 7 * week))\(time(startTime))"
      }
      overrides.append(body)
    }
    let overridesFirst = random.next(3) == 0
    if overridesFirst { for body in overrides { write(id: id, body) } }
    write(id: id, master)
    if !overridesFirst { for body in overrides { write(id: id, body) } }
  }

  /// Cases that only a conservative filter gets right.
  private mutating func writeHardCases() {
    let base = (firstYear - 2000) * 365 + 400
    // The same UID twice, far apart: the later SEQUENCE wins wherever the window is.
    write(
      id: "duplicate@test.icslanes.invalid",
      ["SUMMARY:Old copy", "SEQUENCE:1", "DTSTART;VALUE=DATE:\(date(base))"])
    write(
      id: "duplicate@test.icslanes.invalid",
      ["SUMMARY:New copy", "SEQUENCE:2", "DTSTART;VALUE=DATE:\(date(base + 300))"])
    // A THISANDFUTURE override that moves a long-finished series a year on.
    write(
      id: "moved-series@test.icslanes.invalid",
      ["SUMMARY:Moved series", "DTSTART:\(date(base))T100000Z", "RRULE:FREQ=WEEKLY;COUNT=10"])
    write(
      id: "moved-series@test.icslanes.invalid",
      [
        "SUMMARY:Moved series (later)",
        "RECURRENCE-ID;RANGE=THISANDFUTURE:\(date(base + 35))T100000Z",
        "DTSTART:\(date(base + 400))T100000Z",
      ])
    // A DTEND libical rejects: listed as skipped, with or without the filter.
    write(
      id: "broken-end@test.icslanes.invalid",
      [
        "SUMMARY:Broken end", "DTSTART:\(date(base + 10))T100000Z",
        "DTEND:\(date(base + 10))T1100000Z",
      ])
    // A non-recurring master whose override lies elsewhere.
    write(
      id: "single-master@test.icslanes.invalid",
      ["SUMMARY:Single", "DTSTART;VALUE=DATE:\(date(base + 100))"])
    write(
      id: "single-master@test.icslanes.invalid",
      [
        "SUMMARY:Single moved", "RECURRENCE-ID;VALUE=DATE:\(date(base + 500))",
        "DTSTART;VALUE=DATE:\(date(base + 501))",
      ])
  }

  private mutating func write(id: String, _ body: [String]) {
    lines.append("BEGIN:VEVENT")
    lines.append("UID:\(id)")
    lines.append("DTSTAMP:20240101T000000Z")
    lines += body
    if random.next(4) == 0 {
      // A long folded UTF-8 description.
      let text = String(repeating: "Réunion — 会議 — notes; ", count: 6)
      var line = "DESCRIPTION:\(text)"
      while line.utf8.count > 70 {
        let head = String(line.prefix(60))
        lines.append(head)
        line = " " + line.dropFirst(60)
      }
      lines.append(line)
    }
    lines.append("END:VEVENT")
  }
}
