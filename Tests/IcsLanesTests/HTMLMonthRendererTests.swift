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
    for needle in ["<script", "<link", "<img", "<iframe", "src=", "@import", "url("] {
      #expect(!html.contains(needle), "\(needle)")
    }
    // The only addresses are the links of detail cards (the feed's URLs), which open nothing
    // by themselves and tell the target nothing.
    for piece in html.components(separatedBy: "href=\"http").dropFirst() {
      let tag = piece.prefix { $0 != ">" }
      #expect(tag.contains("rel=\"noopener noreferrer\""))
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
    #expect(line.hasPrefix("<a class=\"bar"))
    // The summer trip runs from July into August: its first bar continues before.
    #expect(html.contains("<a class=\"bar cb"))
    #expect(html.contains(" ca\"") || html.contains(" ca light\""))
  }

  @Test("+k more, today, colours, tooltip with time and location")
  func parts() throws {
    let html = try HTMLMonthRendererTests.page()
    #expect(html.contains("class=\"more\""))
    #expect(html.contains(">+1<span class=\"word\"> more</span></a>"))
    #expect(html.contains("class=\"day today\" style=\"grid-column: 5\" data-day=\"2024-08-15\""))
    let familyColor = CalendarColor.hex(for: "Family")
    #expect(html.contains("--c:\(familyColor)"))
    #expect(html.contains("<span style=\"--c:\(familyColor)\">Family</span>"))
    // The dentist: a timed event, 08:30 in Berlin.
    #expect(html.contains("<span class=\"time\" aria-hidden=\"true\">08:30</span>Dentist"))
    // The neighbourhood party: 20:00 on Saturday until after midnight, in the courtyard.
    #expect(
      html.contains(
        "title=\"Neighbourhood party&#10;Saturday 10 August 2024, 20:00 – Sunday 11 August 2024, 00:30 (Europe/Berlin)&#10;📍 Courtyard&#10;Family\""
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

  @Test("+k more links to a list of the whole day, headed by the day, with a close link")
  func moreOpensTheWholeDay() throws {
    let html = try HTMLMonthRendererTests.page()
    // 1 August, capped at three lanes: the stand-up is the one event hidden that day.
    #expect(
      html.contains(
        "<a class=\"more\" href=\"#d-2024-08-2024-08-01\" style=\"grid-column: 5; grid-row: 5\""
          + " aria-label=\"+1 more, Thursday 1 August 2024\">+1<span class=\"word\"> more</span></a>"
      ))
    let start = try #require(
      html.range(of: "<div class=\"overlay day-list\" id=\"d-2024-08-2024-08-01\""))
    let end = try #require(html[start.upperBound...].range(of: "</div>\n"))
    let list = html[start.lowerBound..<end.upperBound]
    #expect(list.contains("role=\"dialog\" aria-labelledby=\"d-2024-08-2024-08-01-h\""))
    #expect(list.contains("<h2 id=\"d-2024-08-2024-08-01-h\">Thursday 1 August 2024</h2>"))
    #expect(list.contains("<a class=\"close\" href=\"#m-2024-08\" aria-label=\"Close\">×</a>"))
    // The whole day: the three events shown and the stand-up hidden, each opening its card.
    #expect(list.components(separatedBy: "<li ").count == 5)
    #expect(list.contains("<span class=\"time\">09:30</span>Daily stand-up</a>"))
    #expect(list.contains("<span class=\"time\">all day</span>Anna on leave</a>"))
    #expect(!html.contains("<script"))
    #expect(!html.contains("<details"))
    // A layout capped already keeps its counts (without a list).
    let capped = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin",
      options: LayoutOptions(maxLanes: 3))
    let plain = HTMLMonthRenderer(today: HTMLMonthRendererTests.today).render(capped)
    #expect(plain.contains(">+1<span class=\"word\"> more</span></div>"))
    #expect(!plain.contains("class=\"overlay day-list\""))
  }

  @Test("Every bar opens its occurrence's detail card, links made safe")
  func detailCards() throws {
    let html = try HTMLMonthRendererTests.page()
    let bars = html.components(separatedBy: "<a class=\"bar").dropFirst()
    #expect(!bars.isEmpty)
    for bar in bars {
      let target = try #require(bar.split(separator: "href=\"#")[1].split(separator: "\"").first)
      #expect(html.contains("<div class=\"overlay card\" id=\"\(target)\" role=\"dialog\""))
    }
    let weekly = try #require(
      html.components(separatedBy: "<div class=\"overlay card\"").first {
        $0.contains(">Weekly planning</h2>")
      })
    #expect(
      weekly.contains("<p class=\"when\">Monday 5 August 2024, 14:00–15:00 (Europe/Berlin)</p>"))
    #expect(weekly.contains("<dt>Status</dt><dd>Confirmed</dd>"))
    #expect(weekly.contains("<dt>Organizer</dt><dd>Anna Becker</dd>"))
    #expect(weekly.contains("<dt>Attendees</dt><dd>3</dd>"))
    #expect(
      weekly.contains(
        "Agenda: <a href=\"https://wiki.example.com/team/planning\" rel=\"noopener noreferrer\">"))
    #expect(
      weekly.contains("<p class=\"url\"><a href=\"https://meet.example.com/weekly-planning\""))
    let retro = try #require(
      html.components(separatedBy: "<div class=\"overlay card\"").first {
        $0.contains(">Sprint retro</h2>")
      })
    #expect(
      retro.contains(
        "What went well &amp; what didn&#39;t &lt;3. Board: &lt;<a href=\"https://board.example.com/retro?sprint=31&amp;view=all\""
      ))
    #expect(retro.contains("<dt>Status</dt><dd>Tentative</dd>"))
  }

  @Test("Only http, https and mailto become links; the rest stays text")
  func linkSafety() throws {
    let feed = try Feed(
      text: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:x@test\r
        DTSTART;VALUE=DATE:20240805\r
        SUMMARY:Links\r
        DESCRIPTION:a javascript:alert(1) b data:text/html\\,x <https://x.example/?a=1&b="2"> mailto:me@x.example.\r
        URL:javascript:alert(2)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """)
    let month = try #require(YearMonth(iso: "2024-08"))
    let zone = try #require(DisplayZone(named: "UTC"))
    let layout = try CalendarSource(feeds: [feed]).layOut(
      month, options: MonthViewOptions(zone: zone))
    let html = HTMLMonthRenderer().render(layout)
    #expect(!html.contains("href=\"javascript"))
    #expect(!html.contains("href=\"data"))
    #expect(html.contains("<p class=\"url\">javascript:alert(2)</p>"))
    #expect(html.contains("<a href=\"https://x.example/?a=1&amp;b=\" rel=\"noopener noreferrer\">"))
    #expect(
      html.contains(
        "<a href=\"mailto:me@x.example\" rel=\"noopener noreferrer\">me@x.example</a>."))
  }

  @Test("Without a cap the page fits the row: four lanes, or three and +k more")
  func rowHeightCap() throws {
    let html = try HTMLMonthRendererTests.page(maxLanes: nil)
    let weeks = html.components(separatedBy: "<div class=\"week\"").dropFirst()
    #expect(weeks.count == 5)
    // No week shows more grid rows than the day number and four lane rows (the lanes past
    // the cap, class x, are for print only).
    for week in weeks {
      let onScreen = week.split(separator: "\n").filter {
        !$0.contains(" x\"") && !$0.contains(" x light\"")
      }
      let rows = onScreen.joined().components(separatedBy: "; grid-row: ").dropFirst().compactMap {
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
        "<a class=\"more\" href=\"#d-2024-08-2024-08-05\" style=\"grid-column: 2; grid-row: 5\""))
    #expect(
      !second.split(separator: "\n").contains {
        $0.contains("grid-row: 5; --c") && !$0.contains(" x")
      })
  }

  @Test("Each bar tells a screen reader its time, title, location and calendar")
  func screenReader() throws {
    let html = try HTMLMonthRendererTests.page()
    #expect(
      html.contains(
        "Team offsite in Lisbon<span class=\"sr\">, Tuesday 6 August 2024 – Thursday 8 August 2024 (all day), Lisbon, Team</span>"
      ))
    #expect(
      html.contains(
        "Dentist<span class=\"sr\">, Monday 12 August 2024, 08:30–09:15 (Europe/Berlin)"))
    #expect(html.contains("role=\"group\" aria-label=\"Week of Sunday 4 August 2024\""))
    let bars = html.components(separatedBy: "<a class=\"bar").count - 1
    #expect(bars > 0)
    // No role on an element that cannot take it (axe-core's aria-allowed-role).
    #expect(!html.contains("role=\"listitem\""))
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
    // Paper: landscape, every lane, no +k more and no overlay.
    #expect(html.contains("@page { size: landscape;"))
    #expect(html.contains(".overlay, .overlay:target, a.more { display: none; }"))
    #expect(html.contains(".bar.x, .printed { display: block; }"))
    #expect(html.contains("repeat(var(--all), 1.1rem)"))
    #expect(html.contains(".week { min-height: 4.5rem; break-inside: avoid; }"))
    // The overlays stack above everything and scroll within their height.
    #expect(html.contains(".overlay { display: none; position: fixed; z-index: 100;"))
    #expect(html.contains("max-height: min(60vh, 24rem); overflow: auto;"))
    #expect(html.contains(".overlay:target { display: block; }"))
  }

  @Test("Print gets every lane: the bars past the cap are written, marked x")
  func printLanes() throws {
    let capped = try HTMLMonthRendererTests.page(maxLanes: 3)
    let whole = try HTMLMonthRendererTests.page(maxLanes: 99)
    let count = { (html: String) in html.components(separatedBy: "<a class=\"bar").count }
    #expect(count(capped) == count(whole))
    #expect(capped.contains(" x\" href=") || capped.contains(" x light\" href="))
    #expect(capped.contains("tabindex=\"-1\" aria-hidden=\"true\""))
  }

  @Test("Paper prints at most printedLanes lanes and lists the rest under the row")
  func printCap() throws {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for number in 0..<20 {
      text += "BEGIN:VEVENT\r\nUID:e\(number)@test\r\nDTSTAMP:20240801T000000Z\r\n"
      text += "DTSTART:20240806T\(String(format: "%02d", number))0000Z\r\nSUMMARY:E\(number)\r\n"
      text += "END:VEVENT\r\n"
    }
    let feed = try Feed(text: text + "END:VCALENDAR\r\n")
    let month = try #require(YearMonth(iso: "2024-08"))
    let zone = try #require(DisplayZone(named: "UTC"))
    let layout = try CalendarSource(feeds: [feed]).layOut(
      month, options: MonthViewOptions(zone: zone))
    let html = HTMLMonthRenderer().render(layout)
    let bars = html.components(separatedBy: "<a class=\"bar").count - 1
    #expect(bars == HTMLMonthRenderer.printedLanes)
    // Screen: three lanes and +17; paper: twelve bars and the other 8 listed under the row
    // (no count); the day's list names all 20, each a card.
    #expect(html.contains(">+17<span class=\"word\">"))
    #expect(!html.contains("more p") && !html.contains("more</div>"))
    let printed = try #require(html.components(separatedBy: "<ul class=\"printed\"").last)
    #expect(printed.hasPrefix(" style=\"grid-row: 14\" aria-hidden=\"true\">"))
    let items = printed.components(separatedBy: "</ul>")[0].components(separatedBy: "<li ")
    #expect(
      items.dropFirst().map { $0.components(separatedBy: "\">")[1].prefix(4) } == [
        "E12 ", "E13 ", "E14 ", "E15 ", "E16 ", "E17 ", "E18 ", "E19 ",
      ])
    #expect(items[1].contains("<span class=\"at\">Tuesday 6 August 2024, 12:00–12:00 (UTC)"))
    #expect(html.components(separatedBy: "class=\"overlay card\"").count - 1 == 20)
  }

  @Test("A fragment embeds the months without the page around them")
  func fragment() throws {
    let layouts = try TestFiles.layouts(["team.ics"], month: "2024-08", zone: "Europe/Berlin")
    let renderer = HTMLMonthRenderer()
    let fragment = renderer.fragment(layouts)
    #expect(fragment.hasPrefix("<div class=\"icslanes\">\n<section class=\"month\""))
    #expect(!fragment.contains("<html") && !fragment.contains("<style"))
    #expect(renderer.render(layouts).contains(fragment.dropFirst(25).dropLast(7)))
    #expect(renderer.render(layouts).contains(HTMLStyleSheet.css))
  }
}
