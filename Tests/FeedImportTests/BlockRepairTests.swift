import Testing

@testable import FeedImport

/// `BlockRepair` reads each line of a VEVENT kept for libical: a line not valid UTF-8 is read as
/// Windows-1252, an RRULE with COUNT and UNTIL (or a COUNT below 1) loses its COUNT. It copies
/// nothing until a line changes and tests only RRULE lines as rules; the result must be what
/// reading every line as a `String` gives (`reference`, the plain reading it replaced).
@Suite("Blocks repaired for libical")
struct BlockRepairTests {
  /// The repair line by line, every line copied and read as a `String`.
  static func reference(_ block: [UInt8]) -> (bytes: [UInt8], windows1252: Bool, notes: [String]) {
    var notes: [String] = []
    var decoded = false
    var output: [UInt8] = []
    var lineStart = 0
    while lineStart < block.count {
      var lineEnd = lineStart
      while lineEnd < block.count, block[lineEnd] != 0x0A { lineEnd += 1 }
      let next = lineEnd < block.count ? lineEnd + 1 : lineEnd
      var line = Array(block[lineStart..<next])
      if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil {
        line = BlockRepair.windows1252ToUTF8(line)
        decoded = true
      }
      if let repaired = BlockRepair.repairedRule(line, notes: &notes) { line = repaired }
      output += line
      lineStart = next
    }
    return (output, decoded, notes)
  }

  static let pieces: [String] = [
    "RRULE:FREQ=WEEKLY;COUNT=5;UNTIL=20240101T000000Z", "rrule:freq=daily;count=0",
    "RRULE;X-A=B:FREQ=DAILY;COUNT=-1", "RRULE:FREQ=DAILY;COUNT=3", "rRuLe:COUNT=2;UNTIL=2024",
    "RRUL:COUNT=0", "XRRULE:COUNT=0", " RRULE:COUNT=0", "RRULE", "EXRULE:FREQ=DAILY;COUNT=0",
    "SUMMARY:count on it", "DESCRIPTION:Caf\u{E9} ﬀ ſ", "SUMMARY:東京", "DTSTART:20240101T100000Z",
    "UID:a", "BEGIN:VEVENT", "END:VEVENT", "",
    // Rules the byte test (`ruleMayNeedRepair`) lets through or hands on.
    "RRULE:FREQ=WEEKLY;COUNT = 13", "RRULE:COUNT=013", "RRULE:COUNT= 0", "RRULE:COUNT=\t1",
    "RRULE:FREQ=DAILY;XCOUNT=0", "RRULE:COUNT;UNTIL", "RRULE:FREQ=DAILY;COUNT=1x",
    "RRULE:UNT\u{131}L=20240101;COUNT=2", "RRULE:COUNT=", "RRULE:COUNT=5;X-UNTIL=1",
    "RRULE:FREQ=WEEKLY;COUNT=12;BYDAY=MO", "RRULE:count=7;until=20240101",
    "RRULE:FREQ=WEEKLY;UNTIL=20240701T000000Z", "RRULE:UNTIL=2024;X-COUNT=0",
  ]

  @Test("every block repairs as the line-by-line reading repairs it")
  func repairsAsReference() {
    var random = SeededRandom(state: 5)
    var changed = 0
    for _ in 0..<3_000 {
      var block: [UInt8] = []
      for _ in 0..<(1 + random.next(8)) {
        var line = Array(BlockRepairTests.pieces[random.next(BlockRepairTests.pieces.count)].utf8)
        // Bytes not valid UTF-8 (Windows-1252 letters, a cut sequence), and odd line ends.
        if random.next(5) == 0 {
          line.insert([0xE9, 0x93, 0xC3, 0x80][random.next(4)], at: random.next(line.count + 1))
        }
        block += line + [[0x0D, 0x0A], [0x0A], [0x0D], []][random.next(4)]
      }
      let repair = BlockRepair(block)
      let expected = BlockRepairTests.reference(block)
      #expect(repair.bytes == expected.bytes, "\(block)")
      #expect(repair.decodedWindows1252 == expected.windows1252, "\(block)")
      #expect(repair.notes == expected.notes, "\(block)")
      if repair.bytes != block { changed += 1 }
    }
    // Both kinds of repair were met, and most blocks needed none.
    #expect(changed > 300 && changed < 2_700, "\(changed)")
  }
}

extension BlockRepairTests {
  @Test("the byte test hands on every rule that may need repair")
  func byteTestNeverMissesARepair() {
    for piece in BlockRepairTests.pieces {
      let line = Array(piece.utf8)
      var notes: [String] = []
      if BlockRepair.repairedRule(line, notes: &notes) != nil {
        #expect(BlockRepair.ruleMayNeedRepair(line[...]), "\(piece)")
      }
    }
    // The common rules are settled from their bytes.
    for plain in [
      "RRULE:FREQ=WEEKLY;COUNT=13;BYDAY=MO,WE", "RRULE:FREQ=DAILY;COUNT = 2",
      "RRULE:FREQ=WEEKLY;UNTIL=20240701T000000Z;BYDAY=TU",
    ] {
      #expect(!BlockRepair.ruleMayNeedRepair(Array(plain.utf8)[...]), "\(plain)")
    }
  }
}
