import FeedScan

/// Loading from a ``FeedReplay``: the parts an index kept for the window, instead of a scan.
extension FeedLoader {
  /// Takes the replay's parts as a scan with the same window would have handed them over,
  /// reading each kept VEVENT from the feed at its line (from the checkpoint before it), and
  /// sets the counts and passed-over UIDs the scan would have left. Then ends the load as
  /// ``load(from:)`` does.
  mutating func replay(_ replay: FeedReplay, from byteSource: ByteSource) throws(ImportError) {
    checkpoints = replay.survey.checkpoints
    let buffer = EventSweep.makeBuffer()
    defer { buffer.deallocate() }
    let sweep = EventSweep(checkpoints: checkpoints, byteSource: byteSource)
    var tally = ScanTally(window: options.window)
    // The passed-over events that share a UID: the tally keeps what the scan would keep of
    // them, from the index, without reading them again.
    tally.passedOver = replay.passedOver
    tally.eventsRead = replay.survey.eventsRead
    tally.eventsPassedOver = replay.eventsPassedOver
    for part in replay.parts {
      if case .part(.calendarBegins(let line)) = part { tally.calendarLines.append(line) }
    }
    self.tally = tally
    passedOverOutcomes = replay.passedOverParsed
    // The kept VEVENTs the index holds no outcome of are read in one sweep; the parts between
    // them, and the events whose outcome the index holds, are taken in their turn.
    let eventLines = replay.parts.compactMap { part -> Int? in
      if case .event(let line) = part, replay.parsed[line] == nil { line } else { nil }
    }
    var next = replay.parts.startIndex
    var damaged: Int?
    func takeParts(upToEvent: Bool) {
      while next < replay.parts.endIndex {
        switch replay.parts[next] {
        case .event(let line):
          guard let bytes = replay.parsed[line] else {
            if upToEvent { return }
            break
          }
          settleCalendar()
          if let calendar = calendars.indices.last,
            !takeParsed(bytes, line: line, calendar: calendar), damaged == nil
          {
            damaged = line
          }
        case .part(.calendarBegins(let line)): take(.calendarBegins(line: line))
        case .part(.calendarProperty(let name, let value, let line)):
          take(.calendarProperty(name: name, value: value, line: line))
        case .part(.timeZone(let block, let line)): take(.timeZone(block: block, line: line))
        case .part(.brokenEvent(let line, let uid, let reason)):
          take(.brokenEvent(line: line, uid: uid, reason: reason))
        case .part(.notice(let line, let message)): take(.notice(line: line, message: message))
        }
        next += 1
      }
    }
    keepsParsed = true
    try sweep.read(eventLines, into: buffer) { (line, item) throws(ImportError) -> Void in
      takeParts(upToEvent: true)
      guard let item else {
        throw .replayMismatch(path: byteSource.path, "no VEVENT at line \(line)")
      }
      take(item)
      next += 1
    }
    keepsParsed = false
    takeParts(upToEvent: false)
    if let damaged {
      throw .replayMismatch(
        path: byteSource.path, "the outcome kept for the VEVENT at line \(damaged) does not read")
    }
    try finishLoad(
      sawCalendarData: replay.survey.sawCalendarData,
      startDescription: replay.survey.startDescription, nulBytes: replay.survey.nulBytes)
  }

  /// Takes a VEVENT of `calendar` from the outcome an index holds for it (``ParsedOutcome``),
  /// read back with the zones its calendar names now; false when the bytes do not read back,
  /// or were not written for this line and calendar.
  mutating func takeParsed(_ bytes: ArraySlice<UInt8>, line: Int, calendar: Int) -> Bool {
    guard
      let outcome = ParsedOutcome.outcome(
        from: bytes, line: line, resolver: calendars[calendar].resolver)
    else { return false }
    if case .record(let record, _) = outcome {
      guard record.line == line, record.calendar == calendar else { return false }
    }
    take(outcome, block: [], line: line, fallbackUID: nil, calendar: calendar)
    return true
  }
}
