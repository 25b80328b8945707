import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Series the scan cannot bound (no end, BY parts it does not read, several RRULEs, RDATEs) are
/// passed over for the windows before their first instance: no RRULE instance starts before
/// DTSTART, no RDATE before its own day. They were kept for every window, parsed by libical
/// even for a month years before them. RDATE lines are read whole, folded too, and a series
/// whose last instance the scan knows (its last RDATE, or the end of its one RRULE) is passed
/// over for the windows after it.
@Suite struct SeriesStartFilterTests {
  static let feedText: String = {
    let events = [
      Hostile.event(
        "open-weekly", "DTSTART:20200302T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY"),
      Hostile.event(
        "open-daily-berlin", "DTSTART;TZID=Europe/Berlin:20200615T003000", "DURATION:PT1H",
        "RRULE:FREQ=DAILY;INTERVAL=9"),
      Hostile.event(
        "yearly-all-day", "DTSTART;VALUE=DATE:20201231", "RRULE:FREQ=YEARLY"),
      Hostile.event(
        "last-workday-kiritimati", "DTSTART;TZID=Pacific/Kiritimati:20200401T000000",
        "DURATION:PT2H", "RRULE:FREQ=MONTHLY;COUNT=30;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
      Hostile.event(
        "two-rules-pago", "DTSTART;TZID=Pacific/Pago_Pago:20200910T230000", "DURATION:PT3H",
        "RRULE:FREQ=WEEKLY;COUNT=3", "RRULE:FREQ=MONTHLY;BYMONTHDAY=1"),
      Hostile.event(
        "rdates-before", "DTSTART:20210110T100000Z", "DURATION:PT1H",
        "RDATE:20200115T100000Z,20201215T100000Z"),
      Hostile.event(
        "period-before", "DTSTART;TZID=Europe/Berlin:20210301T100000", "DURATION:PT1H",
        "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20200401T230000/PT3H,20200901T080000/20200903T080000",
        "RRULE:FREQ=WEEKLY;COUNT=2"),
      Hostile.event(
        "date-before", "DTSTART;VALUE=DATE:20210501", "RDATE;VALUE=DATE:20200229,20210601"),
      // The earlier value comes on the folded line, the later one is folded inside its value.
      Hostile.event(
        "folded-rdate", "DTSTART:20210601T080000Z", "DURATION:PT1H",
        "RDATE:20210601T080000Z,\r\n 20200110T080000Z,20210\r\n 615T080000Z"),
      // Folded inside its name: read once unfolded (it was kept for every window before), so
      // it reaches 1 to 4 June 2020 only.
      Hostile.event(
        "folded-name-rdate", "DTSTART:20200601T080000Z", "DURATION:PT1H",
        "RD\r\n ATE:20200603T080000Z,20200604T080000Z"),
      // An RDATE and a bounded RRULE: the later of their ends.
      Hostile.event(
        "rule-and-rdate", "DTSTART:20200106T100000Z", "DURATION:PT1H",
        "RRULE:FREQ=WEEKLY;UNTIL=20200301T000000Z", "RDATE:20200901T100000Z"),
      Hostile.event(
        "exrule", "DTSTART:20200701T120000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY",
        "EXRULE:FREQ=WEEKLY"),
      Hostile.event(
        "year-days", "DTSTART:20200505T070000Z", "DURATION:PT30M",
        "RRULE:FREQ=YEARLY;BYYEARDAY=126,200"),
      Hostile.event(
        "ends-early-rdate", "DTSTART:20200801T060000Z", "DURATION:PT1H",
        "RDATE;VALUE=DATE-TIME:20200802T060000Z", "RDATE:20191231T230000Z"),
    ]
    return Hostile.calendar(events.joined())
  }()

  static let zones = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"]

  @Test(arguments: zones)
  func filteredMonthsMatchTheWholeFeed(zoneName: String) throws {
    #expect(try Feed(text: Self.feedText, name: "series").skipped.isEmpty)
    let first = try #require(YearMonth(year: 2019, month: 10))
    let totals = try FilteredMonths.compare(
      Self.feedText, name: "series", from: first, count: 22, zoneName: zoneName)
    #expect(totals.shown > 50)
  }

  @Test func monthsBeforeTheSeriesPassThemOver() throws {
    let zone = try #require(DisplayZone(named: "UTC"))
    func passedOver(_ year: Int, _ month: Int) throws -> Int {
      let request = MonthRequest(
        first: try #require(YearMonth(year: year, month: month)), zone: zone)
      return try Feed(
        text: Self.feedText, name: "series", options: ImportOptions(window: request.window)
      ).eventsPassedOver
    }
    // October 2019: all but the EXRULE (kept for every window). Each was kept before, as a
    // series the scan does not bound; so were the RDATEs folded inside their values and inside
    // their names, for every window (both are read whole now).
    #expect(try passedOver(2019, 10) == 13)
    // December 2019 (its grid and margin reach 6 January): the RDATE of 31 December and the
    // weekly series of 6 January are near.
    #expect(try passedOver(2019, 12) == 11)
    // February 2020 (its grid ends on 7 March): the folded RDATE of 10 January has come, the
    // RDATE of 15 January, the RDATE of 29 February and the weekly series of 2 March (each
    // kept from there on). The RDATE folded inside its name is not near.
    #expect(try passedOver(2020, 2) == 7)
    // September 2021: the series whose last RDATE (or last rule instance and RDATE) is past
    // are passed over again; the RDATE PERIOD's end is not read, so its series stays. The
    // yearly series of 31 December is passed over too: its instances start in December only.
    // So is the RDATE folded inside its name, long past.
    #expect(try passedOver(2021, 9) == 7)
  }
}
