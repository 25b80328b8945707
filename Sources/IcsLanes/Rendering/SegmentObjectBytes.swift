import LaneLayout

/// A segment's JSON object written in one go, for ``LayoutJSONWriter``: the bytes its
/// member-by-member writing gives, put together in a buffer on the stack and appended once,
/// rather than in some forty appends that each check the array's room and uniqueness (most of
/// the JSON's time in a month of many segments).
///
/// It takes the segments whose texts need no escape and whose times and days have their usual
/// width, all but a few: ``write(_:span:indent:into:)`` gives false for the others, which the
/// member-by-member writer then writes.
enum SegmentObjectBytes {
  /// The buffer a segment is put together in, small enough for Swift to place on the stack; a
  /// segment that could need more is left to the member-by-member writer.
  static let capacity = 1_024

  /// Appends `segment` (whose span is `span`) to `bytes` as ``LayoutJSONWriter`` writes it at
  /// `indent`; false, appending nothing, when it is not one this writer takes.
  static func write(_ segment: Segment, span: DaySpan, indent: Int, into bytes: inout [UInt8])
    -> Bool
  {
    let (calendar, categories, color) = (span.calendar, span.categories, span.color)
    let (location, title, uid) = (span.location, span.title, span.uid)
    // An upper bound of the bytes this segment takes, with a margin: for each member a comma, a
    // line break, its indentation and its key; the values of known width (booleans, times,
    // days) and the texts' quotes; each category's line; the closing line; and the texts.
    let categoryCount = categories?.count ?? 0
    var room = 512 + 32 * indent + categoryCount * (8 + 2 * indent)
    room += (calendar?.utf8.count ?? 0) + (color?.utf8.count ?? 0)
    room += (location?.utf8.count ?? 0) + title.utf8.count + uid.utf8.count
    for category in categories ?? [] { room += category.utf8.count }
    let details = span.details
    if let details {
      // Six more members at most (2 × indent + 32 bytes each with their quotes), a count of
      // up to 20 digits, and the texts.
      room += 6 * (32 + 2 * indent) + 20
      room += (details.description?.utf8.count ?? 0) + (details.url?.utf8.count ?? 0)
      room += (details.organizer?.utf8.count ?? 0) + 12
    }
    guard indent >= 0, room <= capacity else { return false }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      guard let start = buffer.baseAddress else { return false }
      var out = Cursor(at: start)
      let inner = indent + 1
      out.byte(UInt8(ascii: "{"))
      out.member("\"allDay\" : ", indent: inner, first: true)
      out.bool(segment.allDay)
      if let attendees = details?.attendeeCount {
        out.member("\"attendees\" : ", indent: inner)
        out.integer(attendees)
      }
      if let calendar {
        out.member("\"calendar\" : ", indent: inner)
        guard out.string(calendar) else { return false }
      }
      if let categories {
        out.member("\"categories\" : ", indent: inner)
        out.byte(UInt8(ascii: "["))
        out.byte(JSONBytes.newline)
        for (index, category) in categories.enumerated() {
          if index > 0 { out.text(",\n") }
          out.spaces(inner + 1)
          guard out.string(category) else { return false }
        }
        out.byte(JSONBytes.newline)
        out.spaces(inner)
        out.byte(UInt8(ascii: "]"))
      }
      if let color {
        out.member("\"color\" : ", indent: inner)
        guard out.string(color) else { return false }
      }
      out.member("\"continuesAfter\" : ", indent: inner)
      out.bool(segment.continuesAfter)
      out.member("\"continuesBefore\" : ", indent: inner)
      out.bool(segment.continuesBefore)
      if let description = details?.description {
        out.member("\"description\" : ", indent: inner)
        guard out.string(description) else { return false }
        if details?.descriptionTruncated == true {
          out.member("\"descriptionTruncated\" : ", indent: inner)
          out.bool(true)
        }
      }
      out.member("\"end\" : ", indent: inner)
      guard out.time(span.end) else { return false }
      out.member("\"firstDay\" : ", indent: inner)
      guard out.day(segment.firstDay) else { return false }
      out.member("\"lastDay\" : ", indent: inner)
      guard out.day(segment.lastDay) else { return false }
      if let location {
        out.member("\"location\" : ", indent: inner)
        guard out.string(location) else { return false }
      }
      if let organizer = details?.organizer {
        out.member("\"organizer\" : ", indent: inner)
        guard out.string(organizer) else { return false }
      }
      out.member("\"recurrenceId\" : ", indent: inner)
      if let recurrenceId = span.recurrenceId {
        guard out.time(recurrenceId) else { return false }
      } else {
        out.text("null")
      }
      out.member("\"start\" : ", indent: inner)
      guard out.time(span.start) else { return false }
      if let status = details?.status {
        out.member("\"status\" : ", indent: inner)
        guard out.string(status.rawValue) else { return false }
      }
      out.member("\"title\" : ", indent: inner)
      guard out.string(title) else { return false }
      out.member("\"uid\" : ", indent: inner)
      guard out.string(uid) else { return false }
      if let url = details?.url {
        out.member("\"url\" : ", indent: inner)
        guard out.string(url) else { return false }
      }
      out.byte(JSONBytes.newline)
      out.spaces(indent)
      out.byte(UInt8(ascii: "}"))
      assert(out.at - start <= room, "a segment's JSON outgrew the room counted for it")
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: out.at - start))
      return true
    }
  }

  /// Where the next byte goes; the caller has made room for all it writes.
  private struct Cursor {
    var at: UnsafeMutablePointer<UInt8>
    /// The last day's text: a segment's times and days mostly fall on one day.
    var days = ISODayMemo()

    init(at start: UnsafeMutablePointer<UInt8>) {
      at = start
    }

    mutating func byte(_ value: UInt8) {
      at.initialize(to: value)
      at += 1
    }

    mutating func text(_ text: StaticString) {
      at.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
      at += text.utf8CodeUnitCount
    }

    mutating func spaces(_ level: Int) {
      at.initialize(repeating: JSONBytes.space, count: 2 * level)
      at += 2 * level
    }

    /// A member's start: `,` after the member before, a line break, the indentation and the
    /// quoted key with ` : `.
    mutating func member(_ quotedKey: StaticString, indent: Int, first: Bool = false) {
      if !first { byte(UInt8(ascii: ",")) }
      byte(JSONBytes.newline)
      spaces(indent)
      text(quotedKey)
    }

    /// A count, in decimal.
    mutating func integer(_ value: Int) {
      var digits: [UInt8] = []
      JSONBytes.appendInt(value, to: &digits)
      for digit in digits { byte(digit) }
    }

    mutating func bool(_ value: Bool) {
      text(value ? "true" : "false")
    }

    /// `string` quoted; false when it needs an escape (or is not stored as UTF-8).
    mutating func string(_ string: String) -> Bool {
      let written = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
        guard !SegmentObjectBytes.needsEscape(utf8) else { return false }
        byte(JSONBytes.quote)
        if let base = utf8.baseAddress, !utf8.isEmpty {
          at.initialize(from: base, count: utf8.count)
          at += utf8.count
        }
        byte(JSONBytes.quote)
        return true
      }
      return written ?? false
    }

    /// A start, end or recurrence id, quoted; false when its text is not the usual width.
    mutating func time(_ time: LocalDateTime) -> Bool {
      guard let count = time.writeUsualContractText(at: at + 1, days: &days) else {
        return false
      }
      byte(JSONBytes.quote)
      at += count
      byte(JSONBytes.quote)
      return true
    }

    /// A day, quoted; false when its year is not of four digits.
    mutating func day(_ day: Day) -> Bool {
      guard days.write(day, at: at + 1) else { return false }
      byte(JSONBytes.quote)
      at += 10
      byte(JSONBytes.quote)
      return true
    }
  }

  /// Whether an escape starts at some byte of `utf8` (``JSONBytes/escapeStarts(at:in:)``).
  ///
  /// Eight bytes are looked at a time: a word none of whose bytes is below 0x20 or one of `"`,
  /// `\`, DEL and C2 needs no escape; the bytes of a word that has one are looked at one by one.
  static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return false }
    let count = utf8.count
    var index = 0
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if mayNeedEscape(word), needsEscape(utf8, from: index, to: index + 8) { return true }
      index += 8
    }
    return needsEscape(utf8, from: index, to: count)
  }

  /// Whether an escape starts at a byte of `utf8[start..<end]`.
  private static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Bool
  {
    (start..<end).contains { JSONBytes.escapeStarts(at: $0, in: utf8) }
  }

  /// Whether some byte of `word` is below 0x20, `"`, `\`, DEL or C2 (exact: a zero result
  /// means none is).
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Non-zero exactly when some byte of `value` is zero.
    func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    /// Non-zero exactly when some byte of `word` is `byte`.
    func has(_ byte: UInt8) -> UInt64 { hasZeroByte(word ^ (UInt64(byte) &* ones)) }
    let below = (word &- 0x20 &* ones) & ~word & highs
    let marks = has(JSONBytes.quote) | has(JSONBytes.backslash) | has(0x7F) | has(0xC2)
    return below | marks != 0
  }
}
