/// Reading again only the passed-over events that matter after all, at their recorded places.
extension FeedLoader {
  /// The lines of the passed-over events whose UID is in `keys`, ascending; nil when one of
  /// them has no recorded line (past `UInt32`), so that only a whole second reading finds it.
  func linesToReadAgain(for keys: Set<Int>) -> [Int]? {
    var lines: [Int] = []
    for override in tally.passedOver.overrides where keys.contains(override.uid) {
      lines.append(override.line)
    }
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
  /// first reading, so that the events come out exactly as ``readAgain(for:from:)`` reads them.
  mutating func readAgain(
    lines: [Int], keys: Set<Int>, from byteSource: ByteSource
  ) throws(ImportError) {
    secondPass = SecondPass(keys: keys)
    defer { secondPass = nil }
    let buffer = EventSweep.makeBuffer()
    defer { buffer.deallocate() }
    let sweep = EventSweep(checkpoints: checkpoints, byteSource: byteSource)
    try sweep.read(lines, into: buffer) { (_, item) throws(ImportError) -> Void in
      guard let item, case .event(let block, let line, let facts) = item, let uid = facts.uid,
        tally.passesOver(facts), keys.contains(FeedLoader.uidKey(uid))
      else { return }
      let calendar = tally.calendarLines.count { $0 <= line } - 1
      guard calendars.indices.contains(calendar) else { return }
      countReadAgain()
      parse(block: block, line: line, facts: facts, calendar: calendar)
    }
    // Back to file order, which the grouping of series relies on.
    records.sortByLine()
  }

  /// Settles the duplicates among the passed-over events of `uids` (see ``conflictingUIDs()``)
  /// from their byte-level keys, as ``Feed/group(_:dropped:source:)`` would after
  /// libical: in file order, of two events with one UID and RECURRENCE-ID (overrides of one
  /// instance, or two without one) the one with the higher SEQUENCE is used, on a tie the
  /// first. No event is parsed: an override's SEQUENCE was kept by the scan; the other events
  /// of the UID, and its first VEVENT (for the UID's text in the warnings), are cut again from
  /// the checkpoint before them, through the scanner. Returns the UIDs it could not settle that
  /// way (events in different calendars, a UID libical might read differently, a SEQUENCE not
  /// read with certainty), to be read again with libical.
  mutating func decideDuplicates(for uids: Set<Int>, from byteSource: ByteSource)
    throws(ImportError) -> Set<Int>
  {
    var undecided: Set<Int> = []
    // The passed-over events of `uids` as positions in the tally's keys, in (UID key, file)
    // order, rather than a dictionary of small arrays, which would take far more memory.
    let overridePositions = FeedLoader.positions(
      of: uids, count: tally.passedOver.overrides.count
    ) { tally.passedOver.overrides[$0].uid }
    let plainPositions = FeedLoader.positions(of: uids, count: tally.passedOver.uids.count) {
      tally.passedOver.uids[$0]
    }
    let buffer = EventSweep.makeBuffer()
    defer { buffer.deallocate() }
    /// The duplicates found, and the first of them in the order of the lines that found them
    /// (where, the loser's and the winner's lines, and the UID's text): no more are worded.
    var found = FirstDuplicates(limit: FeedLoader.warningLimit)
    var nextOverride = 0
    var nextPlain = 0
    /// The UID key of the `next`-th override (plain event) in that order; nil past the last.
    func overrideUID(_ next: Int) -> Int? {
      overridePositions.indices.contains(next)
        ? tally.passedOver.overrides[overridePositions[next]].uid : nil
    }
    func plainUID(_ next: Int) -> Int? {
      plainPositions.indices.contains(next) ? tally.passedOver.uids[plainPositions[next]] : nil
    }
    while let uid = [overrideUID(nextOverride), plainUID(nextPlain)].compactMap({ $0 }).min() {
      var overrides: [PassedOverride] = []
      while overrideUID(nextOverride) == uid {
        overrides.append(tally.passedOver.overrides[overridePositions[nextOverride]])
        nextOverride += 1
      }
      var plainLines: [Int] = []
      var lineUnknown = false
      while plainUID(nextPlain) == uid {
        let line = tally.passedOver.lines[plainPositions[nextPlain]]
        if line == ScanTally.unknownLine { lineUnknown = true }
        plainLines.append(Int(line))
        nextPlain += 1
      }
      guard !lineUnknown,
        try settleDuplicates(
          of: uid, overrides: overrides, plainLines: plainLines, from: byteSource, buffer,
          into: &found)
      else {
        undecided.insert(uid)
        continue
      }
    }
    // Each settled duplicate is no longer passed over but counted as a duplicate; the first
    // of them in the order of the lines that found them are worded (``warningLimit``).
    for _ in 0..<found.count { countReadAgain() }
    byteDuplicateCount += found.count
    byteDuplicates += found.sorted().map { duplicate in
      (
        duplicate.foundAt, duplicate.winner,
        ImportWarning(
          source: source, line: duplicate.loser, uid: duplicate.uid,
          message: Feed.repeatsMessage(earlier: "line \(duplicate.winner)")
        )
      )
    }
    return undecided
  }

  /// Settles the duplicates among the passed-over events of the UID key `uid`: its
  /// `overrides`, and its events without RECURRENCE-ID at `plainLines`, whose SEQUENCE is read
  /// again (they share one key). Adds each duplicate to `found`; false, adding none, when they
  /// cannot be settled from their bytes.
  private func settleDuplicates(
    of uid: Int, overrides: [PassedOverride], plainLines: [Int], from byteSource: ByteSource,
    _ buffer: UnsafeMutableRawBufferPointer, into found: inout FirstDuplicates
  ) throws(ImportError) -> Bool {
    let lines = plainLines + overrides.map(\.line)
    guard let first = lines.min() else { return true }
    let calendar = FeedLoader.calendar(ofLine: first, tally.calendarLines)
    guard
      lines.allSatisfy({ FeedLoader.calendar(ofLine: $0, tally.calendarLines) == calendar }),
      let facts = try duplicateFacts(at: first, from: byteSource, buffer), facts.uidIsPlain,
      let text = facts.uid, FeedLoader.uidKey(text) == uid
    else { return false }
    var members = overrides
    for line in plainLines {
      guard
        let plainFacts = line == first
          ? facts : try duplicateFacts(at: line, from: byteSource, buffer),
        let plainUID = plainFacts.uid, ExactText.same(plainUID, text),
        !plainFacts.overridesInstance, let sequence = plainFacts.sequence,
        (0...Int(Int32.max)).contains(sequence)
      else { return false }
      members.append(
        PassedOverride(
          uid: uid, instanceKey: Int.min, line: line, replacedDay: 0,
          sequence: Int32(clamping: sequence)))
    }
    members.sort { $0.line < $1.line }
    var chosen: [Int: PassedOverride] = [:]
    for member in members {
      guard let earlier = chosen[member.instanceKey] else {
        chosen[member.instanceKey] = member
        continue
      }
      let winner = earlier.sequence >= member.sequence ? earlier : member
      let loser = winner.line == earlier.line ? member : earlier
      chosen[member.instanceKey] = winner
      found.add((member.line, loser.line, winner.line, text))
    }
    return true
  }

  /// The positions `0..<count` whose key (`key`) is in `uids`, in (key, position) order.
  private static func positions(of uids: Set<Int>, count: Int, key: (Int) -> Int) -> [Int] {
    var positions = (0..<count).filter { uids.contains(key($0)) }
    positions.sort { (key($0), $0) < (key($1), $1) }
    return positions
  }

  /// What ``decideDuplicates(for:from:)`` reads of the passed-over VEVENT that starts at line
  /// `target`: kept by the index the keys came from, else cut again from the feed (nil when no
  /// VEVENT starts there).
  private func duplicateFacts(
    at target: Int, from byteSource: ByteSource, _ buffer: UnsafeMutableRawBufferPointer
  ) throws(ImportError) -> DuplicateFacts? {
    if let (kept, uid) = tally.passedOver.indexed(at: target) {
      // The index keeps the UID without surrounding spaces and tabs: it is the event's text
      // only when the event wrote none.
      return DuplicateFacts(
        uid: kept.flags.contains(.uidIsTrimmed) ? uid : nil,
        uidIsPlain: kept.flags.contains(.uidIsPlain),
        overridesInstance: kept.flags.contains(.overridesInstance),
        sequence: kept.sequence < 0 ? nil : kept.sequence)
    }
    guard let item = try event(at: target, from: byteSource, buffer),
      case .event(_, _, let facts) = item
    else { return nil }
    return DuplicateFacts(
      uid: facts.uid, uidIsPlain: facts.uidIsPlain, overridesInstance: facts.overridesInstance,
      sequence: facts.sequence)
  }

  /// The index of the calendar that holds `line`, from the lines where calendars begin.
  static func calendar(ofLine line: Int, _ calendarLines: [Int]) -> Int {
    // The calendars that begin at or before `line` (a line number is far below `Int.max`).
    Bisection.lowerBound(of: line + 1, count: calendarLines.count) { calendarLines[$0] } - 1
  }

  /// The VEVENT that starts at line `target`, cut by the same splitter and scanner as the
  /// first reading, from the checkpoint before it; a VEVENT left open at the feed's end is
  /// closed there, as the first reading closes it. Nil when no checkpoint covers `target` or no
  /// VEVENT starts there. Every second reading (again, and the index's replay) cuts through it,
  /// or through an ``EventSweep`` over several targets, which cuts them alike.
  func event(
    at target: Int, from byteSource: ByteSource, _ buffer: UnsafeMutableRawBufferPointer
  ) throws(ImportError) -> ScannedItem? {
    var found: ScannedItem?
    try EventSweep(checkpoints: checkpoints, byteSource: byteSource).read([target], into: buffer) {
      _, item in found = item
    }
    return found
  }
}

/// What settles a passed-over event's duplicates: its UID's text (nil when it is not the text
/// the key was made of), whether libical gives that text back byte for byte, whether it has a
/// RECURRENCE-ID, and its SEQUENCE (nil when not read with certainty).
private struct DuplicateFacts {
  let uid: String?
  let uidIsPlain: Bool
  let overridesInstance: Bool
  let sequence: Int?
}

/// The first duplicates found, in the order of the lines that found them, of however many are
/// added: at most twice `limit` are held at a time.
private struct FirstDuplicates {
  /// A duplicate: the line that found it, the loser's and the winner's lines, the UID's text.
  typealias Duplicate = (foundAt: Int, loser: Int, winner: Int, uid: String)

  let limit: Int
  private var held: [Duplicate] = []
  /// How many were added.
  private(set) var count = 0

  init(limit: Int) { self.limit = limit }

  mutating func add(_ duplicate: Duplicate) {
    count += 1
    held.append(duplicate)
    if held.count >= 2 * max(limit, 1) { held = sorted() }
  }

  /// The first `limit` of those added, by the line that found them (each line finds one).
  func sorted() -> [Duplicate] {
    Array(held.sorted { $0.foundAt < $1.foundAt }.prefix(limit))
  }
}
