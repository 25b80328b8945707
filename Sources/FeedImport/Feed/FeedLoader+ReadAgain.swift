import FeedScan
import ICalBridge

/// Reading again only the passed-over events that matter after all, at their recorded places.
extension FeedLoader {
  /// The lines of the passed-over events whose UID is in `keys`, ascending; nil when one of
  /// them has no recorded line (past `UInt32`: a feed of over four billion lines).
  func linesToReadAgain(for keys: Set<Int>) -> [Int]? {
    var lines: [Int] = []
    for (index, key) in tally.passedOver.uids.enumerated() where keys.contains(key) {
      let line = tally.passedOver.lines[index]
      if line == ScanTally.unknownLine { return nil }
      lines.append(Int(line))
    }
    lines.sort()
    return lines
  }

  /// Parses the passed-over events that start at `lines` (ascending) and whose UID is in
  /// `keys`: each is read from the ``LineSplitter/checkpoints`` entry before it up to its
  /// END:VEVENT, never the rest of the feed, through the same splitter and scanner as the
  /// first reading, so that the events come out exactly as the first reading cut them.
  ///
  /// In a replay, the events whose outcome the index kept are taken from it, in their turn
  /// among those read, and the outcomes of the others are kept for the index.
  mutating func readAgain(
    lines: [Int], keys: Set<Int>, from byteSource: ByteSource
  ) throws(ImportError) {
    readsAgain = true
    keepsParsed = passedOverOutcomes != nil
    defer { (readsAgain, keepsParsed) = (false, false) }
    // The lines whose outcome the index kept, with it, and the lines to read.
    var taken: [(line: Int, bytes: ArraySlice<UInt8>)] = []
    var read: [Int] = []
    for line in lines {
      if let bytes = passedOverOutcomes?[line] {
        taken.append((line, bytes))
      } else {
        read.append(line)
      }
    }
    var nextTaken = 0
    func takeKept(before end: Int) throws(ImportError) {
      while nextTaken < taken.count, taken[nextTaken].line < end {
        let (line, bytes) = taken[nextTaken]
        nextTaken += 1
        let calendar = FeedLoader.calendar(ofLine: line, tally.calendarLines)
        guard calendars.indices.contains(calendar) else { continue }
        guard takeParsed(bytes, line: line, calendar: calendar) else {
          throw .replayMismatch(
            path: byteSource.path, "the outcome kept for the VEVENT at line \(line) does not read")
        }
        countReadAgain()
      }
    }
    let buffer = EventSweep.makeBuffer()
    defer { buffer.deallocate() }
    let sweep = EventSweep(checkpoints: checkpoints, byteSource: byteSource)
    try sweep.read(read, into: buffer) { (target, item) throws(ImportError) -> Void in
      try takeKept(before: target)
      guard let item, case .event(let block, let line, let facts) = item, let uid = facts.uid,
        tally.passesOver(facts), keys.contains(FeedLoader.uidKey(uid))
      else { return }
      let calendar = FeedLoader.calendar(ofLine: line, tally.calendarLines)
      guard calendars.indices.contains(calendar) else { return }
      countReadAgain()
      parse(block: block, line: line, facts: facts, calendar: calendar)
    }
    try takeKept(before: Int.max)
    // Back to file order, which the grouping of series relies on.
    records.sortByLine()
  }

  /// The index of the calendar that holds `line`, from the lines where calendars begin.
  static func calendar(ofLine line: Int, _ calendarLines: [Int]) -> Int {
    // The calendars that begin at or before `line` (a line number is far below `Int.max`).
    Bisection.lowerBound(of: line + 1, count: calendarLines.count) { calendarLines[$0] } - 1
  }
}
