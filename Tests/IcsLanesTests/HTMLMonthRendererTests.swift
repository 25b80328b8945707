import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// The HTML page: self-contained, escaped, and carrying every part of the month view.
@Suite("HTML month page")
struct HTMLMonthRendererTests {
  static let today = Day(year: 2024, month: 8, day: 15)

  /// The page of the samples laid out without a cap, the renderer capping at `maxLanes` (nil:
  /// the row height's cap), as `--format html` does.
  static func page(
    _ samples: [String] = ["family.ics", "team.ics"], months: Int = 1, maxLanes: Int? = 3
  ) throws -> String {
    let layouts = try TestFiles.layouts(
      samples, month: "2024-08", months: months, zone: "Europe/Berlin")
    return HTMLMonthRenderer(today: today, maxLanes: maxLanes).render(layouts)
  }

  @Test("Markup and escape sequences in a title are escaped, never executed")
  func escaping() throws {
    let feed = try Feed(
      text: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        X-WR-CALNAME:<b>evil</b>\r
        BEGIN:VEVENT\r
        UID:x@test\r
        DTSTAMP:20240801T000000Z\r
        DTSTART;VALUE=DATE:20240805\r
        DTEND;VALUE=DATE:20240807\r
        SUMMARY:\u{1B}]0;pwned\u{07}<script>alert(1)</script>\r
        LOCATION:"Room" & <Hall>\r
        END:VEVENT\r
        END:VCALENDAR\r

        """)
    let month = try #require(YearMonth(iso: "2024-08"))
    let zone = try #require(DisplayZone(named: "UTC"))
    let layout = try CalendarSource(feeds: [feed]).layOut(
      month, options: MonthViewOptions(zone: zone))
    #expect(layout.segments.count == 1)
    let html = HTMLMonthRenderer().render(layout)
    #expect(!html.contains("<script"))
    #expect(!html.contains("<b>evil"))
    #expect(html.contains("␛]0;pwned␇&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("&quot;Room&quot; &amp; &lt;Hall&gt;"))
    #expect(!html.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    let text = TextGridRenderer(width: 80, color: true).render(layout)
    #expect(!text.contains("\u{1B}]"))
    #expect(!text.contains("\u{07}"))
    #expect(text.contains("␛]0;pwned␇<scr"))
  }

  @Test("The page fetches nothing: no scripts, links, images, imports or URLs")
  func selfContained() throws {
    let html = try HTMLMonthRendererTests.page(months: 2)
    for needle in [
      "<script", "<link", "<img", "<iframe", "src=", "@import", "url(", "http:", "https:",
    ] {
      #expect(!html.contains(needle), "\(needle)")
    }
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
  }

  @Test("Bars span their days, lanes are rows, continuations are marked")
  func bars() throws {
    let html = try HTMLMonthRendererTests.page()
    // Team offsite in Lisbon: Tue 6 – Thu 8 August, lane 0 of row 1 (columns 3–5).
    let offsite = try #require(html.range(of: "Team offsite in Lisbon<span class=\"sr\">"))
    let line = html[..<offsite.upperBound].split(separator: "\n").last.map(String.init) ?? ""
    #expect(line.contains("grid-column: 3 / span 3; grid-row: 2;"))
    #expect(line.hasPrefix("<div class=\"bar"))
    // The summer trip runs from July into August: its first bar continues before.
    #expect(html.contains("<div class=\"bar cb"))
    #expect(html.contains(" ca\"") || html.contains(" ca light\""))
  }

  @Test("+k more, today, colours, tooltip with time and location")
  func parts() throws {
    let html = try HTMLMonthRendererTests.page()
    #expect(html.contains("class=\"more\""))
    #expect(html.contains("<summary>+1<span class=\"word\"> more</span></summary>"))
    #expect(html.contains("class=\"day today\" style=\"grid-column: 5\" data-day=\"2024-08-15\""))
    let familyColor = CalendarColor.hex(for: "Family")
    #expect(html.contains("--c:\(familyColor)"))
    #expect(html.contains("<span style=\"--c:\(familyColor)\">Family</span>"))
    // The dentist: a timed event, 08:30 in Berlin.
    #expect(html.contains("<span class=\"time\" aria-hidden=\"true\">08:30</span>Dentist"))
    // The neighbourhood party: 20:00 on Saturday until after midnight, in the courtyard.
    #expect(
      html.contains(
        "title=\"Neighbourhood party&#10;2024-08-10 20:00 – 2024-08-11 00:30&#10;📍 Courtyard&#10;Family\""
      ))
  }

  @Test("Several months: one section each, previous/next links between them")
  func navigation() throws {
    let html = try HTMLMonthRendererTests.page(months: 3)
    #expect(html.components(separatedBy: "<section class=\"month\"").count == 4)
    #expect(html.contains("id=\"m-2024-08\""))
    #expect(html.contains("id=\"m-2024-10\""))
    #expect(
      html.contains("<a class=\"nav next\" rel=\"next\" href=\"#m-2024-09\">September 2024 ›</a>"))
    #expect(
      html.contains("<a class=\"nav prev\" rel=\"prev\" href=\"#m-2024-09\">‹ September 2024</a>"))
    #expect(
      html.contains("<a class=\"nav prev\" rel=\"prev\" href=\"#m-2024-08\">‹ August 2024</a>"))
    // The first month has no previous link, the last no next one.
    #expect(html.components(separatedBy: "href=\"#m-2024-07\"").count == 1)
    #expect(html.components(separatedBy: "href=\"#m-2024-11\"").count == 1)
  }

  @Test("Locale names reach the page")
  func locale() throws {
    let layouts = try TestFiles.layouts(["japanese.ics"], month: "2024-08", zone: "Asia/Tokyo")
    let names = try #require(CalendarNames(locale: "ja_JP"))
    let html = HTMLMonthRenderer(names: names).render(layouts)
    #expect(html.contains("<html lang=\"ja\">"))
    #expect(html.contains("<h1>2024年8月</h1>"))
    #expect(html.contains("<div class=\"weekdays\" aria-hidden=\"true\"><div>日</div><div>月</div>"))
    #expect(html.contains("お盆休み"))
  }

  @Test("+k more is a <details> listing the day's hidden events, with no script")
  func moreOpensHiddenEvents() throws {
    let html = try HTMLMonthRendererTests.page()
    // 1 August, capped at three lanes: the stand-up is the one event hidden that day.
    let start = try #require(
      html.range(of: "<details class=\"more end\" role=\"listitem\" style=\"grid-column: 5"))
    let end = try #require(html[start.upperBound...].range(of: "</details>"))
    let details = html[start.lowerBound..<end.upperBound]
    #expect(details.contains("<summary>+1<span class=\"word\"> more</span></summary>"))
    #expect(details.contains("<span class=\"time\">09:30</span>Daily stand-up"))
    #expect(details.components(separatedBy: "<li ").count == 2)
    // Every summary's count is the number of events it lists.
    for piece in html.components(separatedBy: "<details").dropFirst() {
      let count = piece.split(separator: "<summary>+")[1].prefix { $0.isNumber }
      #expect(Int(count) == piece.components(separatedBy: "<li ").count - 1)
    }
    #expect(!html.contains("<script"))
    // A layout capped already keeps its counts (without a list).
    let capped = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin",
      options: LayoutOptions(maxLanes: 3))
    let plain = HTMLMonthRenderer(today: HTMLMonthRendererTests.today).render(capped)
    #expect(plain.contains(">+1<span class=\"word\"> more</span></div>"))
    #expect(!plain.contains("<details"))
  }

  @Test("Without a cap the page fits the row: four lanes, or three and +k more")
  func rowHeightCap() throws {
    let html = try HTMLMonthRendererTests.page(maxLanes: nil)
    let weeks = html.components(separatedBy: "<div class=\"week\"").dropFirst()
    #expect(weeks.count == 5)
    // No week uses more grid rows than the day number and four lane rows.
    for week in weeks {
      let rows = week.components(separatedBy: "; grid-row: ").dropFirst().compactMap {
        Int($0.prefix { $0.isNumber })
      }
      #expect(!rows.isEmpty)
      #expect((rows.max() ?? 0) <= HTMLMonthRenderer.rowLanes + 1)
    }
    // The first week needs exactly four lanes: all shown, no +k more.
    let first = try #require(weeks.first)
    #expect(!first.contains("class=\"more"))
    #expect(first.contains("grid-row: 5;"))
    // The second needs more: three lanes and the +k more line in row 5.
    let second = weeks[weeks.index(after: weeks.startIndex)]
    #expect(
      second.contains(
        "<details class=\"more\" role=\"listitem\" style=\"grid-column: 2; grid-row: 5\">"))
    #expect(!second.contains("grid-row: 5; --c"))
  }

  @Test("Each bar tells a screen reader its time, title, location and calendar")
  func screenReader() throws {
    let html = try HTMLMonthRendererTests.page()
    #expect(
      html.contains(
        "Team offsite in Lisbon<span class=\"sr\">, 2024-08-06 – 2024-08-08 (all day), Lisbon, Team</span>"
      ))
    #expect(html.contains("Dentist<span class=\"sr\">, 2024-08-12 08:30–09:15"))
    #expect(html.contains("role=\"list\" aria-label=\"Week of 2024-08-04\""))
    let bars = html.components(separatedBy: "<div class=\"bar").count - 1
    let described = html.components(separatedBy: "role=\"listitem\"").count - 1
    #expect(bars > 0)
    #expect(described >= bars)
    #expect(html.components(separatedBy: "<span class=\"sr\">").count - 1 >= bars)
  }

  @Test("Dark scheme, print sheets and narrow screens have their own rules")
  func mediaRules() throws {
    let html = try HTMLMonthRendererTests.page(months: 2)
    #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
    #expect(html.contains("@media (prefers-color-scheme: dark)"))
    #expect(html.contains("@media print"))
    #expect(html.contains("break-after: page"))
    #expect(html.contains("@media (max-width: 40rem)"))
  }
}
