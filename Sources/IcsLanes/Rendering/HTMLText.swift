/// Text made safe for HTML: markup characters escaped, control characters made visible.
enum HTMLText {
  /// `text` escaped for element content and quoted attribute values. Control characters
  /// (ESC, BEL, …) become their visible stand-ins, as on the terminal; a newline stays a
  /// newline (as `&#10;`, so a tooltip keeps its lines).
  static func escape(_ text: String) -> String {
    var result = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.offset > 0 { result += "&#10;" }
      for character in TerminalText.sanitize(String(line.element)) {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.append(character)
        }
      }
    }
    return result
  }
}
