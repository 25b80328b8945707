import ICalBridge
import Recurrence

/// A VEVENT dropped as soon as libical read it because an earlier one of its UID and
/// RECURRENCE-ID is used over it whatever comes later (``FeedLoader/dropsAsRepeat(_:)``): what
/// ``Feed/group(_:dropped:source:)`` needs to count and name it where the record would have
/// been.
struct DroppedRepeat {
  /// The UID (sharing the kept record's storage).
  let uid: String
  /// ``SeriesExpander/key(of:allDay:)`` of its RECURRENCE-ID; nil without one.
  let recurrence: Int64?
  /// Its SEQUENCE.
  let sequence: Int
  /// Its line.
  let line: Int
}

extension FeedLoader {
  /// Whether `record`, just read, repeats an earlier record of the same UID and RECURRENCE-ID
  /// whose SEQUENCE is at least its own, so that it cannot be used (the highest SEQUENCE wins,
  /// on a tie the first): then it is not kept, only remembered as a ``DroppedRepeat``, and a
  /// feed that repeats a few events many times holds those few records, not every copy.
  ///
  /// ``Feed/group(_:dropped:source:)`` folds the dropped ones back in by line, so its counts and
  /// warnings are those of every record kept. Only repeats that cannot change anything else
  /// are dropped: later in the file than the record they repeat, with their zones resolved, no
  /// THISANDFUTURE, and the same status, recurrence and length.
  mutating func dropsAsRepeat(_ record: EventRecord) -> Bool {
    guard !record.uid.isEmpty, !record.hasUnresolvedZone, !record.thisAndFuture else {
      return false
    }
    var hasher = Hasher()
    ExactText.combine(record.uid, into: &hasher)
    if let id = record.recurrenceId {
      hasher.combine(id.year)
      hasher.combine(id.month)
      hasher.combine(id.day)
      hasher.combine(id.hour)
      hasher.combine(id.minute)
      hasher.combine(id.second)
      hasher.combine(id.isDate)
      hasher.combine(id.zone.map { LibicalZone.address(of: $0.pointer) })
    }
    let key = hasher.finalize()
    guard let index = repeatIndex[key], records.indices.contains(index) else {
      repeatIndex[key] = records.count
      return false
    }
    let earlier = records[index]
    let recurrence = record.recurrenceId.map { SeriesExpander.key(of: $0, allDay: record.allDay) }
    guard ExactText.same(earlier.uid, record.uid), earlier.line < record.line,
      !earlier.hasUnresolvedZone,
      !earlier.thisAndFuture,
      earlier.recurrenceId.map({ SeriesExpander.key(of: $0, allDay: earlier.allDay) })
        == recurrence
    else { return false }
    guard earlier.sequence >= record.sequence else {
      // This one is used over the earlier one: later repeats are compared with it.
      repeatIndex[key] = records.count
      return false
    }
    guard earlier.cancelled == record.cancelled, earlier.recurs == record.recurs,
      earlier.length == record.length
    else { return false }
    droppedRepeats.append(
      DroppedRepeat(
        uid: earlier.uid, recurrence: recurrence, sequence: record.sequence, line: record.line))
    return true
  }
}
