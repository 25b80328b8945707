/// Where the scan of a second reading (``FeedLoader/readAgain(for:from:)``) hands its items:
/// it keeps the events the first reading passed over whose UID is one of `keys`, with the
/// calendar each is in.
struct SecondReading: ScanSink {
  /// ``FeedLoader/uidKey(_:)`` of the UIDs to read again.
  let keys: Set<Int>
  /// The first reading's tally: which events it passed over.
  let firstReading: ScanTally
  /// The calendar (VCALENDAR) the scan is in, counted from 0.
  private(set) var calendar = -1
  /// The events kept, in file order.
  private(set) var events: [(block: [UInt8], line: Int, facts: EventFacts, calendar: Int)] = []

  init(keys: Set<Int>, firstReading: ScanTally) {
    self.keys = keys
    self.firstReading = firstReading
  }

  mutating func take(_ item: ScannedItem) {
    switch item {
    case .calendarBegins:
      calendar += 1
    case .event(let block, let line, let facts):
      guard let uid = facts.uid, firstReading.passesOver(facts),
        keys.contains(FeedLoader.uidKey(uid))
      else { return }
      events.append((block, line, facts, calendar))
    default:
      break
    }
  }

  func chunkEnded() -> Bool { true }
}
