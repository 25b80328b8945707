import FeedImport
import Foundation
import IcsLanes
import LaneLayout
import Testing

/// Text from a feed never reaches a terminal with raw control characters or escape sequences.
@Suite("Terminal safety")
struct TerminalSafetyTests {
  static let hostileTitle = "\u{1B}]0;pwned\u{07}<script>alert(1)</script>"

  /// Whether `text` holds a C0 control (other than newline), DEL or a C1 control.
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
  }

  @Test("sanitize replaces ESC, BEL and C1 visibly and keeps the rest")
  func sanitize() {
    let clean = TerminalText.sanitize(TerminalSafetyTests.hostileTitle)
    #expect(clean == "␛]0;pwned␇<script>alert(1)</script>")
    #expect(TerminalText.sanitize("a\u{9B}31mb\u{7F}") == "a\u{FFFD}31mb␡")
    #expect(TerminalText.sanitize("Sommerfest 日本") == "Sommerfest 日本")
  }

  @Test("the text grid shows SUMMARY:\\e]0;pwned\\a<script>… without control characters")
  func textGrid() throws {
    let text = Hostile.calendar(
      Hostile.event(
        "pwned", "DTSTART;VALUE=DATE:20240806", "DTEND;VALUE=DATE:20240808",
        "SUMMARY:" + TerminalSafetyTests.hostileTitle))
    let (_, layout, _) = try Hostile.layOut(text: text)
    #expect(layout.segments.first?.title == TerminalSafetyTests.hostileTitle)
    let grid = TextGridRenderer(width: 160).render(layout)
    #expect(!TerminalSafetyTests.hasControls(grid))
    #expect(grid.contains("␛]0;pwned␇"))
  }

  @Test("the HTML page escapes SUMMARY:\\e]0;pwned\\a<script>… and shows no control character")
  func htmlPage() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/terminal-escape.ics"))
    let (layout, _) = try Hostile.layOut([feed])
    let page = HTMLMonthRenderer().render(layout)
    #expect(!page.contains("<script>alert(1)</script>"))
    #expect(!page.contains("<b>bold</b>"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!TerminalSafetyTests.hasControls(page))
    #expect(page.contains("␛]0;pwned␇"))
  }

  @Test("a quote or bracket followed by a combining mark is escaped in every attribute and text")
  func markupWithMarks() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/markup-marks.ics"))
    let (layout, _) = try Hostile.layOut([feed])
    #expect(layout.segments.count == 2)
    let page = HTMLMonthRenderer().render(layout)
    // The page's own markup never puts a mark after a quote or bracket: any such pair came
    // from the feed unescaped.
    let scalars = Array(page.unicodeScalars)
    let markup: Set<Unicode.Scalar> = ["\"", "'", "<", ">"]
    let marks: Set<Unicode.Scalar> = ["\u{301}", "\u{200D}", "\u{FE0F}"]
    let raw = zip(scalars, scalars.dropFirst()).filter { markup.contains($0) && marks.contains($1) }
    #expect(raw.isEmpty)
    // The bar's text, its tooltip and its detail card's heading, each escaped.
    #expect(page.components(separatedBy: "&quot;\u{301} onmouseover").count == 4)
    #expect(page.contains("&#39;\u{301} onclick=alert(4) &amp;\u{301}amp;"))
    let title = "x&quot;\u{301} onmouseover=alert(1) &lt;\u{301}script&gt;alert(2)"
    let attribute = "title=\"" + title
    #expect(page.contains(attribute))
    // A line break of the title stays one in the tooltip, a mark after it stays after it.
    let lines = "title=\"line one&#10;\u{301}line two &quot;\u{200D}&lt;\u{FE0F}&#10;"
    #expect(page.contains(lines))
  }

  @Test("the hostile sample's titles, locations and calendar name never carry controls")
  func hostileSample() throws {
    let feed = try Feed(contentsOf: Hostile.sample("hostile/terminal-escape.ics"))
    let (layout, warnings) = try Hostile.layOut([feed])
    #expect(layout.segments.count == 2)
    for width in [60, 100, 200] {
      #expect(!TerminalSafetyTests.hasControls(TextGridRenderer(width: width).render(layout)))
      // With colour on, the only escapes are the renderer's own SGR sequences.
      let coloured = TextGridRenderer(width: width, color: true).render(layout)
      let withoutSGR = coloured.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      #expect(!TerminalSafetyTests.hasControls(withoutSGR))
    }
    // JSON escapes controls as \u00XX: no raw ESC or BEL in the document.
    let json = try JSONLayoutRenderer.render(layout)
    #expect(!TerminalSafetyTests.hasControls(json))
    #expect(json.contains("\\u001b]0;pwned\\u0007"))
    #expect(json.contains("\\u009b31m C1"))
    let decoded = try JSONDecoder().decode(MonthLayout.self, from: Data(json.utf8))
    #expect(decoded.segments.map(\.title) == layout.segments.map(\.title))
    for warning in warnings {
      #expect(!TerminalSafetyTests.hasControls(TerminalText.sanitize(warning.description)))
    }
  }
}
