import Testing

@testable import IcsLanes

/// Display widths and cutting, on the characters feeds really contain.
@Suite("Terminal text")
struct TerminalTextTests {
  @Test("Wide, combining and plain characters take 2, 0 and 1 columns")
  func widths() {
    #expect(TerminalText.width(of: "お盆休み") == 8)
    #expect(TerminalText.width(of: "회의") == 4)
    #expect(TerminalText.width(of: "会议") == 4)
    #expect(TerminalText.width(of: "（") == 2)
    // e + COMBINING ACUTE ACCENT is one character of one column, like "é".
    #expect(TerminalText.width(of: "Le\u{301}a") == 3)
    #expect(TerminalText.width(of: "Léa") == 3)
    #expect(TerminalText.width(of: "a\u{200B}b") == 2)
    #expect(TerminalText.width(of: "🎉") == 2)
  }

  @Test("ASCII takes one column each, CR LF too; a bounded width reads no further than its limit")
  func asciiAndBoundedWidths() {
    let ascii = (0...127).map { Character(Unicode.Scalar(UInt8($0))) }
    // The fast path agrees with the scalar rule for every ASCII character.
    for character in ascii {
      let scalar = character.unicodeScalars.first.map(TerminalText.width(of:)) ?? -1
      #expect(TerminalText.width(of: character) == scalar, "\(character.asciiValue ?? 0)")
    }
    #expect(TerminalText.width(of: "\r\n" as Character) == 1)
    #expect(TerminalText.width(of: "abcdef", upTo: 3) == 3)
    #expect(TerminalText.width(of: "ab", upTo: 3) == 2)
    #expect(TerminalText.width(of: "お盆休み", upTo: 5) == 5)
    #expect(TerminalText.width(of: "お盆", upTo: 5) == 4)
    // A title of a million characters is cut after reading the first few.
    let huge = String(repeating: "x", count: 1_000_000)
    #expect(TerminalText.truncate(huge, to: 5) == "xxxx…")
  }

  @Test("A grid of any width is drawn between the narrowest and the widest grid")
  func extremeWidths() throws {
    let layouts = try TestFiles.layouts(
      ["team.ics"], month: "2024-08", months: 1, zone: "Europe/Berlin")
    let widest = TextGridRenderer(width: TextGridRenderer.maximumWidth).render(layouts)
    let narrowest = TextGridRenderer(width: TextGridRenderer.minimumWidth).render(layouts)
    #expect(widest != narrowest)
    for width in [Int.max, Int.max - 8, TextGridRenderer.maximumWidth + 7, 1_000_000] {
      #expect(TextGridRenderer(width: width).render(layouts) == widest, "\(width)")
    }
    for width in [Int.min, Int.min + 7, -5, 0, 1, TextGridRenderer.minimumWidth - 1] {
      #expect(TextGridRenderer(width: width).render(layouts) == narrowest, "\(width)")
    }
  }

  @Test("Weekday names of any column count round the week")
  func weekdayColumns() {
    let names = CalendarNames.english
    #expect(
      names.weekday(column: 0, weekStart: .monday) == names.weekday(column: 7, weekStart: .monday))
    #expect(
      names.weekday(column: -1, weekStart: .monday) == names.weekday(column: 6, weekStart: .monday))
    for column in [Int.min, Int.min + 1, -8, -1, 0, 6, 7, Int.max - 1, Int.max] {
      for start in Weekday.allCases {
        #expect(!names.weekday(column: column, weekStart: start).isEmpty)
      }
    }
  }

  @Test("Cutting ends in an ellipsis and never splits a character")
  func truncation() {
    #expect(TerminalText.truncate("Summer trip", to: 8) == "Summer …")
    #expect(TerminalText.truncate("Summer", to: 6) == "Summer")
    // 5 columns: two wide characters (4) and the ellipsis (1).
    #expect(TerminalText.truncate("夏季休暇", to: 5) == "夏季…")
    // 4 columns: a third wide character would need 6; the cut leaves 3 columns, padded by fit.
    #expect(TerminalText.truncate("夏季休暇", to: 4) == "夏…")
    #expect(TerminalText.fit("夏季休暇", to: 4) == "夏… ")
    // A base letter keeps its combining mark.
    #expect(TerminalText.truncate("Cafe\u{301} Müller", to: 5) == "Cafe\u{301}…")
  }

  @Test("Control characters never reach the terminal")
  func sanitizing() {
    let text = TerminalText.sanitize("\u{1B}]0;pwned\u{07}x\u{9B}y\u{7F}")
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(text == "␛]0;pwned␇x\u{FFFD}y␡")
  }
}
