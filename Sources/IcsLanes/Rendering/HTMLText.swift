/// Text made safe for HTML: markup characters escaped, control characters made visible.
enum HTMLText {
  /// `text` escaped for element content and quoted attribute values. Control characters
  /// (ESC, BEL, …) become their visible stand-ins, as on the terminal; a newline stays a
  /// newline (as `&#10;`, so a tooltip keeps its lines).
  ///
  /// The escaping goes by Unicode scalar, not by character: a quote or `<` followed by a
  /// combining mark is one Swift `Character` that is not `"`, yet the browser still reads the
  /// quote, so a title like `x"́ onmouseover=…` would end a `title="…"` attribute.
  static func escape(_ text: String) -> String {
    if TerminalText.isPlain(text) && !text.utf8.contains(where: isMarkup) { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result.append(contentsOf: "&#10;".unicodeScalars)
      case "&": result.append(contentsOf: "&amp;".unicodeScalars)
      case "<": result.append(contentsOf: "&lt;".unicodeScalars)
      case ">": result.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
      case "'": result.append(contentsOf: "&#39;".unicodeScalars)
      default: TerminalText.appendSanitized(scalar, to: &result)
      }
    }
    return String(result)
  }

  /// Whether a UTF-8 byte is one of the characters `escape` writes as an entity.
  private static func isMarkup(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }
}
