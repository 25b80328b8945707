/// iCalendar TEXT escapes (RFC 5545 §3.3.11).
package enum ICalText {
  /// `\n`/`\N` → newline, `\,` → `,`, `\;` → `;`, `\\` → `\`; other escapes keep the character.
  static func unescape(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var result = ""
    result.reserveCapacity(text.count)
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n", "N": result.append("\n")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { result.append("\\") }
    return result
  }
}
