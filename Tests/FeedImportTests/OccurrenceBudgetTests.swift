import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// The feed's budgets per window (issue 11): every event keeps its first occurrence, and the
/// feed's events share `ImportOptions.maximumOccurrencesPerFeed` more, however many each event
/// could have; their walks from DTSTART share `maximumRecurrenceStepsPerFeed` steps; what was
/// left out is said; and the renderers' output does not grow as hidden occurrences × days.
@Suite("Occurrence budget")
struct OccurrenceBudgetTests {
  static let december9999 = YearMonth(year: 9999, month: 12)!

  /// The budget's warning among `warnings`.
  private func budgetWarning(_ warnings: [ImportWarning]) -> ImportWarning? {
    warnings.first { $0.message.contains("budget") }
  }

  @Test("three minutely series and 21 more events: the third is cut, the rest keep their first")
  func minutelySeries() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/occurrence-budget.ics"))
    #expect(feed.eventsRead == 24)
    let (layout, warnings) = try Hostile.layOut([feed])
    let stats = try Hostile.unwrap(layout.stats)
    // m0 and m1 keep their own cap of 10,000 (9,999 of the shared 20,000 each), m2 the 2 left
    // and its first; the 20 daily series and the dentist keep their first occurrence.
    #expect(stats.occurrences == 20_024)
    #expect(stats.addsUp)
    #expect(stats.eventsShown == 24)
    let count = Dictionary(grouping: layout.occurrences, by: \.uid).mapValues(\.count)
    #expect(count["m0"] == 10_000)
    #expect(count["m1"] == 10_000)
    #expect(count["m2"] == 3)
    #expect(count["d00"] == 1)
    #expect(count["d19"] == 1)
    #expect(count["dentist"] == 1)
    let perEvent = warnings.filter { $0.message.hasPrefix("more than 10000 occurrences") }
    #expect(perEvent.map(\.uid) == ["m0", "m1"])
    let warning = try Hostile.unwrap(budgetWarning(warnings))
    // m2 was expanded up to its own cap (3 kept, 9,999 more found); the 20 daily series were
    // probed (two more found each).
    #expect(
      warning.message
        == "more occurrences in the window than the feed's budget (each event's first, and 20000 more shared by all): 20024 are laid out; at least 10039 more, of 21 event(s), are left out"
    )
    #expect(warning.line == nil)
    #expect(warning.source.hasSuffix("occurrence-budget.ics"))
  }

  @Test("three daily series lasting 10,000 years, shown for December 9999")
  func dailyHugeDuration() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/daily-huge-duration-3.ics"))
    let (layout, warnings) = try Hostile.layOut([feed], month: Self.december9999)
    let stats = try Hostile.unwrap(layout.stats)
    #expect(stats.occurrences == 20_003)
    #expect(stats.eventsShown == 3)
    let warning = try Hostile.unwrap(budgetWarning(warnings))
    #expect(warning.message.contains("20003 are laid out; at least 9999 more, of 1 event(s)"))

    // The page lists at most 100 hidden events a day: 100 MB of HTML before, a few now.
    let html = HTMLMonthRenderer().render(layout)
    #expect(html.utf8.count < 4_000_000)
    let lists = html.components(separatedBy: "<ul>").dropFirst()
    // Every day up to the 29th (the occurrences end on 9999-12-30 at midnight).
    #expect(lists.count == 29)
    for list in lists {
      let items = list.components(separatedBy: "</ul>")[0].components(separatedBy: "<li").count - 1
      #expect(items == HTMLMonthRenderer.maximumListed + 1)
    }
    // Three lanes shown, 20,000 occurrences hidden on each day; its list names 100 of the
    // 20,003 on it, and only what the page links to gets a card.
    #expect(html.contains("<li class=\"rest\">and 19903 more</li>"))
    let cards = html.components(separatedBy: "class=\"overlay card\"").count - 1
    #expect(cards <= HTMLMonthRenderer.printedLanes * 5 + HTMLMonthRenderer.maximumListed * 29)
    // Paper prints twelve lanes and lists 100 of the rest under each week row, then a count.
    let printed = html.components(separatedBy: "<ul class=\"printed\"").dropFirst()
    #expect(printed.count == layout.weeks.count { $0.lanes.count > HTMLMonthRenderer.printedLanes })
    #expect(printed.count >= 4)
    for list in printed {
      let items = list.components(separatedBy: "</ul>")[0].components(separatedBy: "<li").count - 1
      #expect(items == HTMLMonthRenderer.maximumListed + 1)
    }

    // The agenda lists at most 1,000 occurrences a day.
    let agenda = AgendaRenderer().render([layout])
    #expect(agenda.utf8.count < 4_000_000)
    let lines = agenda.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  … and 19003 more") }.count == 29)
    #expect(lines.count == 1 + 29 * (1 + AgendaRenderer.maximumLinesPerDay + 1))
  }

  @Test("the shared budget can be set")
  func configured() throws {
    var options = ImportOptions()
    options.maximumOccurrencesPerFeed = 100
    options.sharedOccurrencesPerEventRead = 0
    let feed = try Feed(
      contentsOf: Hostile.sample("hostile/occurrence-budget.ics"), options: options)
    let (layout, warnings) = try Hostile.layOut([feed])
    // m0: its first and the 100 shared; every other event its first.
    #expect(layout.stats?.occurrences == 101 + 23)
    #expect(layout.occurrences.filter { $0.uid == "m0" }.count == 101)
    let warning = try Hostile.unwrap(budgetWarning(warnings))
    #expect(warning.message.contains("and 100 more shared by all): 124 are laid out"))
    #expect(warning.message.contains("of 23 event(s), are left out"))
    #expect(!warnings.contains { $0.message.hasPrefix("more than 10000 occurrences") })
  }

  @Test("a big feed's events share more: 2 occurrences per event read, when over the fixed part")
  func sharedGrowsWithTheFeed() throws {
    var options = ImportOptions()
    options.maximumOccurrencesPerFeed = 10
    let feed = try Feed(
      contentsOf: Hostile.sample("hostile/occurrence-budget.ics"), options: options)
    #expect(feed.eventsRead == 24)
    let (layout, warnings) = try Hostile.layOut([feed])
    // 2 × 24 = 48 shared (more than the fixed 10): m0 keeps its first and all 48, the other
    // 23 events their first.
    #expect(layout.stats?.occurrences == 49 + 23)
    #expect(layout.occurrences.filter { $0.uid == "m0" }.count == 49)
    let warning = try Hostile.unwrap(budgetWarning(warnings))
    #expect(warning.message.contains("and 48 more shared by all): 72 are laid out"))
  }

  @Test("the team calendar: laid out whole up to its budget, cut below it")
  func edgeOfTheBudget() throws {
    func layOut(budget: Int) throws -> (MonthLayout, ImportWarning?) {
      var options = ImportOptions()
      options.maximumOccurrencesPerFeed = budget
      options.sharedOccurrencesPerEventRead = 0
      let feed = try Feed(contentsOf: Hostile.sample("team.ics"), options: options)
      #expect(feed.eventsRead == 17)
      let (layout, warnings) = try Hostile.layOut([feed])
      return (layout, budgetWarning(warnings))
    }
    // August 2024: 38 occurrences of the 16 VEVENTs shown (one more is cancelled): each keeps
    // its first, 22 more are shared.
    let (whole, none) = try layOut(budget: 20_000)
    #expect(whole.stats?.occurrences == 38)
    #expect(whole.stats?.eventsShown == 16)
    #expect(none == nil)
    let (exact, noneEither) = try layOut(budget: 22)
    #expect(exact == whole)
    #expect(noneEither == nil)
    let (cut, warning) = try layOut(budget: 21)
    #expect(cut.stats?.occurrences == 37)
    #expect(cut.stats?.eventsShown == 16)
    #expect(cut.stats?.addsUp == true)
    #expect(
      warning?.message.contains("and 21 more shared by all): 37 are laid out; at least 1 more")
        == true)
  }

  @Test("months laid out together get each its own budget, as alone")
  func severalMonths() throws {
    let source = try CalendarSource(
      contentsOf: Hostile.sample("hostile/occurrence-budget.ics"))
    let july = try Hostile.unwrap(YearMonth(year: 2024, month: 7))
    let options = try MonthViewOptions(zoneNamed: "UTC")
    let together = try source.layOut(from: july, count: 3, options: options)
    for layout in together {
      let alone = try source.layOut(layout.month, options: options)
      #expect(layout == alone, "\(layout.month)")
    }
    #expect(together.map { $0.stats?.occurrences } == [0, 20_024, 20_023])
  }

  @Test("six COUNT series of 150,000: counted out, no walk; walked, two fit the feed's steps")
  func countWalks() throws {
    // Two instances every hour: COUNT is counted a run of hours at once, so no walk spends
    // the feed's step budget and each series has its last 1,008 occurrences in August.
    let feed = try Feed(contentsOf: Hostile.sample("hostile/count-walks-6.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(layout.stats?.occurrences == 6 * 1_008)
    #expect(!warnings.contains { $0.message.contains("recurrence steps") })

    // Every day of the week too: the same instances, but no fixed number per period, so each
    // walks from DTSTART and takes a step per occurrence: 149,999 each. Two fit the 300,000.
    let text = try String(
      contentsOfFile: Hostile.sample("hostile/count-walks-6.ics"), encoding: .utf8
    ).replacingOccurrences(
      of: "BYMINUTE=0,30", with: "BYDAY=MO,TU,WE,TH,FR,SA,SU;BYMINUTE=0,30")
    let walked = try Feed(text: text, name: "walks")
    let (cut, said) = try Hostile.layOut([walked])
    let stats = try Hostile.unwrap(cut.stats)
    #expect(Hostile.uids(cut) == ["w0", "w1"])
    #expect(stats.eventsShown == 2)
    #expect(stats.eventsOutside == 4)
    #expect(stats.occurrences == 2 * 1_008)
    let warning = try Hostile.unwrap(said.first { $0.message.contains("recurrence steps") })
    #expect(
      warning.message
        == "the feed's RRULEs need more recurrence steps, together, than its budget of 300000 for the window: the expansion of 4 event(s) stops there"
    )
    // Each walk alone is under the event's cap: no event's own warning.
    #expect(!said.contains { $0.message.contains("steps to reach the window; expansion") })

    // With room for all six, each has its 1,008 occurrences.
    var options = ImportOptions()
    options.maximumRecurrenceStepsPerFeed = 1_000_000
    let roomy = try Feed(text: text, name: "walks", options: options)
    let (all, none) = try Hostile.layOut([roomy])
    #expect(all.stats?.occurrences == 6 * 1_008)
    #expect(!none.contains { $0.message.contains("recurrence steps") })
  }

  @Test("months laid out together spend each record's budget as alone: overrides keep their first")
  func overridesAcrossMonths() throws {
    let text = Hostile.calendar(
      Hostile.event("weekly", "DTSTART:20240801T090000Z", "RRULE:FREQ=WEEKLY", "DURATION:PT1H")
        + Hostile.event(
          "weekly", "RECURRENCE-ID:20240808T090000Z", "DTSTART:20240809T090000Z",
          "DURATION:PT1H")
        + Hostile.event(
          "weekly", "RECURRENCE-ID:20240815T090000Z", "DTSTART:20240816T090000Z",
          "DURATION:PT1H")
        + Hostile.event("daily", "DTSTART:20240801T120000Z", "RRULE:FREQ=DAILY", "DURATION:PT1H"))
    var options = ImportOptions()
    options.maximumOccurrencesPerFeed = 20
    options.sharedOccurrencesPerEventRead = 0
    let feed = try Feed(text: text, name: "overrides", options: options)
    let zone = try Hostile.unwrap(Hostile.utc)
    let first = try TestSupport.requireMonth("2024-08")
    let windows = ManyWindowsTests.windows(from: first, count: 3, weekStart: .monday)
    let (spans, warnings) = ManyWindowsTests.expectSameAsAlone(feed, windows, zone, "overrides")
    // August: 5 weekly (the master's 3 spend 2 of the shared 20, each moved one its own
    // first), and the daily series' first and the 18 left. Handing out August as if the
    // weekly series were one expansion would spend 4 and leave the daily series 17.
    let august = feed.spans(from: windows[0].lowerBound, through: windows[0].upperBound, in: zone)
    #expect(august.spans.count == 5 + 1 + 18)
    #expect(spans == 68)
    #expect(warnings == 3)
  }

  /// Two COUNT rules every half hour from `start` that end on 10 August 2024, at :00/:30 and
  /// :15/:45. BYDAY naming every day leaves the instances as they are, but a period no longer
  /// holds a fixed number of them: COUNT walks from DTSTART, a step per occurrence.
  private static let everyDay = "MO,TU,WE,TH,FR,SA,SU"

  private static func halfHourly(_ uid: String, from start: String, count: Int, rules: Int)
    -> String
  {
    let minutes = ["0,30", "15,45"]
    let lines = (0..<rules).map {
      "RRULE:FREQ=HOURLY;BYDAY=\(Self.everyDay);BYMINUTE=\(minutes[$0]);COUNT=\(count)\r\n"
    }
    return "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240701T090000Z\r\nDTSTART:\(start)\r\n"
      + "DURATION:PT10M\r\n" + lines.joined() + "END:VEVENT\r\n"
  }

  @Test("an event's RRULEs share its step cap: the second walk does not get the cap again")
  func rulesShareTheEventsCap() throws {
    // Each walk counts some 12,000 occurrences before August: under the cap of 20,000
    // alone, over it together.
    let text = Hostile.calendar(
      Self.halfHourly("two-rules", from: "20231125T000000Z", count: 12_432, rules: 2))
    var options = ImportOptions()
    options.maximumRecurrenceSteps = 20_000
    let feed = try Feed(text: text, name: "rules", options: options)
    let (layout, warnings) = try Hostile.layOut([feed])
    // The first rule's 9 days of August, 48 a day; the second is not walked.
    #expect(layout.occurrences.count == 9 * 48)
    #expect(layout.occurrences.allSatisfy { $0.start.minute == 0 || $0.start.minute == 30 })
    #expect(
      warnings.map(\.message) == [
        "the event's RRULEs need more than 20000 steps together to reach the window; this one is not expanded"
      ])

    // With a cap for both, both are laid out.
    options.maximumRecurrenceSteps = 40_000
    let roomy = try Feed(text: text, name: "rules", options: options)
    let (both, none) = try Hostile.layOut([roomy])
    // DTSTART (00:00) is not one of the second rule's times: it takes one of its COUNT
    // places (RFC 5545 3.3.10), so the second rule ends half an hour before the first.
    #expect(both.occurrences.count == 2 * 9 * 48 - 1)
    #expect(none.isEmpty)
  }

  @Test("an event's RRULEs share what is left of the feed's step budget")
  func rulesShareTheFeedsRoom() throws {
    // "one" walks some 15,000 steps; each rule of "two" some 8,700: room for one of them.
    let text = Hostile.calendar(
      Self.halfHourly("one", from: "20230926T000000Z", count: 15_312, rules: 1)
        + Self.halfHourly("two", from: "20240201T000000Z", count: 9_168, rules: 2))
    var options = ImportOptions()
    options.maximumRecurrenceSteps = 20_000
    options.maximumRecurrenceStepsPerFeed = 30_000
    options.recurrenceStepsPerEventRead = 0
    let feed = try Feed(text: text, name: "rules", options: options)
    let (layout, warnings) = try Hostile.layOut([feed])
    let count = Dictionary(grouping: layout.occurrences, by: \.uid).mapValues(\.count)
    #expect(count["one"] == 9 * 48)
    #expect(count["two"] == 9 * 48)
    #expect(
      warnings.map(\.message) == [
        "the feed's RRULEs need more recurrence steps, together, than its budget of 30000 for the window: the expansion of 1 event(s) stops there"
      ])
  }
}
