import Testing

@testable import FeedImport
@testable import ICalBridge

/// UIDs and TZIDs are compared by their bytes (``ExactText``), now with `memcmp`: the same
/// bytes are one identifier, and any other bytes (a byte changed anywhere, one more or one
/// fewer, another Unicode spelling of the same text) are another.
@Suite struct ExactTextTests {
  @Test func identifiersAreTheSameOnlyWhenTheirBytesAre() {
    let uid = "040000008200E00074C5B7101A82E00800000000-é@example.com"
    #expect(ExactText(uid) == ExactText(String(decoding: Array(uid.utf8), as: UTF8.self)))
    #expect(ExactText("") == ExactText(""))
    #expect(ExactText("") != ExactText("a"))
    #expect(ExactText("a") != ExactText(""))
    // Precomposed and decomposed spellings: equal Swift strings, different identifiers.
    #expect("caf\u{E9}" == "cafe\u{301}")
    #expect(ExactText("caf\u{E9}") != ExactText("cafe\u{301}"))
    let bytes = Array(uid.utf8)
    for index in bytes.indices {
      var changed = bytes
      changed[index] ^= 0x01
      #expect(ExactText(uid) != ExactText(String(decoding: changed, as: UTF8.self)))
    }
    #expect(ExactText(uid) != ExactText(String(decoding: bytes.dropLast(), as: UTF8.self)))
    #expect(ExactText(uid) != ExactText(uid + "x"))
    // A text that is not stored as contiguous UTF-8 (bridged or lazily decoded) compares too.
    let substring = Substring(uid + "tail").dropLast(4)
    #expect(ExactText(uid) == ExactText(String(substring)))
  }
}
