/// Colours as calendars write them: RFC 7986 `COLOR` (a CSS3 colour name), Apple's
/// `X-APPLE-CALENDAR-COLOR` (`#RRGGBB` or `#RRGGBBAA`), and the hex a user types.
public enum ColorText {
  /// The colour `text` names as `#rrggbb` (lower case), or nil when it names none.
  ///
  /// Accepted: the 147 CSS3 colour keywords in any case (`darkred`, `CornflowerBlue`), `#rgb`,
  /// `#rrggbb`, and `#rrggbbaa` (the alpha is dropped). Surrounding blanks and quotes are ignored.
  public static func hex(_ text: String) -> String? {
    var value = Substring(text)
    while let first = value.first, first == " " || first == "\t" || first == "\"" {
      value = value.dropFirst()
    }
    while let last = value.last, last == " " || last == "\t" || last == "\"" {
      value = value.dropLast()
    }
    let lower = value.lowercased()
    if let named = CSSColorNames.table[lower] { return named }
    guard lower.hasPrefix("#") else { return nil }
    return hex(digits: lower.dropFirst())
  }

  /// `#rrggbb` for the lower-case digits of `rgb`, `rrggbb` or `rrggbbaa` (the alpha dropped),
  /// given without their `#`; nil for anything else. Only ASCII digits count: Swift's
  /// `isHexDigit` also takes fullwidth ones (`ｆｆ００００`), which no CSS or JSON reader does.
  package static func hex(digits: Substring) -> String? {
    guard digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
    switch digits.count {
    case 3: return "#" + digits.map { "\($0)\($0)" }.joined()
    case 6: return "#" + digits
    case 8: return "#" + digits.prefix(6)
    default: return nil
    }
  }
}
