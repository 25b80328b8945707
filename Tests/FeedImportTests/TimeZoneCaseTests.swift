import FeedImport
import IcsLanes
import LaneLayout
import Testing

/// Where TZIDs resolve from and how local times meet DST changes, on the case feeds of
/// `Samples/cases`, through real libical.
struct TimeZoneCaseTests {
  @Test func feedsOwnVTimezoneMatchingNoSystemZone() throws {
    let file = "tzid-custom-vtimezone.ics"
    #expect(
      try CaseSupport.starts(file, uid: "lemuria-late-call@samples.icslanes", month: "2024-02") == [
        "2024-02-09T19:43:00+00:00"
      ])
    // +05:17, then +06:17 from the first Sunday of April (02:00).
    #expect(
      try CaseSupport.starts(
        file, uid: "lemuria-daily-across-dst@samples.icslanes", month: "2024-04")
        == [
          "2024-04-04T23:43:00+00:00", "2024-04-05T23:43:00+00:00", "2024-04-06T22:43:00+00:00",
          "2024-04-07T22:43:00+00:00",
        ])
  }

  @Test func utcNamesInAnyCase() {
    // ASCII names are upper-cased byte by byte, others by Unicode's rules, as before.
    for name in ["UTC", "utc", "Etc/Utc", "zulu", "etc/universal", "GMT", "z", "Unıversal"] {
      #expect(DisplayZone(named: name)?.name == name, "\(name)")
    }
    for name in ["ｕｔｃ", "UTC ", "U TC", "Etc/UTCX", ""] {
      #expect(DisplayZone(named: name) == nil, "\(name)")
    }
  }

  @Test func systemZoneWinsOverTheFeedsVTimezoneOfTheSameName() throws {
    // Contract rule 6: a name the system knows is read with its database, as clients do, even
    // when the feed's VTIMEZONE of that name has stale rules (-02:00 summer time, abolished).
    #expect(
      try CaseSupport.starts(
        "tzid-system-zone-over-stale-vtimezone.ics", uid: "sao-paulo-stale-rules@samples.icslanes",
        month: "2024-12") == ["2024-12-11T01:30:00+00:00"])
  }

  @Test func emptyVTimezoneFallsBackToTheSystemZone() throws {
    #expect(
      try CaseSupport.starts(
        "tzid-empty-vtimezone.ics", uid: "empty-vtimezone@samples.icslanes", month: "2024-06") == [
          "2024-06-05T08:00:00+00:00", "2024-06-12T08:00:00+00:00",
        ])
  }

  @Test func vTimezoneAfterTheEventsThatUseIt() throws {
    let file = "tzid-vtimezone-after-events.ics"
    #expect(
      try CaseSupport.starts(file, uid: "zone-defined-later@samples.icslanes", month: "2024-06")
        == [
          "2024-06-12T03:43:00+00:00"
        ])
    #expect(
      try CaseSupport.starts(
        file, uid: "weekly-zone-defined-later@samples.icslanes", month: "2024-06") == [
          "2024-06-03T17:43:00+00:00", "2024-06-17T17:43:00+00:00", "2024-06-24T17:43:00+00:00",
        ])
    // X-WR-TIMEZONE naming that VTIMEZONE applies to floating times too.
    #expect(
      try CaseSupport.starts(
        file, uid: "floating-in-late-x-wr-zone@samples.icslanes", month: "2024-06",
        zone: "Asia/Tokyo") == ["2024-06-14T15:43:00+09:00"])
    #expect(try CaseSupport.warnings(file).isEmpty)
    // Strict loading does not fail on a TZID that a later VTIMEZONE defines.
    let strict = try Feed(contentsOf: CaseSupport.path(file), options: ImportOptions(strict: true))
    #expect(strict.warnings.isEmpty)
  }

  @Test func ianaNamesWithoutVTimezone() throws {
    let file = "tzid-iana-without-vtimezone.ics"
    #expect(
      try CaseSupport.starts(file, uid: "kolkata-no-vtimezone@samples.icslanes", month: "2024-08")
        == ["2024-08-12T00:00:00+00:00"])
    #expect(
      try CaseSupport.starts(file, uid: "kathmandu-no-vtimezone@samples.icslanes", month: "2024-08")
        == ["2024-08-15T18:00:00+00:00"])
    #expect(
      try CaseSupport.starts(
        file, uid: "sydney-weekly-no-vtimezone@samples.icslanes", month: "2024-08") == [
          "2024-08-21T22:00:00+00:00", "2024-08-28T22:00:00+00:00",
        ])
  }

  @Test func quotedVendorPrefixedAndWindowsNames() throws {
    #expect(
      try CaseSupport.starts(
        "tzid-quoted.ics", uid: "quoted-tzid@samples.icslanes", month: "2024-09") == [
          "2024-09-03T21:00:00+00:00", "2024-09-12T21:00:00+00:00",
        ])
    #expect(
      try CaseSupport.starts(
        "tzid-vendor-prefix.ics", uid: "mozilla-prefix@samples.icslanes", month: "2024-09") == [
          "2024-09-16T06:30:00+00:00"
        ])
    #expect(
      try CaseSupport.starts(
        "tzid-vendor-prefix.ics", uid: "freeassociation-prefix@samples.icslanes",
        month: "2024-09") == ["2024-09-17T22:30:00+00:00", "2024-09-18T22:30:00+00:00"])
    let windows = "tzid-windows-names.ics"
    #expect(
      try CaseSupport.starts(windows, uid: "outlook-berlin@samples.icslanes", month: "2024-10") == [
        "2024-10-21T07:00:00+00:00", "2024-10-28T08:00:00+00:00",
      ])
    // Across Los Angeles' November change: 16:30 PDT, then 16:30 PST.
    let october = try CaseSupport.starts(
      windows, uid: "outlook-pacific@samples.icslanes", month: "2024-10")
    let november = try CaseSupport.starts(
      windows, uid: "outlook-pacific@samples.icslanes", month: "2024-11")
    #expect(october == ["2024-10-31T23:30:00+00:00"])
    #expect(november.last == "2024-11-08T00:30:00+00:00")
    #expect(try CaseSupport.warnings(windows).isEmpty)
  }

  /// A TZID names the feed's VTIMEZONE only written as its TZID is, code point for code point (as
  /// libical looks it up): one spelled with a decomposed `é` is not the precomposed one's zone,
  /// even after an event has used that one (Swift's `String ==` calls the two equal).
  @Test func tzidThatDiffersOnlyInNormalizationIsAnotherName() throws {
    let composed = "Lemuria/Ch\u{E9}"
    let decomposed = "Lemuria/Che\u{301}"
    let text = """
      BEGIN:VCALENDAR
      BEGIN:VTIMEZONE
      TZID:\(composed)
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0500
      TZOFFSETTO:+0500
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:composed
      DTSTART;TZID=\(composed):20240805T100000
      DURATION:PT1H
      END:VEVENT
      BEGIN:VEVENT
      UID:decomposed
      DTSTART;TZID=\(decomposed):20240806T100000
      DURATION:PT1H
      END:VEVENT
      END:VCALENDAR
      """
    let feed = try Feed(text: text)
    let zone = try #require(DisplayZone(named: "UTC"))
    let layout = MonthLayouter.layOut(
      [feed], month: try #require(YearMonth(year: 2024, month: 8)), zone: zone
    ).layout
    let starts = Dictionary(
      uniqueKeysWithValues: layout.weeks.flatMap(\.lanes).flatMap { $0 }.map {
        ($0.uid, $0.start.description)
      })
    #expect(starts["composed"] == "2024-08-05T05:00:00+00:00")
    // Not found: floating, read in the display zone, with a warning naming the TZID.
    #expect(starts["decomposed"] == "2024-08-06T10:00:00+00:00")
    #expect(feed.warnings.contains { $0.message.contains(decomposed) })
  }

  @Test func unresolvableTZIDIsFloatingWithAWarning() throws {
    let file = "tzid-unresolvable.ics"
    for zone in ["UTC", "Asia/Tokyo"] {
      let starts = try CaseSupport.starts(
        file, uid: "mars-tzid@samples.icslanes", month: "2024-11", zone: zone)
      #expect(starts == ["2024-11-05T10:00:00" + (zone == "UTC" ? "+00:00" : "+09:00")])
    }
    let warnings = try CaseSupport.warnings(file)
    #expect(warnings.contains { $0.contains("Mars/Olympus_Mons") })
    #expect(
      try CaseSupport.starts(file, uid: "earth-control@samples.icslanes", month: "2024-11") == [
        "2024-11-05T10:00:00+00:00"
      ])
  }

  @Test func xWRTimezoneAppliesToFloatingTimesOnly() throws {
    let file = "x-wr-timezone-floating.ics"
    let uid = { (name: String) in "\(name)@samples.icslanes" }
    #expect(
      try CaseSupport.starts(file, uid: uid("xwr-floating"), month: "2024-03") == [
        "2024-03-06T04:30:00+00:00"
      ])
    // Wall time of Chicago both weeks, across its DST change.
    #expect(
      try CaseSupport.starts(file, uid: uid("xwr-floating-weekly-across-dst"), month: "2024-03")
        == [
          "2024-03-07T15:00:00+00:00", "2024-03-14T14:00:00+00:00",
        ])
    #expect(
      try CaseSupport.starts(file, uid: uid("xwr-utc-daily-across-dst"), month: "2024-03") == [
        "2024-03-08T15:00:00+00:00", "2024-03-09T15:00:00+00:00", "2024-03-10T15:00:00+00:00",
        "2024-03-11T15:00:00+00:00",
      ])
    #expect(
      try CaseSupport.starts(file, uid: uid("xwr-tzid"), month: "2024-03") == [
        "2024-03-13T08:00:00+00:00"
      ])
    #expect(
      try CaseSupport.starts(
        "x-wr-timezone-unknown.ics", uid: uid("xwr-unknown-floating"), month: "2024-03",
        zone: "Asia/Tokyo") == ["2024-03-20T23:00:00+09:00"])
  }

  @Test func nonexistentLocalTimeTakesTheOffsetBeforeTheGap() throws {
    // 3.3.5: 02:30 on 2024-03-31 in Berlin is 01:30Z, shown as 03:30 CEST.
    let single = try CaseSupport.occurrences(
      "dst-edges-berlin.ics", uid: "nonexistent-local-time@samples.icslanes", month: "2024-03",
      zone: "Europe/Berlin")
    #expect(single.map(\.start.description) == ["2024-03-31T03:30:00+02:00"])
    #expect(single.first?.end == "2024-03-31T04:00:00+02:00")
    // A daily 02:30 keeps its wall time after the instance that fell in the gap.
    let daily =
      try CaseSupport.occurrences(
        "dst-edges-berlin.ics", uid: "daily-into-the-gap@samples.icslanes", month: "2024-03",
        zone: "Europe/Berlin")
      + CaseSupport.occurrences(
        "dst-edges-berlin.ics", uid: "daily-into-the-gap@samples.icslanes", month: "2024-04",
        zone: "Europe/Berlin")
    #expect(
      daily.map(\.start.description) == [
        "2024-03-30T02:30:00+01:00", "2024-03-31T03:30:00+02:00", "2024-04-01T02:30:00+02:00",
      ])
    // The length stays 30 real minutes.
    #expect(daily.map(\.end.description)[1] == "2024-03-31T04:00:00+02:00")
    // Floating 02:00 read in Los Angeles on its spring-forward day.
    let floating = try CaseSupport.occurrences(
      "floating-without-x-wr-timezone.ics", uid: "floating-daily-across-dst@samples.icslanes",
      month: "2024-03", zone: "America/Los_Angeles")
    #expect(
      floating.map(\.start.description) == [
        "2024-03-09T02:00:00-08:00", "2024-03-10T03:00:00-07:00", "2024-03-11T02:00:00-07:00",
      ])
    #expect(floating.map(\.end.description)[1] == "2024-03-10T04:00:00-07:00")
  }

  @Test func repeatedLocalTimeMeansTheFirst() throws {
    // 3.3.5: 02:30 on 2024-10-27 in Berlin occurs twice; it means the first (CEST).
    let single = try CaseSupport.occurrences(
      "dst-edges-berlin.ics", uid: "repeated-local-time@samples.icslanes", month: "2024-10")
    #expect(single.map(\.start.description) == ["2024-10-27T00:30:00+00:00"])
    #expect(single.first?.end == "2024-10-27T03:00:00+00:00")
  }

  @Test func twentyThreeAndTwentyFiveHourDays() throws {
    let file = "dst-edges-berlin.ics"
    let berlin = "Europe/Berlin"
    // P1D is nominal: noon to noon, 23 real hours.
    #expect(
      try CaseSupport.occurrences(
        file, uid: "one-day-duration-across-gap@samples.icslanes", month: "2024-03", zone: berlin
      ).map(\.end.description) == ["2024-03-31T12:00:00+02:00"])
    // A DTEND-given length is exact; PT3H is exact.
    #expect(
      try CaseSupport.occurrences(
        file, uid: "exact-length-across-gap@samples.icslanes", month: "2024-03", zone: berlin
      ).map(\.end.description) == ["2024-03-30T04:30:00+01:00", "2024-03-31T05:30:00+02:00"])
    #expect(
      try CaseSupport.occurrences(
        file, uid: "nominal-duration-across-gap@samples.icslanes", month: "2024-03", zone: berlin
      ).map(\.end.description) == ["2024-03-30T03:30:00+01:00", "2024-03-31T04:30:00+02:00"])
    // A UTC series keeps its instant across the autumn change.
    #expect(
      try CaseSupport.starts(
        file, uid: "daily-utc-across-fall-back@samples.icslanes", month: "2024-10", zone: berlin)
        == [
          "2024-10-26T09:00:00+02:00", "2024-10-27T08:00:00+01:00", "2024-10-28T08:00:00+01:00",
        ])
    // P1D across the autumn change: noon to noon, 25 real hours.
    let layout = try TestSupport.layOut(
      TestSupport.feed([
        "UID:long-day\r\nDTSTART;TZID=Europe/Berlin:20241026T120000\r\nDURATION:P1D\r\nSUMMARY:25 hours"
      ]), month: "2024-10", zone: "UTC")
    let day = try #require(layout.segments.first)
    #expect(day.start == "2024-10-26T10:00:00+00:00" && day.end == "2024-10-27T11:00:00+00:00")
  }

  @Test func allDayEventsNeverShiftWithTheZone() throws {
    var seen: [[String]] = []
    for zone in CaseSupport.zones {
      let layout = try CaseSupport.layout("all-day-never-shift.ics", month: "2024-08", zone: zone)
      seen.append(
        TestSupport.occurrences(layout).map {
          "\($0.uid) \($0.start) \($0.end) \($0.firstDay) \($0.lastDay)"
        })
    }
    #expect(Set(seen).count == 1)
    let starts = try CaseSupport.starts(
      "all-day-never-shift.ics", uid: "allday-weekly-exdate@samples.icslanes", month: "2024-08",
      zone: "Pacific/Auckland")
    #expect(starts == ["2024-08-05", "2024-08-12", "2024-08-26"])
  }
}
