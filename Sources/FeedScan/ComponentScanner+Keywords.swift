/// Recognising the BEGIN and END lines that bound components.
extension ComponentScanner {
  enum Keyword {
    case begin, end
  }

  /// `BEGIN:NAME` or `END:NAME` (any case): the keyword, the name uppercased, and whether the
  /// name is one of the components every feed writes in full (``commonNames``).
  static func beginOrEnd(_ line: UnsafeBufferPointer<UInt8>) -> (Keyword, String, common: Bool)? {
    guard let base = line.baseAddress, line.count >= 4 else { return nil }
    let first = base[0] | 0x20
    guard first == UInt8(ascii: "b") || first == UInt8(ascii: "e") else { return nil }
    let keyword: Keyword
    let prefixLength: Int
    if EventFacts.hasPrefix(line, "BEGIN:") {
      keyword = .begin
      prefixLength = 6
    } else if EventFacts.hasPrefix(line, "END:") {
      keyword = .end
      prefixLength = 4
    } else {
      return nil
    }
    var start = prefixLength
    var end = line.count
    while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
    while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
    let name = UnsafeBufferPointer(rebasing: line[start..<end])
    // The names every feed repeats, without building a string each time.
    for known in ComponentScanner.commonNames
    where name.count == known.static.utf8CodeUnitCount && EventFacts.hasPrefix(name, known.static) {
      return (keyword, known.utf8, true)
    }
    return (keyword, String(decoding: name, as: UTF8.self).uppercased(), false)
  }

  /// Whether `line`, without a colon, may be the start of a BEGIN or END line folded inside
  /// its keyword (`BEG` + ` IN:VEVENT`).
  static func mayStartKeyword(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.count <= 5, let first = line.first else { return false }
    let keyword = Array(((first | 0x20) == UInt8(ascii: "b") ? "BEGIN" : "END").utf8)
    guard line.count <= keyword.count else { return false }
    for (byte, expected) in zip(line, keyword) {
      let upper = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
      if upper != expected { return false }
    }
    return true
  }

  private static let commonNames: [(static: StaticString, utf8: String)] = [
    ("VEVENT", "VEVENT"), ("VALARM", "VALARM"), ("VTIMEZONE", "VTIMEZONE"),
    ("VCALENDAR", "VCALENDAR"), ("STANDARD", "STANDARD"), ("DAYLIGHT", "DAYLIGHT"),
    ("VTODO", "VTODO"), ("VJOURNAL", "VJOURNAL"), ("VFREEBUSY", "VFREEBUSY"),
  ]
}
