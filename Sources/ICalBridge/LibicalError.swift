/// Reads libical's X-LIC-ERROR messages: which property its parser rejected (and removed).
///
/// libical 3.0.16 writes, for a property whose value it cannot read, `No value for NAME
/// property. Removing entire property:` or `Can't parse as KIND value in NAME property.
/// Removing entire property`. The name is taken from its place in those sentences, never from a
/// word found anywhere in the text.
package enum LibicalError {
  /// The property libical removed, or nil when the message is not one of its removal messages.
  static func rejectedProperty(_ message: String) -> String? {
    let words = message.split(separator: " ", omittingEmptySubsequences: true)
    guard let property = words.firstIndex(where: { $0 == "property." }), property >= 1,
      words[property...].starts(with: ["property.", "Removing", "entire", "property:"])
        || words[property...].starts(with: ["property.", "Removing", "entire", "property"])
    else { return nil }
    let name = String(words[property - 1])
    if words.starts(with: ["No", "value", "for"]), property == 4 { return name }
    if words.count > 5, words[0] == "Can't" || words[0] == "Cant", words[1] == "parse",
      words[2] == "as", words[4] == "value", words[5] == "in", property == 7
    {
      return name
    }
    return nil
  }
}
