import LaneLayout

/// What the byte scan decides about each component on its own, before libical sees it: it
/// counts the VEVENTs, passes over those that cannot touch the window (the month pre-filter)
/// and remembers their UIDs, so that the loader can tell afterwards when one matters after all.
///
/// Needs only the scan's ``EventFacts`` and the window, never libical, so it runs on the thread
/// that scans while another parses (see ``LoadPipeline``).
struct ScanTally {
  /// The window of ``ImportOptions/window``; nil keeps every event.
  let window: ClosedRange<Day>?
  /// VEVENT components read (passed over and broken ones included).
  var eventsRead = 0
  /// VEVENTs the pre-filter passed over.
  var eventsPassedOver = 0
  /// The keys of every event the pre-filter passed over that has a UID.
  var passedOver = PassedOverKeys()
  /// The line of each `BEGIN:VCALENDAR` (or bare component that stands for one), in order.
  var calendarLines: [Int] = []
  static let unknownLine = UInt32.max

  init(window: ClosedRange<Day>?) {
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
    let overrides = handedOut.reduce(later.passedOver.overrides.count) {
      $0 + $1.overrides.count
    }
    passedOver.overrides.reserveCapacity(passedOver.overrides.count + overrides)
    for index in handedOut.indices {
      passedOver.uids.append(contentsOf: handedOut[index].uids)
      passedOver.lines.append(contentsOf: handedOut[index].lines)
      passedOver.overrides.append(contentsOf: handedOut[index].overrides)
      handedOut[index] = PassedOverKeys.Piece()
    }
    handedOut = []
    passedOver.uids.append(contentsOf: later.passedOver.uids)
    passedOver.lines.append(contentsOf: later.passedOver.lines)
    passedOver.overrides.append(contentsOf: later.passedOver.overrides)
    calendarLines.append(contentsOf: later.calendarLines)
  }

  /// Whether the pre-filter passes `facts` over.
  func passesOver(_ facts: EventFacts) -> Bool {
    facts.passedOver(for: window)
  }

  /// Counts `item`; returns it for libical, or nil when the pre-filter passes it over.
  mutating func route(_ item: ScannedItem) -> ScannedItem? {
    switch item {
    case .event(_, let line, let facts):
      eventsRead += 1
      guard passesOver(facts) else { return item }
      eventsPassedOver += 1
      if let key = facts.uidKey {
        passedOver.add(uidKey: key, line: line, override: facts.overrideKeys)
      }
      return nil
    case .passedOver(let line, let uidKey, let override):
      // Passed over by the scanner, with this tally's window.
      eventsRead += 1
      eventsPassedOver += 1
      if let uidKey { passedOver.add(uidKey: uidKey, line: line, override: override) }
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

/// What the scan's tally remembers of the events the pre-filter passes over, by their keys,
/// not their texts, so that the loader can tell afterwards when one matters after all. An
/// index keeps the same keys of the passed-over events that share their UID, and gives them
/// back to a replay, which then need not read those events again.
package struct PassedOverKeys: Sendable {
  /// ``FeedLoader/uidKey(_:)`` of each passed-over event that is not an override.
  var uids: [Int] = []
  /// The line of each event of ``uids`` (``ScanTally/unknownLine`` past `UInt32`): where to
  /// read it again if it matters after all (see ``FeedLoader/readAgain(lines:checkpoints:from:)``).
  var lines: [UInt32] = []
  /// The passed-over RECURRENCE-ID overrides, with what the loader needs to tell their
  /// duplicates without libical.
  var overrides: [PassedOverride] = []
  /// When the keys come from an index: what ``FeedLoader/decideDuplicates(for:from:)`` reads
  /// of each event, in the order of their lines (an index hands them out in file order), so
  /// that it reads none again; empty after a scan.
  var indexed: [IndexedDuplicateFacts] = []
  /// The UIDs of ``indexed``, their UTF-8 bytes one after the other.
  var indexedUIDBytes: [UInt8] = []

  /// What an index kept of the passed-over event at `line` (see ``indexed``), with its UID.
  func indexed(at line: Int) -> (facts: IndexedDuplicateFacts, uid: String)? {
    let position = Bisection.lowerBound(of: line, count: indexed.count) { indexed[$0].line }
    guard position < indexed.count, indexed[position].line == line else { return nil }
    let facts = indexed[position]
    return (facts, String(decoding: indexedUIDBytes[facts.uidBytes], as: UTF8.self))
  }

  /// None yet.
  package init() {}

  /// Keys in the order read: a piece handed out.
  struct Piece {
    var uids: [Int] = []
    var lines: [UInt32] = []
    var overrides: [PassedOverride] = []
  }

  /// Whether the keys gathered fill a piece of `capacity` (see ``handOut(reserving:)``).
  func fillPiece(of capacity: Int) -> Bool {
    uids.count >= capacity || overrides.count >= capacity / 8
  }

  /// Hands out the keys gathered so far, and starts again empty with room for a piece of
  /// `capacity` (a split scan's second part, whose keys are copied behind the first part's).
  mutating func handOut(reserving capacity: Int) -> Piece {
    defer {
      uids = []
      lines = []
      overrides = []
      reserve(capacity)
    }
    return Piece(uids: uids, lines: lines, overrides: overrides)
  }

  /// Makes room for a piece of `capacity` keys of events that are not overrides (and an eighth
  /// as many overrides, which take five times the room).
  mutating func reserve(_ capacity: Int) {
    uids.reserveCapacity(capacity)
    lines.reserveCapacity(capacity)
    overrides.reserveCapacity(capacity / 8)
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
    overrides.reserveCapacity(Int(min(Double(overrides.count) * scale + 256, limit)))
  }

  /// Remembers the passed-over event at `line` whose UID has `uidKey`: with `override`
  /// (``EventFacts/overrideKeys``) as an override, else by its UID and line.
  mutating func add(
    uidKey: Int, line: Int, override: (replacedDay: Int, instance: Int, sequence: Int)?
  ) {
    if let override {
      overrides.append(
        PassedOverride(
          uid: uidKey, instanceKey: override.instance, line: line,
          replacedDay: Int32(clamping: override.replacedDay),
          sequence: Int32(clamping: override.sequence)))
    } else {
      uids.append(uidKey)
      lines.append(line < Int(ScanTally.unknownLine) ? UInt32(line) : ScanTally.unknownLine)
    }
  }
}

/// A passed-over event as an index kept it (``SurveyedEvent``): its line, where its UID without
/// surrounding spaces and tabs is kept, ``DuplicateFlags`` and SEQUENCE (-1 when the scan could
/// not read it).
struct IndexedDuplicateFacts {
  let line: Int
  /// Where its UID is in ``PassedOverKeys/indexedUIDBytes``.
  let uidBytes: Range<Int>
  let flags: DuplicateFlags
  let sequence: Int
}

/// A RECURRENCE-ID override the pre-filter passed over, by its byte-level keys: enough to find
/// its duplicates (same UID and instance) and to decide which one is used without libical.
struct PassedOverride {
  /// ``FeedLoader/uidKey(_:)`` of its UID.
  let uid: Int
  /// ``EventFacts/instanceKey`` of the override.
  let instanceKey: Int
  /// The line where the VEVENT begins.
  let line: Int
  /// The day of the instance replaced (the date part of RECURRENCE-ID).
  let replacedDay: Int32
  /// SEQUENCE as libical reads it, or -1 when the scan could not read it with certainty.
  let sequence: Int32
}
