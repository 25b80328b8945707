import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// The feed's occurrence budget per window (issue 11): a feed of N events lays out at most
/// `ImportOptions.maximumOccurrencesPerFeed` plus N occurrences in a window, however many each
/// event could have, says what it left out, and the renderers' output does not grow as hidden
/// occurrences × days.
@Suite("Occurrence budget")
struct OccurrenceBudgetTests {
  static let december9999 = YearMonth(year: 9999, month: 12)!

  /// The budget's warning among `warnings`.
  private func budgetWarning(_ warnings: [ImportWarning]) -> ImportWarning? {
    warnings.first { $0.message.contains("budget") }
  }

  @Test("three minutely series and 21 more events: the budget cuts the third, probes the rest")
  func minutelySeries() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/occurrence-budget.ics"))
    #expect(feed.eventsRead == 24)
    let (layout, warnings) = try Hostile.layOut([feed])
    let stats = try Hostile.unwrap(layout.stats)
    // 20,000 and one per VEVENT: m0 and m1 keep their own cap of 10,000, m2 the 24 left.
    #expect(stats.occurrences == 20_024)
    #expect(stats.addsUp)
    #expect(stats.eventsShown == 3)
    #expect(stats.eventsOutside == 21)
    #expect(Set(Hostile.uids(layout)) == ["m0", "m1", "m2"])
    let perEvent = warnings.filter { $0.message.hasPrefix("more than 10000 occurrences") }
    #expect(perEvent.map(\.uid) == ["m0", "m1"])
    let warning = try Hostile.unwrap(budgetWarning(warnings))
    // m2 was expanded up to its own cap (24 kept, 9,978 more found); the 21 others were probed.
    #expect(
      warning.message
        == "more occurrences in the window than the feed's budget of 20024 (20000 and one per VEVENT): 20024 are laid out; at least 9999 more, of 22 event(s), are left out"
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
    #expect(warning.message.contains("budget of 20003"))
    #expect(warning.message.contains("at least 9999 more, of 1 event(s)"))

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
    // Three lanes shown, 20,000 occurrences hidden on each day, 100 of them named.
    #expect(html.contains(">and 19900 more</li>"))

    // The agenda lists at most 1,000 occurrences a day.
    let agenda = AgendaRenderer().render([layout])
    #expect(agenda.utf8.count < 4_000_000)
    let lines = agenda.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  … and 19003 more") }.count == 29)
    #expect(lines.count == 1 + 29 * (1 + AgendaRenderer.maximumLinesPerDay + 1))
  }

  @Test("the budget scales with the events read and can be set")
  func configured() throws {
    var options = ImportOptions()
    options.maximumOccurrencesPerFeed = 100
    let feed = try Feed(
      contentsOf: Hostile.sample("hostile/occurrence-budget.ics"), options: options)
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(layout.stats?.occurrences == 124)
    #expect(Hostile.uids(layout) == ["m0"])
    // m0 is cut by the budget (124 kept, 9,878 more found), the 23 others are probed.
    let warning = try Hostile.unwrap(budgetWarning(warnings))
    #expect(warning.message.contains("124 are laid out; at least 9901 more, of 24 event(s)"))
    #expect(!warnings.contains { $0.message.hasPrefix("more than 10000 occurrences") })
  }

  @Test("the team calendar: laid out whole up to its budget, cut below it")
  func edgeOfTheBudget() throws {
    func layOut(budget: Int) throws -> (MonthLayout, ImportWarning?) {
      var options = ImportOptions()
      options.maximumOccurrencesPerFeed = budget
      let feed = try Feed(contentsOf: Hostile.sample("team.ics"), options: options)
      #expect(feed.eventsRead == 17)
      let (layout, warnings) = try Hostile.layOut([feed])
      return (layout, budgetWarning(warnings))
    }
    // August 2024: 38 occurrences of 17 VEVENTs.
    let (whole, none) = try layOut(budget: 20_000)
    #expect(whole.stats?.occurrences == 38)
    #expect(none == nil)
    let (exact, noneEither) = try layOut(budget: 38 - 17)
    #expect(exact == whole)
    #expect(noneEither == nil)
    let (cut, warning) = try layOut(budget: 38 - 17 - 1)
    #expect(cut.stats?.occurrences == 37)
    #expect(cut.stats?.addsUp == true)
    #expect(
      warning?.message.contains("budget of 37 (20 and one per VEVENT): 37 are laid out") == true)
  }

  @Test("months laid out together get each its own budget, as alone")
  func severalMonths() throws {
    let source = try CalendarSource(
      contentsOf: Hostile.sample("hostile/occurrence-budget.ics"))
    let july = try Hostile.unwrap(YearMonth(year: 2024, month: 7))
    let together = try source.layOut(from: july, count: 3, options: MonthViewOptions())
    for layout in together {
      let alone = try source.layOut(layout.month, options: MonthViewOptions())
      #expect(layout == alone, "\(layout.month)")
    }
    #expect(together.map { $0.stats?.occurrences } == [0, 20_024, 20_024])
  }
}
