import FeedScan
import ICalBridge
import LaneLayout
import Recurrence

/// A duplicate warning, with the line of the VEVENT whose reading found it and the line of the
/// one used instead.
typealias FoundDuplicate = (foundAt: Int, earlier: Int, warning: ImportWarning)

extension Feed {
  /// Drops exact repeats and groups overrides with their masters.
  ///
  /// Duplicates (same UID and same RECURRENCE-ID, or both without one): the one with the highest
  /// SEQUENCE wins; on a tie, the first in the file.
  ///
  /// Each warning comes with the line of the VEVENT whose reading found the duplicate.
  ///
  /// `dropped` are the repeats the loader did not keep (``FeedLoader/dropsAsRepeat(_:)``), in
  /// line order: each is folded in at its line as its record would have been (it never wins),
  /// so the counts and warnings are those of every record.
  ///
  /// `records` are compacted in place when duplicates are dropped: pass them without keeping a
  /// copy, and a million records cost no second list.
  static func group(
    _ records: inout RecordList, dropped: [DroppedRepeat] = [], source: String
  ) -> ([Series], Int, [FoundDuplicate]) {
    let (keep, duplicates, warnings) = foldRepeats(of: records, dropped: dropped, source: source)
    if keep.contains(false) {
      // Kept records moved forward in order, in the same array.
      var kept = 0
      for index in 0..<records.count where keep[index] {
        if kept != index { records.swapAt(kept, index) }
        kept += 1
      }
      records.truncate(to: kept)
    }
    return (series(of: records), duplicates, warnings)
  }

  /// Folds `records` and the `dropped` repeats in, in line order: which records are kept, how
  /// many duplicates there were, and the first of their warnings.
  private static func foldRepeats(
    of records: RecordList, dropped: [DroppedRepeat], source: String
  ) -> (keep: [Bool], duplicates: Int, warnings: [FoundDuplicate]) {
    var folder = RepeatFolder(records: records.count, dropped: dropped.count, source: source)
    var next = dropped.startIndex
    /// Folds the dropped repeats before `line` in.
    func foldDropped(before line: Int) {
      while next < dropped.endIndex, dropped[next].line < line {
        let repeated = dropped[next]
        folder.fold(
          uid: repeated.uid, recurrence: repeated.recurrence, sequence: repeated.sequence,
          line: repeated.line, index: nil)
        next += 1
      }
    }
    // Fields read in place: a copy of each record costs a retain of every reference it holds.
    for index in records.indices where !records[index].uid.isEmpty {
      let line = records[index].line
      foldDropped(before: line)
      let allDay = records[index].allDay
      folder.fold(
        uid: records[index].uid,
        recurrence: records[index].recurrenceId.map { SeriesExpander.key(of: $0, allDay: allDay) },
        sequence: records[index].sequence, line: line, index: index)
    }
    foldDropped(before: Int.max)
    return (folder.keep, folder.duplicates, folder.warnings)
  }

  /// The series of `records` (by UID, in the order of their first record), each with its
  /// reach; a second master of one UID is a series of its own.
  private static func series(of records: RecordList) -> [Series] {
    var seriesIndex: [ExactText: Int] = Dictionary(minimumCapacity: records.count)
    var series: [Series] = []
    for index in records.indices {
      let uid = records[index].uid
      let key = ExactText(uid.isEmpty ? "\u{0}\(index)" : uid)
      // One lookup of the UID: a new one takes the next place as it is read.
      let next = series.count
      func place(_ slot: inout Int) -> Int {
        if slot < 0 { slot = next }
        return slot
      }
      let position = place(&seriesIndex[key, default: -1])
      if position == next { series.append(Series(master: nil, overrides: [])) }
      if records[index].recurrenceId != nil {
        series[position].overrides.append(index)
      } else if series[position].master == nil {
        series[position].master = index
      } else {
        // Two masters with one UID but different content: lay both out as their own series.
        series.append(Series(master: index, overrides: []))
      }
    }
    for position in series.indices {
      let members = ([series[position].master].compactMap { $0 } + series[position].overrides)
      series[position].reach = Series.reach(of: members.map { records[$0].reach })
    }
    return series
  }
}

/// Settles records and dropped repeats, in line order, by their UID and RECURRENCE-ID: of two
/// alike, the one with the higher SEQUENCE is used, on a tie the first.
private struct RepeatFolder {
  /// The record (index) or dropped repeat in use for a UID and RECURRENCE-ID so far.
  struct Used {
    let index: Int?
    let sequence: Int
    let line: Int

    /// The place of a UID and RECURRENCE-ID not met before.
    static let none = Used(index: nil, sequence: 0, line: Int.min)
  }

  /// A UID and RECURRENCE-ID (nil: none), without a string made of both for each record.
  struct Instance: Hashable {
    let uid: ExactText
    let recurrence: Int64?
  }

  let source: String
  private var chosen: [Instance: Used] = [:]
  /// Whether each record is kept.
  private(set) var keep: [Bool]
  /// The first duplicates found (``FeedLoader/warningLimit``); the rest are only counted.
  private(set) var warnings: [FoundDuplicate] = []
  private(set) var duplicates = 0

  init(records: Int, dropped: Int, source: String) {
    self.source = source
    keep = [Bool](repeating: true, count: records)
    // At its final size from the start: growing, it would hold the old table and one twice
    // its size at once.
    chosen.reserveCapacity(records + dropped)
  }

  /// Folds one record (`index`) or dropped repeat (nil) in, in line order.
  mutating func fold(uid: String, recurrence: Int64?, sequence: Int, line: Int, index: Int?) {
    let key = Instance(uid: ExactText(uid), recurrence: recurrence)
    let this = Used(index: index, sequence: sequence, line: line)
    // One lookup of the key: its place is taken as it is read (a UID is hashed once).
    var earlier = Used.none
    func settle(_ slot: inout Used) {
      earlier = slot
      if slot.line == Used.none.line || slot.sequence < sequence { slot = this }
    }
    settle(&chosen[key, default: .none])
    guard earlier.line != Used.none.line else { return }
    duplicates += 1
    let winner = earlier.sequence >= sequence ? earlier : this
    let loser = winner.line == earlier.line ? this : earlier
    if let lost = loser.index { keep[lost] = false }
    guard warnings.count < FeedLoader.warningLimit else { return }
    warnings.append(
      (
        line, winner.line,
        ImportWarning(
          source: source, line: loser.line, uid: uid,
          message: Feed.repeatsMessage(earlier: "line \(winner.line)")
        )
      ))
  }
}
