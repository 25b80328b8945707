import Testing

@testable import IcsLanes

/// Property tests of the text that reaches a terminal or an HTML page: random titles made of the
/// characters that can break out (quotes, brackets, controls, bidi controls) mixed with combining
/// marks, joiners and wide characters.
@Suite("Markup escaping")
struct MarkupEscapeTests {
  /// Scalars a feed's text can carry, weighted toward the dangerous ones.
  static let alphabet: [Unicode.Scalar] = [
    "a", "Z", " ", "&", "<", ">", "\"", "'", "\n", "\r", "\u{1B}", "\u{07}", "\u{7F}", "\u{85}",
    "\u{9B}", "\u{A0}", "é", "\u{301}", "\u{20DD}", "\u{FE0F}", "\u{200D}", "\u{202E}", "\u{2067}",
    "\u{FEFF}", "\u{2028}", "–", "…", "日", "\u{FF21}", "👍", "\u{1F3FD}", "\u{F8FF}", "#", ";",
  ]

  /// The entities `HTMLText.escape` writes.
  static let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&#10;"]

  /// Random strings of up to 12 scalars, the same on every run.
  static func titles(count: Int) -> [String] {
    var random = SeededRandom(state: 2024)
    return (0..<count).map { _ in
      var scalars = String.UnicodeScalarView()
      for _ in 0..<random.next(13) { scalars.append(alphabet[random.next(alphabet.count)]) }
      return String(scalars)
    }
  }

  /// What the terminal shows for one scalar: a visible stand-in for controls, the scalar else.
  static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
    case 0x7F: "\u{2421}"
    case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: "\u{FFFD}"
    default: scalar
    }
  }

  @Test("sanitize maps every scalar, with or without its plain-text shortcut")
  func sanitizeMapsEveryScalar() {
    for title in MarkupEscapeTests.titles(count: 4_000) {
      let expected = String(
        String.UnicodeScalarView(title.unicodeScalars.map(MarkupEscapeTests.shown)))
      #expect(TerminalText.sanitize(title) == expected)
      #expect(Array(TerminalText.sanitize(title).utf8) == Array(expected.utf8))
    }
  }

  @Test("HTML escape leaves no raw markup or control, and loses nothing")
  func escapeLeavesNoMarkup() {
    for title in MarkupEscapeTests.titles(count: 4_000) {
      let escaped = HTMLText.escape(title)
      var rest = Substring(escaped)
      var decoded = String.UnicodeScalarView()
      while let scalar = rest.unicodeScalars.first {
        if scalar == "&" {
          let entity = MarkupEscapeTests.entities.first { rest.utf8.starts(with: $0.utf8) }
          guard let entity else {
            Issue.record("a bare & in \(escaped.debugDescription)")
            break
          }
          let raw: Unicode.Scalar =
            switch entity {
            case "&amp;": "&"
            case "&lt;": "<"
            case "&gt;": ">"
            case "&quot;": "\""
            case "&#39;": "'"
            default: "\n"
            }
          decoded.append(raw)
          rest = Substring(rest.utf8.dropFirst(entity.utf8.count))
          continue
        }
        let forbidden: Set<Unicode.Scalar> = ["<", ">", "\"", "'", "\n"]
        #expect(
          !forbidden.contains(scalar),
          "raw \(scalar.debugDescription) in \(escaped.debugDescription)")
        #expect(
          MarkupEscapeTests.shown(scalar) == scalar,
          "control \(scalar.debugDescription) in \(escaped.debugDescription)")
        decoded.append(scalar)
        rest = Substring(rest.unicodeScalars.dropFirst())
      }
      let expected = title.unicodeScalars.map { $0 == "\n" ? $0 : MarkupEscapeTests.shown($0) }
      #expect(Array(decoded) == expected)
    }
  }

  @Test("widths and cuts of printable ASCII, taken by bytes, are those of character by character")
  func asciiWidthsMatchCharacters() {
    // Mostly ASCII, with marks, CR LF and wide characters to end the shortcut at any place.
    let letters: [Unicode.Scalar] = ["a", "b", " ", "~", "\u{301}", "\r", "\n", "日", "\u{FE0F}"]
    var random = SeededRandom(state: 77)
    for _ in 0..<4_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<random.next(14) {
        scalars.append(random.next(4) == 0 ? letters[4 + random.next(5)] : letters[random.next(4)])
      }
      let text = String(scalars)
      let characters = Array(text)
      let width = characters.reduce(0) { $0 + TerminalText.width(of: $1) }
      #expect(TerminalText.width(of: text) == width)
      for columns in [-1, 0, 1, 2, 3, 5, 8, 13, Int.max] {
        #expect(TerminalText.width(of: text, upTo: columns) == min(width, columns))
        // The cut character by character: whole characters up to one column short, then "…".
        var expected = text
        if columns <= 0 {
          expected = ""
        } else if width > columns {
          var used = 0
          let kept = characters.prefix { character in
            used += TerminalText.width(of: character)
            return used <= columns - 1
          }
          expected = String(kept) + "…"
        }
        #expect(TerminalText.truncate(text, to: columns) == expected)
      }
    }
  }
}
