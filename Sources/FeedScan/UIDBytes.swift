/// The UID of the VEVENT being scanned, gathered as bytes (its value and folded continuations),
/// so that an event the pre-filter passes over costs no `String`: its key is a hash of the
/// bytes, and the text is made only for an event that is kept or read again.
///
/// The text, key and flags are exactly those of the reading that decoded each piece to a
/// `String` and joined them (``text()``): pieces are decoded one by one (a piece that is not
/// UTF-8 is repaired on its own), and a UID whose text grows past ``EventFacts/uidLimit`` bytes
/// is cut to its first 200 characters at that piece.
package struct UIDBytes {
  /// The pieces' bytes, one after the other.
  private var bytes: [UInt8] = []
  /// Where each piece ends in `bytes`.
  private var pieceEnds: [Int] = []
  /// Some piece held a byte of 0x80 or above.
  private(set) var nonASCII = false
  /// Some piece held a backslash.
  private(set) var escaped = false

  /// Whether a UID value (or a continuation of one) was met.
  var seen: Bool { !pieceEnds.isEmpty }

  /// Forgets the UID, keeping the buffers.
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    pieceEnds.removeAll(keepingCapacity: true)
    nonASCII = false
    escaped = false
  }

  /// Adds a piece: the value after `UID…:` or a continuation line without its first blank.
  mutating func append(_ piece: UnsafeBufferPointer<UInt8>.SubSequence) {
    for byte in piece {
      if byte >= 0x80 { nonASCII = true }
      if byte == UInt8(ascii: "\\") { escaped = true }
    }
    bytes.append(contentsOf: piece)
    pieceEnds.append(bytes.count)
  }

  /// Whether the joined text was cut (see ``EventFacts/uidTruncated``).
  var truncated: Bool {
    guard seen else { return false }
    if !nonASCII { return bytes.count > EventFacts.uidLimit }
    return text().truncated
  }

  /// ``FeedLoader/uidKey(_:)`` of ``text()``; nil when no UID was met.
  var key: Int? {
    guard seen else { return nil }
    if nonASCII || bytes.count > EventFacts.uidLimit {
      return UIDBytes.key(of: text().text)
    }
    return bytes.withUnsafeBufferPointer { UIDBytes.key(of: $0) }
  }

  /// The UID as text, and whether it was cut; "" when no UID was met.
  func text() -> (text: String, truncated: Bool) {
    var uid: String?
    var truncated = false
    var start = 0
    bytes.withUnsafeBufferPointer { all in
      for end in pieceEnds {
        let text = String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self)
        start = end
        let whole = uid.map { $0 + text } ?? text
        if whole.utf8.count > EventFacts.uidLimit {
          truncated = true
          uid = String(whole.prefix(200))
        } else {
          uid = whole
        }
      }
    }
    return (uid ?? "", truncated)
  }

  /// A key that matches the UIDs of the byte scan and of libical: the UTF-8 bytes without
  /// leading and trailing spaces and tabs, hashed.
  package static func key(of uid: String) -> Int {
    var text = uid
    return text.withUTF8 { key(of: $0) }
  }

  /// ``key(of:)-(String)`` of UTF-8 bytes.
  package static func key(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
    return hasher.finalize()
  }
}
