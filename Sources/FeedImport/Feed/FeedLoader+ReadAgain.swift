/// Reading again only the passed-over events that matter after all, at their recorded places.
extension FeedLoader {
  /// The lines of the passed-over events whose UID is in `keys`, ascending; nil when one of
  /// them has no recorded line (past `UInt32`), so that only a whole second reading finds it.
  func linesToReadAgain(for keys: Set<Int>) -> [Int]? {
    var lines: [Int] = []
    for override in tally.passedOverOverrides where keys.contains(override.uid) {
      lines.append(override.line)
    }
    for (index, key) in tally.passedOverUIDs.enumerated() where keys.contains(key) {
      let line = tally.passedOverLines[index]
      if line == ScanTally.unknownLine { return nil }
      lines.append(Int(line))
    }
    lines.sort()
    return lines
  }

  /// Parses the passed-over events that start at `lines` (ascending) and whose UID is in
  /// `keys`: each is read from the ``LineSplitter/checkpoints`` entry before it up to its
  /// END:VEVENT, never the rest of the feed, through the same splitter and scanner as the
  /// first reading, so that the events come out exactly as ``readAgain(for:from:)`` reads them.
  mutating func readAgain(
    lines: [Int], keys: Set<Int>, from byteSource: ByteSource
  ) throws(ImportError) {
    secondPass = SecondPass(keys: keys)
    defer { secondPass = nil }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8 << 10, alignment: 16)
    defer { buffer.deallocate() }
    for target in lines {
      let checkpoint = (target - 1) / LineSplitter.checkpointInterval
      guard checkpoints.indices.contains(checkpoint) else { continue }
      guard let item = try event(at: target, checkpoint: checkpoint, byteSource, buffer),
        case .event(let block, let line, let facts) = item, let uid = facts.uid,
        tally.passesOver(facts), keys.contains(FeedLoader.uidKey(uid))
      else { continue }
      let calendar = tally.calendarLines.count { $0 <= line } - 1
      guard calendars.indices.contains(calendar) else { continue }
      countReadAgain()
      parse(block: block, line: line, facts: facts, calendar: calendar)
    }
    // Back to file order, which the grouping of series relies on.
    records.sort { $0.line < $1.line }
  }

  /// The VEVENT that starts at line `target`, read from checkpoint `checkpoint` on.
  private func event(
    at target: Int, checkpoint: Int, _ byteSource: ByteSource,
    _ buffer: UnsafeMutableRawBufferPointer
  ) throws(ImportError) -> ScannedItem? {
    var offset = checkpoints[checkpoint]
    var splitter = LineSplitter(
      from: offset, firstLine: checkpoint * LineSplitter.checkpointInterval + 1)
    var scanner = ComponentScanner()
    var found: ScannedItem?
    func take(_ item: ScannedItem) {
      if found == nil, case .event(_, let line, _) = item, line == target { found = item }
    }
    while found == nil {
      let count = try byteSource.bytes(at: offset, into: buffer)
      guard count > 0 else { break }
      offset += count
      let chunk = UnsafeBufferPointer(buffer.bindMemory(to: UInt8.self))
      try splitter.feed(UnsafeBufferPointer(rebasing: chunk[0..<count])) {
        (line, number) throws(ImportError) -> Void in
        guard found == nil, number >= target else { return }
        scanner.scan(line, number: number, take)
      }
    }
    if found == nil {
      try splitter.finish { (line, number) throws(ImportError) -> Void in
        guard number >= target else { return }
        scanner.scan(line, number: number, take)
      }
    }
    return found
  }
}
