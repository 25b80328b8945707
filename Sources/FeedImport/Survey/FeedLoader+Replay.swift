/// Loading from a ``FeedReplay``: the parts an index kept for the window, instead of a scan.
extension FeedLoader {
  /// Takes the replay's parts as a scan with the same window would have handed them over,
  /// reading each kept VEVENT from the feed at its line (from the checkpoint before it), and
  /// sets the counts and passed-over UIDs the scan would have left. Then ends the load as
  /// ``load(from:)`` does.
  mutating func replay(_ replay: FeedReplay, from byteSource: ByteSource) throws(ImportError) {
    checkpoints = replay.survey.checkpoints
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8 << 10, alignment: 16)
    defer { buffer.deallocate() }
    var tally = ScanTally(window: options.window)
    // The passed-over events that share a UID are cut again and routed as the scan routes
    // them, so that the tally keeps exactly the keys the scan keeps of them.
    for passed in replay.passedOverSharing {
      guard let item = try event(at: passed.line, from: byteSource, buffer),
        tally.route(item) == nil
      else {
        throw .replayMismatch(path: byteSource.path, "line \(passed.line)")
      }
    }
    tally.eventsRead = replay.survey.eventsRead
    tally.eventsPassedOver = replay.eventsPassedOver
    for part in replay.parts {
      if case .part(.calendarBegins(let line)) = part { tally.calendarLines.append(line) }
    }
    self.tally = tally
    for part in replay.parts {
      switch part {
      case .part(.calendarBegins(let line)):
        take(.calendarBegins(line: line))
      case .part(.calendarProperty(let name, let value, let line)):
        take(.calendarProperty(name: name, value: value, line: line))
      case .part(.timeZone(let block, let line)):
        take(.timeZone(block: block, line: line))
      case .part(.brokenEvent(let line, let uid, let reason)):
        take(.brokenEvent(line: line, uid: uid, reason: reason))
      case .part(.notice(let line, let message)):
        take(.notice(line: line, message: message))
      case .event(let line):
        guard let item = try event(at: line, from: byteSource, buffer) else {
          throw .replayMismatch(path: byteSource.path, "no VEVENT at line \(line)")
        }
        take(item)
      }
    }
    try finishLoad(
      sawCalendarData: replay.survey.sawCalendarData,
      startDescription: replay.survey.startDescription, nulBytes: replay.survey.nulBytes)
  }
}

extension ImportError {
  /// What a replay throws when the feed's bytes are not what its index says is at a line: the
  /// file changed while read, or (its keys unchanged) the index is damaged.
  package static func replayMismatch(path: String, _ detail: String) -> ImportError {
    .unreadable(path: path, reason: replayMismatchReason + " (" + detail + ")")
  }

  /// Whether this is a ``replayMismatch(path:_:)``.
  package var isReplayMismatch: Bool {
    guard case .unreadable(_, let reason) = self else { return false }
    return reason.hasPrefix(ImportError.replayMismatchReason + " (")
  }

  private static let replayMismatchReason = "changed while read"
}
