import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// Recurrence the way real feeds write it, on the case feeds of `Samples/cases`, through real
/// libical. Each test names the rule of RFC 5545 it holds icslanes to.
struct RecurrenceCaseTests {
  @Test func untilAsDateKeepsTheLastDayOfATimedSeries() throws {
    // 3.3.10: UNTIL bounds the set inclusively; a DATE UNTIL means the whole of that day.
    let starts = try CaseSupport.starts(
      "rrule-until-date-vs-datetime.ics", uid: "timed-start-date-until@samples.icslanes",
      month: "2024-03", zone: "Europe/Berlin")
    #expect(starts.count == 5)
    #expect(starts.last == "2024-03-08T19:00:00+01:00")
  }

  @Test func untilAsDateTimeOnAnAllDaySeriesCutsAtItsDate() throws {
    let utcMidnight = try CaseSupport.starts(
      "rrule-until-date-vs-datetime.ics", uid: "allday-start-datetime-until@samples.icslanes",
      month: "2024-03", zone: "Pacific/Auckland")
    #expect(utcMidnight == ["2024-03-11", "2024-03-12", "2024-03-13", "2024-03-14", "2024-03-15"])
    // All-day dates never pass through a zone: the same in every display zone.
    for zone in CaseSupport.zones {
      let localMidnight = try CaseSupport.starts(
        "rrule-until-date-vs-datetime.ics",
        uid: "allday-start-local-midnight-until@samples.icslanes", month: "2024-03", zone: zone)
      #expect(localMidnight == ["2024-03-18", "2024-03-19", "2024-03-20", "2024-03-21"])
    }
  }

  @Test func untilEqualToTheLastStartAndAcrossADSTChange() throws {
    let exact = try CaseSupport.starts(
      "rrule-until-date-vs-datetime.ics", uid: "until-equals-last-start@samples.icslanes",
      month: "2024-03")
    #expect(exact.last == "2024-03-08T01:00:00+00:00" && exact.count == 4)
    let acrossDST = try CaseSupport.starts(
      "rrule-until-date-vs-datetime.ics", uid: "until-across-dst@samples.icslanes",
      month: "2024-03")
    #expect(
      acrossDST == [
        "2024-03-08T14:00:00+00:00", "2024-03-09T14:00:00+00:00", "2024-03-10T13:00:00+00:00",
        "2024-03-11T13:00:00+00:00",
      ])
  }

  @Test func dtstartCountsAsTheFirstInstanceOfACount() throws {
    // 3.3.10: "The DTSTART property value always counts as the first occurrence."
    let course = try CaseSupport.starts(
      "rrule-dtstart-not-matching.ics", uid: "tuesday-start-thursday-rule@samples.icslanes",
      month: "2024-04", zone: "Europe/Berlin")
    #expect(
      course == [
        "2024-04-02T10:00:00+02:00", "2024-04-04T10:00:00+02:00", "2024-04-11T10:00:00+02:00",
      ])
    let checkIn = try CaseSupport.starts(
      "rrule-dtstart-not-matching.ics", uid: "off-hour-start@samples.icslanes", month: "2024-04",
      zone: "Europe/Berlin")
    #expect(checkIn == ["2024-04-15T10:30:00+02:00", "2024-04-16T09:00:00+02:00"])
    let newsletter = try CaseSupport.starts(
      "rrule-dtstart-not-matching.ics", uid: "allday-start-not-last-friday@samples.icslanes",
      month: "2024-04")
    #expect(newsletter == ["2024-04-10", "2024-04-26"])
  }

  @Test func yearlyMonthDaysFallInEveryMonth() throws {
    // 3.3.10: BYMONTHDAY expands a YEARLY rule; without BYMONTH it names days of every month
    // (libical 3.0.16 kept them to DTSTART's month: only 15 January, only September's 13th).
    let file = "rrule-yearly-monthdays.ics"
    let fifteenth = "yearly-fifteenth@samples.icslanes"
    #expect(try CaseSupport.starts(file, uid: fifteenth, month: "2024-09") == ["2024-09-15"])
    // COUNT=14 from 15 January 2024 ends on 15 February 2025.
    #expect(try CaseSupport.starts(file, uid: fifteenth, month: "2025-02") == ["2025-02-15"])
    #expect(try CaseSupport.starts(file, uid: fifteenth, month: "2025-06") == [])
    let friday = "friday-thirteenth@samples.icslanes"
    #expect(
      try CaseSupport.starts(file, uid: friday, month: "2024-12", zone: "Europe/Berlin") == [
        "2024-12-13T18:00:00+01:00"
      ])
    #expect(try CaseSupport.starts(file, uid: friday, month: "2025-02") == [])
    #expect(
      try CaseSupport.starts(file, uid: friday, month: "2025-06", zone: "Europe/Berlin") == [
        "2025-06-13T18:00:00+02:00"
      ])
    let yearEnd = "last-day-of-the-year@samples.icslanes"
    #expect(try CaseSupport.starts(file, uid: yearEnd, month: "2024-12") == ["2024-12-31"])
    #expect(try CaseSupport.starts(file, uid: yearEnd, month: "2025-06") == [])
    let monthEnd = "every-31st-other-year@samples.icslanes"
    #expect(
      try CaseSupport.starts(file, uid: monthEnd, month: "2024-12") == [
        "2024-12-31T14:00:00+00:00"
      ])
    #expect(try CaseSupport.starts(file, uid: monthEnd, month: "2025-06") == [])
  }

  @Test func weekOneOfANewYearStartingInDecember() throws {
    // BYWEEKNO=1 of 2026 begins Monday 2025-12-29; libical's set_start would add a bogus 30th.
    let starts = try CaseSupport.starts(
      "rrule-byweekno-byyearday.ics", uid: "week-one-monday@samples.icslanes", month: "2025-12")
    #expect(starts == ["2025-12-29T09:00:00+00:00"])
    let year2025 = try CaseSupport.starts(
      "rrule-byweekno-byyearday.ics", uid: "week-one-monday@samples.icslanes", month: "2024-12")
    #expect(year2025 == ["2024-12-30T09:00:00+00:00"])
  }

  /// 3.3.10: weeks start on WKST and week 1 is the first with four days of the year; a negative
  /// week counts from the year's last. libical 3.0.16 gets each of these wrong.
  @Test(arguments: [
    // Weeks from Saturday: week −2 of 2024 is 21–27 December (libical: 14–15).
    ("wkst-saturday", "2024-12", ["2024-12-21T09:00:00+00:00", "2024-12-22T09:00:00+00:00"]),
    // Week 53 only in 2020 and 2026 (libical: 29 December 2025 too).
    ("week-fifty-three", "2025-12", []),
    ("week-fifty-three", "2026-12", ["2026-12-28"]),
    // Saturday 30 December 2023 is in week 52 (libical dropped it).
    ("week-fifty-two-saturday", "2023-12", ["2023-12-25", "2023-12-30"]),
    // Week −53 is week 1 of a 53-week year: Thursday 2 January 2020, 1 January 2026.
    ("week-minus-fifty-three", "2020-01", ["2020-01-02T12:00:00+00:00"]),
    ("week-minus-fifty-three", "2026-01", ["2026-01-01T12:00:00+00:00"]),
    // Without BYDAY, DTSTART's weekday (Thursday) of week 20 (libical: rejected the rule).
    ("week-twenty-no-byday", "2025-05", ["2025-05-15T09:00:00+00:00"]),
    // Every other week-numbering year from 2024: week 1 of 2026 starts 29 December 2025.
    ("every-other-week-one", "2024-12", []),
    ("every-other-week-one", "2025-12", ["2025-12-29"]),
    // COUNT=3 from Monday 30 December 2019 (week 1 of 2020): that Friday, then 4 January 2021.
    ("week-one-count", "2020-01", ["2020-01-03"]),
    ("week-one-count", "2021-01", ["2021-01-04"]),
  ])
  func weekNumbersAsRFC5545CountsThem(uid: String, month: String, expected: [String]) throws {
    let starts = try CaseSupport.starts(
      "rrule-byweekno-edges.ics", uid: "\(uid)@samples.icslanes", month: month)
    #expect(starts == expected)
  }

  @Test func rdateDatesDateTimesAndPeriods() throws {
    let file = "rdate-values.ics"
    #expect(
      try CaseSupport.starts(file, uid: "rdate-dates@samples.icslanes", month: "2024-05") == [
        "2024-05-02", "2024-05-09", "2024-05-16", "2024-05-30",
      ])
    #expect(
      try CaseSupport.starts(
        file, uid: "rdate-datetimes@samples.icslanes", month: "2024-05", zone: "Europe/Berlin")
        == [
          "2024-05-06T14:00:00+02:00", "2024-05-08T10:00:00+02:00", "2024-05-13T14:00:00+02:00",
          "2024-05-20T14:00:00+02:00",
        ])
    // 3.8.5.2: a PERIOD keeps its own length.
    let periods = try CaseSupport.occurrences(
      file, uid: "rdate-periods@samples.icslanes", month: "2024-05")
    #expect(
      periods.map { "\($0.start)/\($0.end)" } == [
        "2024-05-06T16:00:00+00:00/2024-05-06T17:00:00+00:00",
        "2024-05-10T16:00:00+00:00/2024-05-10T20:00:00+00:00",
        "2024-05-14T16:00:00+00:00/2024-05-14T16:30:00+00:00",
        "2024-05-23T06:00:00+00:00/2024-05-23T08:00:00+00:00",
      ])
    // 3.8.5.3: an RDATE equal to a rule instance is one occurrence.
    #expect(
      try CaseSupport.starts(
        file, uid: "rdate-with-rrule-overlap@samples.icslanes", month: "2024-05",
        zone: "Europe/Berlin") == [
          "2024-05-01T08:00:00+02:00", "2024-05-08T08:00:00+02:00", "2024-05-15T08:00:00+02:00",
          "2024-05-25T08:00:00+02:00",
        ])
  }

  @Test func exdateListsZonesAndDates() throws {
    let file = "exdate-values.ics"
    let berlin = "Europe/Berlin"
    #expect(
      try CaseSupport.starts(
        file, uid: "exdate-comma-list@samples.icslanes", month: "2024-06", zone: berlin) == [
          "2024-06-03T09:00:00+02:00", "2024-06-05T09:00:00+02:00", "2024-06-07T09:00:00+02:00",
          "2024-06-09T09:00:00+02:00",
        ])
    // Matched by instant: EXDATEs in UTC and New York time remove Berlin instances.
    #expect(
      try CaseSupport.starts(
        file, uid: "exdate-other-zone@samples.icslanes", month: "2024-06", zone: berlin) == [
          "2024-06-10T18:30:00+02:00"
        ])
    #expect(
      try CaseSupport.starts(
        file, uid: "exdate-other-zone@samples.icslanes", month: "2024-07", zone: berlin) == [
          "2024-07-01T18:30:00+02:00"
        ])
    // A DATE excludes the timed instance on that date (in DTSTART's zone).
    #expect(
      try CaseSupport.starts(
        file, uid: "exdate-date-on-timed@samples.icslanes", month: "2024-06", zone: berlin) == [
          "2024-06-11T20:00:00+02:00", "2024-06-25T20:00:00+02:00",
        ])
    #expect(
      try CaseSupport.starts(file, uid: "exdate-matches-nothing@samples.icslanes", month: "2024-06")
        == ["2024-06-12", "2024-06-19"])
  }

  @Test func overrideMovedOutOfTheWindowStillSuppressesItsInstance() throws {
    let file = "recurrence-id-overrides.ics"
    let uid = "moved-out-of-month@samples.icslanes"
    let may = try CaseSupport.starts(file, uid: uid, month: "2024-05", zone: "Europe/Berlin")
    #expect(
      may == [
        "2024-05-06T10:00:00+02:00", "2024-05-20T10:00:00+02:00", "2024-05-27T10:00:00+02:00",
      ])
    let june = try CaseSupport.occurrences(file, uid: uid, month: "2024-06", zone: "Europe/Berlin")
    #expect(june.map(\.start.description) == ["2024-06-20T10:00:00+02:00"])
    #expect(june.first?.recurrenceId == "2024-05-13T10:00:00+02:00")
    #expect(june.first?.end == "2024-06-20T11:30:00+02:00")
  }

  @Test func overrideShowsAtItsOwnStartWhenTheOriginalIsOutside() throws {
    let file = "recurrence-id-overrides.ics"
    let uid = "moved-into-month@samples.icslanes"
    let zone = "America/Los_Angeles"
    let may = try CaseSupport.occurrences(file, uid: uid, month: "2024-05", zone: zone)
    #expect(
      may.map(\.start.description) == ["2024-05-30T15:00:00-07:00", "2024-05-31T15:00:00-07:00"])
    #expect(may.first?.recurrenceId == "2024-06-07T15:00:00-07:00")
    let june = try CaseSupport.starts(file, uid: uid, month: "2024-06", zone: zone)
    #expect(june == ["2024-06-14T15:00:00-07:00"])
  }

  @Test func cancelledOverrideAndUTCRecurrenceId() throws {
    let file = "recurrence-id-overrides.ics"
    #expect(
      try CaseSupport.starts(file, uid: "cancelled-instance@samples.icslanes", month: "2024-05")
        == ["2024-05-15", "2024-05-29"])
    #expect(
      try CaseSupport.starts(
        file, uid: "override-in-utc@samples.icslanes", month: "2024-05", zone: "Asia/Tokyo") == [
          "2024-05-27T09:00:00+09:00", "2024-05-28T11:00:00+09:00", "2024-05-29T09:00:00+09:00",
        ])
  }

  @Test func thisAndFutureAppliesToEveryLaterInstance() throws {
    let file = "recurrence-thisandfuture.ics"
    let uid = "thisandfuture@samples.icslanes"
    let june = try CaseSupport.occurrences(file, uid: uid, month: "2024-06", zone: "Europe/Berlin")
    let july = try CaseSupport.occurrences(file, uid: uid, month: "2024-07", zone: "Europe/Berlin")
    #expect(
      (june + july).map(\.start.description) == [
        "2024-06-05T10:00:00+02:00", "2024-06-12T10:00:00+02:00", "2024-06-19T14:00:00+02:00",
        "2024-06-26T14:00:00+02:00", "2024-07-03T14:00:00+02:00", "2024-07-10T14:00:00+02:00",
      ])
    let later = (june + july).dropFirst(2)
    #expect(later.allSatisfy { $0.title == "Design review (afternoons from now on)" })
    #expect(later.allSatisfy { $0.end.description.dropFirst(11).hasPrefix("15:30") })
    // Each keeps its own RECURRENCE-ID (the instance's original start).
    #expect(later.last?.recurrenceId == "2024-07-10T10:00:00+02:00")
    #expect(june.first?.title == "Design review")
  }

  @Test func occurrencesStartedBeforeTheWindowAreFound() throws {
    let file = "long-occurrence-into-month.ics"
    for month in ["2024-02", "2025-02"] {
      let exhibition = try CaseSupport.occurrences(
        file, uid: "forty-days-yearly@samples.icslanes", month: month)
      #expect(exhibition.count == 1)
      #expect(exhibition.first?.continuesBefore == true)
    }
    let rotation = try CaseSupport.starts(
      file, uid: "five-weeks-monthly@samples.icslanes", month: "2024-12", zone: "Europe/Berlin")
    #expect(rotation == ["2024-11-10T09:00:00+01:00", "2024-12-10T09:00:00+01:00"])
    let trip = try CaseSupport.occurrences(
      file, uid: "year-end-trip@samples.icslanes", month: "2025-01")
    #expect(trip.map(\.start.description) == ["2024-12-21T02:00:00+00:00"])
    #expect(trip.first?.end == "2025-01-09T18:00:00+00:00")
    // An RDATE PERIOD far longer than DTSTART's own length, begun in December.
    let period = try CaseSupport.occurrences(
      file, uid: "rdate-long-period@samples.icslanes", month: "2025-01")
    #expect(period.map(\.start.description) == ["2024-12-28T09:00:00+00:00"])
    #expect(period.first?.end == "2025-01-04T09:00:00+00:00")
  }

  @Test func identicalDuplicatesShowOnce() throws {
    let file = "duplicate-vevents.ics"
    #expect(
      try CaseSupport.starts(file, uid: "dup-single@samples.icslanes", month: "2024-07").count == 1)
    #expect(
      try CaseSupport.starts(file, uid: "dup-series@samples.icslanes", month: "2024-07") == [
        "2024-07-01", "2024-07-08", "2024-07-16", "2024-07-22",
      ])
    let feed = try Feed(contentsOf: CaseSupport.path(file))
    #expect(feed.eventsDuplicate == 3)
  }

  @Test func expansionJumpsToTheWindow() throws {
    // A daily rule running since 1970 without an end: with 200 iterator steps allowed, only a
    // jump to the window can reach August 2024.
    let text = TestSupport.feed([
      "UID:forever\r\nDTSTART;TZID=Europe/Berlin:19700101T090000\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Daily"
    ])
    let feed = try Feed(text: text, options: ImportOptions(maximumRecurrenceSteps: 200))
    let batch = feed.spans(
      from: try #require(Day(iso: "2024-08-01")), through: try #require(Day(iso: "2024-08-31")),
      in: try TestSupport.requireZone("Europe/Berlin"))
    #expect(batch.spans.count == 31)
    #expect(batch.warnings.isEmpty)
    #expect(batch.spans.first?.start == "2024-08-01T09:00:00+02:00")
  }

  @Test func legacyShapesSeveralRRulesPeriodAtStartAndOverrideWithRule() throws {
    let file = "recurrence-legacy-shapes.ics"
    // Two RRULEs: the union of Mondays and the first Thursday (RFC 2445; 5545 says SHOULD NOT).
    #expect(
      try CaseSupport.starts(
        file, uid: "two-rrules@samples.icslanes", month: "2024-09", zone: "America/Los_Angeles")
        == [
          "2024-09-02T11:00:00-07:00", "2024-09-05T11:00:00-07:00", "2024-09-09T11:00:00-07:00",
          "2024-09-16T11:00:00-07:00", "2024-09-23T11:00:00-07:00", "2024-09-30T11:00:00-07:00",
        ])
    #expect(try CaseSupport.warnings(file).isEmpty)
    // An RDATE PERIOD starting at DTSTART is the same instance, with the PERIOD's end.
    let periods = try CaseSupport.occurrences(
      file, uid: "period-at-dtstart@samples.icslanes", month: "2024-09")
    #expect(
      periods.map { "\($0.start)/\($0.end)" } == [
        "2024-09-10T02:00:00+00:00/2024-09-10T04:00:00+00:00",
        "2024-09-11T01:00:00+00:00/2024-09-11T04:00:00+00:00",
      ])
    // An override is one instance even when it carries an RRULE.
    let september = try CaseSupport.occurrences(
      file, uid: "override-with-rrule@samples.icslanes", month: "2024-09")
    #expect(september.map(\.start.description) == ["2024-09-01"])
    #expect(september.first?.recurrenceId == "2024-10-01")
    #expect(
      try CaseSupport.starts(file, uid: "override-with-rrule@samples.icslanes", month: "2024-10")
        .isEmpty)
  }

  /// A RECURRENCE-ID on a day the calendar does not have is carried into the next month, a
  /// date as libical carries a date-time (both used to differ: the date's text was empty).
  @Test func recurrenceIdsOnDaysThatDoNotExistCarryOver() throws {
    let text = TestSupport.feed([
      "UID:a\r\nRECURRENCE-ID;VALUE=DATE:20240231\r\nDTSTART;VALUE=DATE:20240810\r\nSUMMARY:Day",
      "UID:b\r\nRECURRENCE-ID:20240231T100000Z\r\nDTSTART:20240812T100000Z\r\nSUMMARY:Time",
    ])
    let layout = try TestSupport.layOut(text, month: "2024-08", zone: "UTC")
    let ids = TestSupport.occurrences(layout).map { $0.recurrenceId?.description }
    #expect(ids == ["2024-03-02", "2024-03-02T10:00:00+00:00"])
  }
}
