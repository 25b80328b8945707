import FeedImport
import Foundation
import LaneLayout
import Testing

@testable import IcsLanes

/// Calendar colours: the feed's own, the ones given, distinct palette colours, contrast, and the
/// 256-colour fallback.
@Suite("Colours")
struct ColorTests {
  static func feed(_ calendarLines: String, _ eventLines: String = "") throws -> Feed {
    try Feed(
      text: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        X-WR-CALNAME:Colours\r
        \(calendarLines)BEGIN:VEVENT\r
        UID:a@test\r
        DTSTAMP:20240801T000000Z\r
        DTSTART;VALUE=DATE:20240805\r
        SUMMARY:Plain\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:b@test\r
        DTSTAMP:20240801T000000Z\r
        DTSTART;VALUE=DATE:20240806\r
        SUMMARY:Own colour\r
        \(eventLines)END:VEVENT\r
        END:VCALENDAR\r

        """)
  }

  @Test("Every palette colour has at least 4.5:1 contrast with its bar text (WCAG AA)")
  func paletteContrast() throws {
    for hex in CalendarColor.palette {
      let text = ColorContrast.textColor(on: hex)
      let ratio = try #require(ColorContrast.ratio(hex, text))
      #expect(ratio >= 4.5, "\(hex) with \(text): \(ratio)")
    }
    // The ratio itself, on known values.
    #expect(ColorContrast.ratio("#000000", "#ffffff") == 21)
    #expect(abs((ColorContrast.ratio("#777777", "#ffffff") ?? 0) - 4.48) < 0.01)
    #expect(abs((ColorContrast.ratio("#1f77b4", "#ffffff") ?? 0) - 4.82) < 0.01)
    // The purple that white text failed on (4.2:1) now gets black text.
    #expect(ColorContrast.textColor(on: "#9467bd") == "#000000")
    // Any colour reaches 4.5:1 with the better of black and white.
    for value in stride(from: 0, through: 0xFFFFFF, by: 0x0F0F0F + 0x010203) {
      let hex = "#" + String(format: "%06x", value)
      let ratio = try #require(ColorContrast.ratio(hex, ColorContrast.textColor(on: hex)))
      #expect(ratio >= 4.5, "\(hex)")
    }
  }

  @Test("The HTML bar's text colour is the one with the better contrast")
  func htmlTextColour() throws {
    let layouts = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin")
    let html = HTMLMonthRenderer().render(layouts)
    for calendar in try #require(layouts.first?.calendars) {
      let light = ColorContrast.textColor(on: calendar.color) == "#000000"
      let marker = light ? "class=\"bar light\"" : "class=\"bar\""
      let bars = html.components(separatedBy: "--c:\(calendar.color)\"").count - 1
      #expect(bars > 0)
      #expect(html.contains(marker) || html.contains(light ? " light\"" : "\""))
    }
    #expect(HTMLStyleSheet.css.contains(".bar.light { color: #000; }"))
  }

  @Test("Colour text: CSS3 names, #rgb, #rrggbb, Apple's #rrggbbaa")
  func parsing() {
    #expect(ColorText.hex("darkred") == "#8b0000")
    #expect(ColorText.hex("CornflowerBlue") == "#6495ed")
    #expect(ColorText.hex("#ABC") == "#aabbcc")
    #expect(ColorText.hex("#1F77B4") == "#1f77b4")
    #expect(ColorText.hex("#FF2968FF") == "#ff2968")
    #expect(ColorText.hex(" \"teal\" ") == "#008080")
    #expect(ColorText.hex("notacolour") == nil)
    #expect(ColorText.hex("#12345") == nil)
    #expect(ColorText.hex("#gggggg") == nil)
    // Swift's isHexDigit takes fullwidth digits too; no CSS or JSON reader does.
    #expect(ColorText.hex("#ｆｆ００００") == nil)
    #expect(ColorText.hex("#ＡＢＣ") == nil)
    #expect(ColorText.hex("#٠١٢٣٤٥") == nil)
  }

  @Test("Merged calendars get distinct colours, deterministically")
  func distinct() {
    // Alone, both names hash to the same palette entry.
    #expect(CalendarColor.index(for: "Family") == CalendarColor.index(for: "Personal"))
    let both = CalendarColor.assign([("Family", nil), ("Personal", nil)])
    #expect(both.map(\.name) == ["Family", "Personal"])
    #expect(both[0].color == CalendarColor.hex(for: "Family"))
    #expect(both[0].color != both[1].color)
    #expect(both == CalendarColor.assign([("Family", nil), ("Personal", nil)]))
    // Ten calendars take all ten palette colours.
    let ten = CalendarColor.assign((1...10).map { ("Calendar \($0)", nil) })
    #expect(Set(ten.map(\.color)).count == 10)
    // A colour of its own or a given one wins, and frees no palette slot it takes.
    let given = CalendarColor.assign(
      [("Family", nil), ("Personal", "#00ff00"), ("Team", CalendarColor.hex(for: "Family"))],
      given: ["Personal": "#123456"])
    #expect(given[1].color == "#123456")
    #expect(given[2].color == CalendarColor.hex(for: "Family"))
    #expect(given[0].color != given[2].color)
    // The same name twice is one calendar.
    #expect(CalendarColor.assign([("A", nil), ("A", nil)]).count == 1)
  }

  @Test(
    "A feed's COLOR or X-APPLE-CALENDAR-COLOR is its calendar's colour; an event's COLOR its own")
  func feedColours() throws {
    let month = try #require(YearMonth(iso: "2024-08"))
    let zone = try #require(DisplayZone(named: "UTC"))
    let rfc = try ColorTests.feed("COLOR:darkgreen\r\n", "COLOR:tomato\r\n")
    #expect(rfc.color == "#006400")
    let layout = try CalendarSource(feeds: [rfc]).layOut(
      month, options: MonthViewOptions(zone: zone))
    #expect(layout.calendars == [CalendarInfo(name: "Colours", color: "#006400")])
    let own = try #require(layout.segments.first { $0.title == "Own colour" })
    #expect(own.color == "#ff6347")
    #expect(layout.segments.first { $0.title == "Plain" }?.color == nil)
    let json = try JSONLayoutRenderer.render(layout)
    #expect(json.contains("\"color\" : \"#ff6347\""))
    let decoded = try JSONDecoder().decode(MonthLayout.self, from: Data(json.utf8))
    #expect(decoded == layout)
    let html = HTMLMonthRenderer().render(layout)
    #expect(html.contains("--c:#ff6347"))
    #expect(html.contains("--c:#006400"))

    let apple = try ColorTests.feed("X-APPLE-CALENDAR-COLOR:#FF2968FF\r\n")
    #expect(apple.color == "#ff2968")
    let bothKinds = try ColorTests.feed("X-APPLE-CALENDAR-COLOR:#FF2968\r\nCOLOR:navy\r\n")
    #expect(bothKinds.color == "#000080")
    #expect(try ColorTests.feed("COLOR:no-such-colour\r\n").color == nil)
    // Given colours win over the feed's own.
    var options = MonthViewOptions(zone: zone)
    options.calendarColors = ["Colours": "#abcdef"]
    let given = try CalendarSource(feeds: [rfc]).layOut(month, options: options)
    #expect(given.calendars?.first?.color == "#abcdef")
  }

  @Test("A 256-colour bar's text reaches 4.5:1 on the colour drawn, not the one asked for")
  func palette256Contrast() throws {
    #expect(AnsiStyle.paletteHex(16) == "#000000")
    #expect(AnsiStyle.paletteHex(196) == "#ff0000")
    #expect(AnsiStyle.paletteHex(31) == "#0087af")
    #expect(AnsiStyle.paletteHex(244) == "#808080")
    var worst = 21.0
    for red in stride(from: 0, through: 255, by: 5) {
      for green in stride(from: 0, through: 255, by: 5) {
        for blue in stride(from: 0, through: 255, by: 5) {
          let hex = "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
          let drawn = AnsiStyle.paletteHex(AnsiStyle.palette256(red, green, blue))
          let bar = AnsiStyle.bar(hex, trueColor: false)
          let text = bar.hasSuffix(";30m") ? "#000000" : "#ffffff"
          worst = min(worst, try #require(ColorContrast.ratio(drawn, text)))
        }
      }
    }
    #expect(worst >= 4.5)
  }

  @Test("Without 24-bit colour the terminal gets the nearest of 256 colours")
  func palette256() throws {
    #expect(AnsiStyle.palette256(255, 0, 0) == 196)
    #expect(AnsiStyle.palette256(0, 0, 0) == 16)
    #expect(AnsiStyle.palette256(255, 255, 255) == 231)
    #expect(AnsiStyle.palette256(128, 128, 128) == 244)
    #expect(AnsiStyle.palette256(0x1f, 0x77, 0xb4) == 31)
    let layouts = try TestFiles.layouts(
      ["family.ics", "team.ics"], month: "2024-08", zone: "Europe/Berlin")
    var renderer = TextGridRenderer(width: 80, color: true)
    let full = renderer.render(layouts)
    renderer.trueColor = false
    let reduced = renderer.render(layouts)
    #expect(full.contains("\u{1B}[48;2;"))
    #expect(!reduced.contains("\u{1B}[48;2;"))
    #expect(reduced.contains("\u{1B}[48;5;"))
  }
}
