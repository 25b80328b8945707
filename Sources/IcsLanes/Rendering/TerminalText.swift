/// Text for a terminal: control characters made visible, display widths that count East Asian
/// wide characters as two columns and combining marks as none, and cutting to a width.
public enum TerminalText {
  /// `text` with every control character (C0, DEL, C1) replaced by a visible stand-in, so no
  /// escape sequence from a feed ever reaches the terminal: C0 by its Control Picture (␛ for
  /// ESC), DEL by ␡, C1 by U+FFFD. Unicode's bidirectional embedding, override and isolate
  /// controls (U+202A–U+202E, U+2066–U+2069), which can reorder the rest of a terminal line, and
  /// the invisible byte order mark U+FEFF become U+FFFD too.
  public static func sanitize(_ text: String) -> String {
    if isPlain(text) { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { appendSanitized(scalar, to: &result) }
    return String(result)
  }

  /// `scalar`, or its visible stand-in when `sanitize` replaces it, appended to `result`.
  static func appendSanitized(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
    switch scalar.value {
    case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
    case 0x7F: result.append("\u{2421}")
    case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: result.append("\u{FFFD}")
    default: result.append(scalar)
    }
  }

  /// Whether `text` surely holds nothing `sanitize` replaces and no line break: its UTF-8 has
  /// no C0 control or DEL byte and no lead byte of the blocks the replaced scalars and Unicode's
  /// other line breaks live in (0xC2: U+0080–U+00BF; 0xE2: U+2000–U+2FFF; 0xEF: U+F000–U+FFFF).
  /// A title of plain text is then passed on as it is, without a scalar-by-scalar copy.
  static func isPlain(_ text: String) -> Bool {
    !text.utf8.contains { byte in
      byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
    }
  }

  /// The columns a terminal gives `scalar`: 0 for combining and zero-width marks, 2 for East
  /// Asian wide and fullwidth characters and emoji, else 1.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value == 0x200B || value == 0x200C || value == 0x200D || value == 0xFEFF { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0xFE00...0xFE0F).contains(value) { return 0 }
    if isWide(value) { return 2 }
    return 1
  }

  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF,
      0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
      0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// The columns of a grapheme cluster: its widest scalar (a base and its marks take the base's
  /// width).
  public static func width(of character: Character) -> Int {
    // Every ASCII character (and CR LF) takes one column: no Unicode property lookup.
    if character.isASCII { return 1 }
    var widest = 0
    for scalar in character.unicodeScalars { widest = max(widest, width(of: scalar)) }
    return min(2, widest)
  }

  /// The columns of `text`.
  public static func width(of text: String) -> Int {
    if isPrintableASCII(text) { return text.utf8.count }
    return text.reduce(0) { $0 + width(of: $1) }
  }

  /// Whether the first `count` bytes of `text` (all of it when shorter) are printable ASCII
  /// characters: each is then one character of one column (a line break or a mark is never
  /// among them, nor joins the last of them to what follows), so widths there are byte counts.
  static func isPrintableASCII(_ text: String, prefix count: Int = .max) -> Bool {
    text.utf8.prefix(max(0, count)).allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// The columns of `text`, counted only up to `limit`: `limit` when it takes that many or more
  /// (a renderer asking whether a title fits reads no further than the room it has).
  static func width(of text: String, upTo limit: Int) -> Int {
    if limit <= 0 { return limit }
    if isPrintableASCII(text, prefix: limit == .max ? limit : limit + 1) {
      return min(text.utf8.count, limit)
    }
    var used = 0
    for character in text {
      if used >= limit { return limit }
      used += width(of: character)
    }
    return min(used, limit)
  }

  /// `text` cut to at most `columns` columns, ending in `…` when cut; never splits a character
  /// (a wide character that does not fit is dropped whole).
  public static func truncate(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard columns < .max, width(of: text, upTo: columns + 1) > columns else { return text }
    if isPrintableASCII(text, prefix: columns) {
      return String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + "…"
    }
    var result = ""
    var used = 0
    for character in text {
      let next = width(of: character)
      if used + next > columns - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// `text` cut or padded with spaces to exactly `columns` columns.
  public static func fit(_ text: String, to columns: Int) -> String {
    let cut = truncate(text, to: columns)
    return cut + String(repeating: " ", count: max(0, columns - width(of: cut)))
  }
}
