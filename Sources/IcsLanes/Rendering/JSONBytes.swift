import LaneLayout

/// The JSON primitives of the layout writer, appended as UTF-8 bytes in the exact form
/// Foundation's `JSONEncoder` writes them with `[.prettyPrinted, .withoutEscapingSlashes]`, plus
/// DEL and the C1 controls escaped.
enum JSONBytes {
  /// `"` … `"` around `string`, escaped as JSONEncoder escapes it: `\"`, `\\`, `\b`, `\f`, `\n`,
  /// `\r`, `\t`, other C0 controls as `\u00xx` (lowercase hex); `/` and non-ASCII written raw,
  /// except DEL and the C1 controls (U+007F–U+009F), which are written `\u00xx` too so that the
  /// output is safe to print on a terminal.
  static func appendString(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(quote)
    var string = string
    string.withUTF8 { appendEscaped($0, to: &bytes) }
    bytes.append(quote)
  }

  /// The escaped form of UTF-8 text, without quotes: runs that need no escape are copied whole.
  static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    let count = utf8.count
    var runStart = 0
    var index = 0
    while index < count {
      guard escapeStarts(at: index, in: utf8) else {
        index += 1
        continue
      }
      let byte = utf8[index]
      if byte == 0xC2 {
        appendRun(utf8, from: runStart, to: index, to: &bytes)
        appendUnicodeEscape(utf8[index + 1], to: &bytes)
        index += 2
        runStart = index
        continue
      }
      appendRun(utf8, from: runStart, to: index, to: &bytes)
      switch byte {
      case quote, backslash:
        bytes.append(backslash)
        bytes.append(byte)
      case 0x08: appendPair(UInt8(ascii: "b"), to: &bytes)
      case 0x0C: appendPair(UInt8(ascii: "f"), to: &bytes)
      case 0x0A: appendPair(UInt8(ascii: "n"), to: &bytes)
      case 0x0D: appendPair(UInt8(ascii: "r"), to: &bytes)
      case 0x09: appendPair(UInt8(ascii: "t"), to: &bytes)
      default: appendUnicodeEscape(byte, to: &bytes)
      }
      index += 1
      runStart = index
    }
    appendRun(utf8, from: runStart, to: count, to: &bytes)
  }

  /// Whether an escape starts at `utf8[index]`: `"`, `\`, a C0 control, DEL, or C2 followed by
  /// 80–9F (a C1 control, U+0080–U+009F). Every other byte is written as it is: printable ASCII
  /// and every other UTF-8 sequence.
  static func escapeStarts(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let byte = utf8[index]
    if byte >= 0x20, byte != quote, byte != backslash, byte != 0x7F, byte != 0xC2 { return false }
    guard byte == 0xC2 else { return true }
    return index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1])
  }

  /// A decimal integer, `-` first when negative.
  static func appendInt(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// `true` or `false`.
  static func appendBool(_ value: Bool, to bytes: inout [UInt8]) {
    append(value ? "true" : "false", to: &bytes)
  }

  /// A start, end or recurrence id: the contract's text, quoted (it never needs an escape).
  static func appendTime(_ time: LocalDateTime, to bytes: inout [UInt8]) {
    bytes.append(quote)
    time.appendContractText(to: &bytes)
    bytes.append(quote)
  }

  /// A day as a `"YYYY-MM-DD"` string, the text of ``Day/description``.
  static func appendDay(_ day: Day, to bytes: inout [UInt8]) {
    bytes.append(quote)
    day.appendISO(to: &bytes)
    bytes.append(quote)
  }

  /// A month as a `"YYYY-MM"` string, the text of ``YearMonth/description``.
  static func appendMonth(_ month: YearMonth, to bytes: inout [UInt8]) {
    guard (0...9999).contains(month.year), (1...12).contains(month.month) else {
      appendString(month.description, to: &bytes)
      return
    }
    bytes.append(quote)
    Day.appendPadded(month.year, 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    Day.appendPadded(month.month, 2, to: &bytes)
    bytes.append(quote)
  }

  /// A line break followed by the indentation of `level` (two spaces a level).
  static func appendNewline(indent level: Int, to bytes: inout [UInt8]) {
    bytes.append(newline)
    appendIndent(level, to: &bytes)
  }

  /// The indentation of `level`: two spaces a level, copied from a row of spaces (every line
  /// of the output starts with one).
  static func appendIndent(_ level: Int, to bytes: inout [UInt8]) {
    var remaining = max(0, level) * 2
    while remaining > 0 {
      let count = min(remaining, spaces.utf8CodeUnitCount)
      bytes.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: count))
      remaining -= count
    }
  }

  private static let spaces: StaticString = "                                                "

  /// Text known to need no escaping (punctuation, keys, literals), copied as it is.
  static func append(_ text: StaticString, to bytes: inout [UInt8]) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let newline = UInt8(ascii: "\n")
  static let space = UInt8(ascii: " ")

  private static func appendRun(
    _ utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, to bytes: inout [UInt8]
  ) {
    if end > start {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
    }
  }

  private static func appendPair(_ letter: UInt8, to bytes: inout [UInt8]) {
    bytes.append(backslash)
    bytes.append(letter)
  }

  /// `\u00xx` with lowercase hex, as JSONEncoder writes C0 controls.
  private static func appendUnicodeEscape(_ value: UInt8, to bytes: inout [UInt8]) {
    append("\\u00", to: &bytes)
    bytes.append(hexDigit(value >> 4))
    bytes.append(hexDigit(value & 0x0F))
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
  }
}
