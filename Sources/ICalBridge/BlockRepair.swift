/// Repairs, byte by byte, what real software writes wrongly in a VEVENT before libical reads it.
///
/// - A line that is not valid UTF-8 is decoded as Windows-1252 (older Outlook and Lotus
///   exports), so that accented letters are not read as U+FFFD.
/// - An RRULE with a COUNT of 0 or below, or with both COUNT and UNTIL (Confluence writes
///   `UNTIL=20240331;COUNT=-1`), loses its COUNT: libical rejects such a rule whole, and UNTIL
///   is what the writer meant.
///
/// The pre-filter (``RuleFacts``) makes the same reading: UNTIL bounds a rule whatever its
/// COUNT says, and a COUNT below 1 bounds nothing.
package struct BlockRepair {
  /// The repaired block (the input itself when nothing needed repair).
  var bytes: [UInt8]
  /// Some line was decoded as Windows-1252.
  var decodedWindows1252 = false
  /// Warnings about rules whose COUNT was dropped.
  var notes: [String] = []

  init(_ block: [UInt8]) {
    bytes = block
    let ascii = !block.contains(where: { $0 >= 0x80 })
    // An ASCII block changes only where an RRULE line needs repair: most have none (a weekly
    // series with a COUNT), and are settled by looking at the first bytes of each line.
    // (A folded line may split the word COUNT: such a block is looked at line by line.)
    guard
      !ascii
        || (BlockRepair.mayHaveCount(block) || BlockRepair.hasFoldedLine(block))
          && BlockRepair.someRuleMayNeedRepair(block)
    else {
      return
    }
    // Built from the first line that changes; the lines before it are the block's own.
    var output: [UInt8]?
    var lineStart = 0
    while lineStart < block.count {
      let next = BlockRepair.logicalLineEnd(block, from: lineStart)
      let line = block[lineStart..<next]
      // A folded line is judged unfolded: folding may split a UTF-8 sequence or a name.
      let logical = BlockRepair.unfolded(line)
      var replaced: [UInt8]?
      if logical.contains(where: { $0 >= 0x80 }), String(validating: logical, as: UTF8.self) == nil
      {
        replaced = BlockRepair.windows1252ToUTF8(Array(logical))
        decodedWindows1252 = true
      }
      if BlockRepair.isRule(replaced.map { $0[...] } ?? logical),
        BlockRepair.ruleMayNeedRepair(replaced.map { $0[...] } ?? logical),
        let repaired = BlockRepair.repairedRule(replaced ?? Array(logical), notes: &notes)
      {
        replaced = repaired
      }
      if let replaced {
        if output == nil {
          output = Array(block[..<lineStart])
          output?.reserveCapacity(block.count + 16)
        }
        output? += replaced
      } else {
        output? += line
      }
      lineStart = next
    }
    if let output { bytes = output }
  }

  /// The end (after its LF) of the physical line that starts at `start`.
  private static func lineEnd(_ block: [UInt8], from start: Int) -> Int {
    var end = start
    while end < block.count, block[end] != 0x0A { end += 1 }
    return end < block.count ? end + 1 : end
  }

  /// The end of the logical line that starts at `start`: its physical line and the
  /// continuations (lines starting with a space or a tab) after it.
  private static func logicalLineEnd(_ block: [UInt8], from start: Int) -> Int {
    var end = lineEnd(block, from: start)
    while end < block.count, block[end] == 0x20 || block[end] == 0x09 {
      end = lineEnd(block, from: end)
    }
    return end
  }

  /// A logical line unfolded (each line break and the blank after it removed), with the line
  /// ending of its last physical line; the line itself when it is one physical line.
  static func unfolded(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let firstBreak = line.firstIndex(of: 0x0A), firstBreak + 1 < line.endIndex else {
      return line
    }
    var result: [UInt8] = []
    result.reserveCapacity(line.count)
    var start = line.startIndex
    var continuation = false
    while start < line.endIndex {
      var end = start
      while end < line.endIndex, line[end] != 0x0A { end += 1 }
      let last = end + 1 >= line.endIndex
      var contentEnd = end
      if !last, contentEnd > start, line[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      let contentStart = continuation ? min(start + 1, contentEnd) : start
      result += line[contentStart..<(last ? min(end + 1, line.endIndex) : contentEnd)]
      continuation = true
      start = end + 1
    }
    return result[...]
  }

  /// Whether `line` starts with `RRULE:` or `RRULE;`, in any case (what ``repairedRule(_:notes:)``
  /// reads): no other line is turned into a `String`.
  private static func isRule(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.count >= 6 else { return false }
    var index = line.startIndex
    for letter in "rrule".utf8 {
      guard line[index] | 0x20 == letter else { return false }
      index += 1
    }
    return line[index] == UInt8(ascii: ":") || line[index] == UInt8(ascii: ";")
  }

  /// False when the RRULE `line` surely stays as it is, read from its bytes alone: ASCII, and
  /// either no `COUNT` anywhere, or no `UNTIL` and every `COUNT` followed by `=` and a digit
  /// from 1 to 9 (spaces and tabs around the `=` allowed, as ``repairedRule(_:notes:)`` trims
  /// them). The common rules (a weekly series with a COUNT or an UNTIL) then never become
  /// `String`s; true sends the line to ``repairedRule(_:notes:)``, which decides.
  static func ruleMayNeedRepair(_ line: ArraySlice<UInt8>) -> Bool {
    // Upper-casing other letters can make ASCII ones (a dotless ı gives I): let the full
    // reading decide.
    if line.contains(where: { $0 >= 0x80 }) { return true }
    let bytes = Array(line)
    func word(_ text: StaticString, at index: Int) -> Bool {
      guard index + text.utf8CodeUnitCount <= bytes.count else { return false }
      for offset in 0..<text.utf8CodeUnitCount
      where bytes[index + offset] | 0x20 != text.utf8Start[offset] {
        return false
      }
      return true
    }
    func skipBlanks(_ index: inout Int) {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }
    var sawCount = false
    var sawUntil = false
    for index in bytes.indices {
      if word("until", at: index) { sawUntil = true }
      guard word("count", at: index) else { continue }
      sawCount = true
      var next = index + 5
      skipBlanks(&next)
      guard next < bytes.count, bytes[next] == UInt8(ascii: "=") else { return true }
      next += 1
      skipBlanks(&next)
      guard next < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[next])
      else { return true }
    }
    // Without a COUNT there is nothing to drop; with one that is at least 1, only UNTIL
    // beside it makes it go.
    return sawCount && sawUntil
  }

  /// Whether some RRULE line of `block` may need repair (``ruleMayNeedRepair(_:)``), each
  /// folded line judged unfolded.
  private static func someRuleMayNeedRepair(_ block: [UInt8]) -> Bool {
    var lineStart = 0
    while lineStart < block.count {
      let lineEnd = logicalLineEnd(block, from: lineStart)
      let line = unfolded(block[lineStart..<lineEnd])
      if isRule(line), ruleMayNeedRepair(line) { return true }
      lineStart = lineEnd
    }
    return false
  }

  /// Whether some line of `block` continues on the next (which starts with a space or a tab).
  private static func hasFoldedLine(_ block: [UInt8]) -> Bool {
    var index = block.startIndex
    while let lineFeed = block[index...].firstIndex(of: 0x0A) {
      let next = lineFeed + 1
      guard next < block.endIndex else { return false }
      if block[next] == 0x20 || block[next] == 0x09 { return true }
      index = next
    }
    return false
  }

  private static func mayHaveCount(_ block: [UInt8]) -> Bool {
    var index = 0
    while index + 5 <= block.count {
      if block[index] | 0x20 == UInt8(ascii: "c"), block[index + 1] | 0x20 == UInt8(ascii: "o"),
        block[index + 2] | 0x20 == UInt8(ascii: "u"), block[index + 3] | 0x20 == UInt8(ascii: "n"),
        block[index + 4] | 0x20 == UInt8(ascii: "t")
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// The RRULE line without its COUNT part when that part must go; nil when the line stays.
  static func repairedRule(_ line: [UInt8], notes: inout [String]) -> [UInt8]? {
    let upper = String(decoding: line, as: UTF8.self).uppercased()
    guard upper.hasPrefix("RRULE:") || upper.hasPrefix("RRULE;") else { return nil }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    var valueEnd = line.count
    while valueEnd > colon + 1, line[valueEnd - 1] == 0x0A || line[valueEnd - 1] == 0x0D {
      valueEnd -= 1
    }
    let value = String(decoding: line[(colon + 1)..<valueEnd], as: UTF8.self)
    let parts = value.split(separator: ";", omittingEmptySubsequences: false)
    func name(_ part: Substring) -> String {
      String(part.prefix { $0 != "=" }).trimmingASCIIWhitespace().uppercased()
    }
    guard let countPart = parts.first(where: { name($0) == "COUNT" }) else { return nil }
    let countText = String(countPart.drop { $0 != "=" }.dropFirst()).trimmingASCIIWhitespace()
    let hasUntil = parts.contains { name($0) == "UNTIL" }
    let count = Int(countText)
    guard hasUntil || (count.map { $0 < 1 } ?? false) else { return nil }
    let kept = parts.filter { name($0) != "COUNT" }.joined(separator: ";")
    let place = "RRULE"
    notes.append(
      hasUntil
        ? "\(place) has both COUNT and UNTIL: read with UNTIL and without COUNT"
        : "\(place) has COUNT=\(countText): read without COUNT")
    return Array(line[..<(colon + 1)]) + Array(kept.utf8) + Array(line[valueEnd...])
  }

  /// Windows-1252's letters for 0x80…0x9F (0 where the code page has none; those are kept as
  /// the C1 control of the same number).
  private static let high: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  static func windows1252ToUTF8(_ line: [UInt8]) -> [UInt8] {
    var text = String.UnicodeScalarView()
    for byte in line {
      var code = UInt32(byte)
      if (0x80...0x9F).contains(byte), high[Int(byte - 0x80)] != 0 {
        code = high[Int(byte - 0x80)]
      }
      if let scalar = Unicode.Scalar(code) { text.append(scalar) }
    }
    return Array(String(text).utf8)
  }
}
