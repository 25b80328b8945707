import LaneLayout

/// What the byte scan decides about each component on its own, before libical sees it: it
/// counts the VEVENTs, passes over those that cannot touch the window (the month pre-filter)
/// and remembers their UIDs, so that the loader can tell afterwards when one matters after all.
///
/// Needs only the scan's ``EventFacts`` and the window, never libical, so it runs on the thread
/// that scans while another parses (see ``LoadPipeline``).
package struct ScanTally {
  /// The window of ``ImportOptions/window``; nil keeps every event.
  let window: ClosedRange<Day>?
  /// VEVENT components read (passed over and broken ones included).
  package var eventsRead = 0
  /// VEVENTs the pre-filter passed over.
  package var eventsPassedOver = 0
  /// The keys of every event the pre-filter passed over that has a UID.
  package var passedOver = PassedOverKeys()
  /// The line of each `BEGIN:VCALENDAR` (or bare component that stands for one), in order.
  package var calendarLines: [Int] = []
  package static let unknownLine = UInt32.max

  package init(window: ClosedRange<Day>?) {
    self.window = window
  }

  /// Adds the counts and keys of `later`, the tally of the input that follows this one's (the
  /// second part of a split scan), whose first keys were handed out in `handedOut` (see
  /// ``PassedOverKeys/handOut(reserving:)``): each piece is let go as soon as it is copied, so the keys
  /// are not held twice.
  mutating func append(_ later: ScanTally, handedOut: inout [PassedOverKeys.Piece]) {
    eventsRead += later.eventsRead
    eventsPassedOver += later.eventsPassedOver
    let count = handedOut.reduce(later.passedOver.uids.count) { $0 + $1.uids.count }
    passedOver.uids.reserveCapacity(passedOver.uids.count + count)
    passedOver.lines.reserveCapacity(passedOver.lines.count + count)
    for index in handedOut.indices {
      passedOver.uids.append(contentsOf: handedOut[index].uids)
      passedOver.lines.append(contentsOf: handedOut[index].lines)
      handedOut[index] = PassedOverKeys.Piece()
    }
    handedOut = []
    passedOver.uids.append(contentsOf: later.passedOver.uids)
    passedOver.lines.append(contentsOf: later.passedOver.lines)
    calendarLines.append(contentsOf: later.calendarLines)
  }

  /// Whether the pre-filter passes `facts` over.
  package func passesOver(_ facts: EventFacts) -> Bool {
    facts.passedOver(for: window)
  }

  /// Counts `item`; returns it for libical, or nil when the pre-filter passes it over.
  mutating func route(_ item: ScannedItem) -> ScannedItem? {
    switch item {
    case .event(_, let line, let facts):
      eventsRead += 1
      guard passesOver(facts) else { return item }
      eventsPassedOver += 1
      if let key = facts.uidKey { passedOver.add(uidKey: key, line: line) }
      return nil
    case .passedOver(let line, let uidKey):
      // Passed over by the scanner, with this tally's window.
      eventsRead += 1
      eventsPassedOver += 1
      if let uidKey { passedOver.add(uidKey: uidKey, line: line) }
      return nil
    case .brokenEvent:
      eventsRead += 1
      return item
    case .calendarBegins(let line):
      calendarLines.append(line)
      return item
    case .calendarProperty, .timeZone, .notice:
      return item
    }
  }
}

/// What the scan's tally remembers of the events the pre-filter passes over: each one's UID
/// key and line, so that those of a UID another event is kept for are read after all (a UID
/// group is read whole or not at all). An index keeps the same keys of the passed-over events
/// that share their UID, and gives them back to a replay.
package struct PassedOverKeys: Sendable {
  /// ``FeedLoader/uidKey(_:)`` of each passed-over event.
  package var uids: [Int] = []
  /// The line of each event of ``uids`` (``ScanTally/unknownLine`` past `UInt32`): where to
  /// read it again if its UID group is kept (see ``FeedLoader/readAgain(lines:keys:from:)``).
  package var lines: [UInt32] = []

  /// None yet.
  package init() {}

  /// Keys in the order read: a piece handed out.
  struct Piece {
    var uids: [Int] = []
    var lines: [UInt32] = []
  }

  /// Whether the keys gathered fill a piece of `capacity` (see ``handOut(reserving:)``).
  func fillPiece(of capacity: Int) -> Bool {
    uids.count >= capacity
  }

  /// Hands out the keys gathered so far, and starts again empty with room for a piece of
  /// `capacity` (a split scan's second part, whose keys are copied behind the first part's).
  mutating func handOut(reserving capacity: Int) -> Piece {
    defer {
      uids = []
      lines = []
      reserve(capacity)
    }
    return Piece(uids: uids, lines: lines)
  }

  /// Makes room for a piece of `capacity` keys.
  mutating func reserve(_ capacity: Int) {
    uids.reserveCapacity(capacity)
    lines.reserveCapacity(capacity)
  }

  /// Makes room for the keys of an input of `total` bytes, from the rate of the first
  /// `bytesRead` (with a margin of a half; pages reserved and never written cost no memory).
  mutating func reserve(forBytes total: Int, afterBytes bytesRead: Int) {
    guard bytesRead > 0 else { return }
    let scale = Double(total) / Double(bytesRead) * 1.5
    let limit = Double(total / 16)
    let capacity = Int(min(Double(uids.count) * scale + 1_024, limit))
    uids.reserveCapacity(capacity)
    lines.reserveCapacity(capacity)
  }

  /// Remembers the passed-over event at `line` whose UID has `uidKey`.
  package mutating func add(uidKey: Int, line: Int) {
    uids.append(uidKey)
    lines.append(line < Int(ScanTally.unknownLine) ? UInt32(line) : ScanTally.unknownLine)
  }
}
