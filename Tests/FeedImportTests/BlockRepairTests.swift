import Testing

@testable import FeedImport
@testable import ICalBridge

/// `BlockRepair` reads each line of a VEVENT kept for libical, a folded line unfolded: a line
/// not valid UTF-8 is read as Windows-1252, an RRULE with COUNT and UNTIL (or a COUNT below 1)
/// loses its COUNT. It copies nothing until a line changes and tests only RRULE lines as rules;
/// the result must be what reading every line as a `String` gives (`reference`, the plain
/// reading it replaced).
@Suite("Blocks repaired for libical")
struct BlockRepairTests {
  /// The repair line by line, every logical line (a line and the lines after it that start
  /// with a space or a tab) unfolded, copied and read as a `String`; a line that changes is
  /// written unfolded.
  static func reference(_ block: [UInt8]) -> (bytes: [UInt8], windows1252: Bool, notes: [String]) {
    var notes: [String] = []
    var decoded = false
    var output: [UInt8] = []
    var lineStart = 0
    func physicalEnd(_ start: Int) -> Int {
      var end = start
      while end < block.count, block[end] != 0x0A { end += 1 }
      return end < block.count ? end + 1 : end
    }
    while lineStart < block.count {
      var next = physicalEnd(lineStart)
      while next < block.count, block[next] == 0x20 || block[next] == 0x09 {
        next = physicalEnd(next)
      }
      let original = Array(block[lineStart..<next])
      // Unfolded: each LF that a continuation follows goes, with a CR just before it and the
      // continuation's first blank.
      var line: [UInt8] = []
      var index = 0
      while index < original.count {
        let byte = original[index]
        if byte == 0x0A, index + 1 < original.count {
          if line.last == 0x0D { line.removeLast() }
          index += 2
          continue
        }
        line.append(byte)
        index += 1
      }
      var changed = false
      if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil {
        line = BlockRepair.windows1252ToUTF8(line)
        decoded = true
        changed = true
      }
      if let repaired = BlockRepair.repairedRule(line, notes: &notes) {
        line = repaired
        changed = true
      }
      output += changed ? line : original
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
    // Folded lines: inside the name, inside COUNT, before a space.
    "RRU\r\n LE:COUNT=0", "RRULE:FREQ=DAILY;CO\r\n UNT=0", "RRULE:UNTIL=2024;COUNT\r\n\t=3",
    "SUMMARY:Caf\u{E9}\r\n  cr\u{E8}me",
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
        // A UTF-8 sequence cut by folding: valid once unfolded.
        if random.next(12) == 0 {
          line = Array("SUMMARY:Caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
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
