import ICalBridge

/// The series of a feed found by the days they can reach, so that a window visits only the
/// series that may touch it, and the others are counted all at once.
///
/// How: a series with a bounded reach sits in the class of its reach's length (a power of two),
/// sorted by its first day; a window looks in each class only from its first day less that
/// class's longest length. A series whose reach is unbounded is always visited. The counts of
/// every series as if none touched the window are made once; a window takes them and puts back
/// the ones of the series it visits. ``Feed/spans(from:through:in:)`` is pinned to visiting
/// every series by `Tests/FeedImportTests/SeriesReachIndexTests.swift`.
struct SeriesReachIndex: Sendable {
  private struct Entry: Sendable {
    let first: Int
    let last: Int
    let series: Int
  }

  /// Bounded reaches by size class (`classes[c]`: lengths below `2^(c+1)`), by first day.
  private let classes: [[Entry]]
  /// The series whose reach is unbounded, ascending.
  private let unbounded: [Int]
  /// The counts of every series when none has an occurrence on the window.
  let outsideCounts: OutsideCounts

  /// Events counted outside the window and cancelled, of series that show nothing.
  struct OutsideCounts: Sendable {
    var outside = 0
    var cancelled = 0
  }

  init(series: [Feed.Series], records: RecordList) {
    var classes: [[Entry]] = []
    var unbounded: [Int] = []
    var counts = OutsideCounts()
    for (index, entry) in series.enumerated() {
      counts.add(SeriesReachIndex.counts(of: entry, records: records))
      guard let reach = entry.reach else {
        unbounded.append(index)
        continue
      }
      let sizeClass = SeriesReachIndex.sizeClass(of: reach)
      while classes.count <= sizeClass { classes.append([]) }
      classes[sizeClass].append(
        Entry(first: reach.lowerBound, last: reach.upperBound, series: index))
    }
    for index in classes.indices { classes[index].sort { $0.first < $1.first } }
    self.classes = classes
    self.unbounded = unbounded
    self.outsideCounts = counts
  }

  /// The series that may touch `first…last` (``Feed/Series/mayTouch(first:last:)``), ascending.
  func series(touching first: Int, _ last: Int) -> [Int] {
    var found = unbounded
    for (sizeClass, entries) in classes.enumerated() {
      let longest = (1 << (sizeClass + 1)) - 1
      var position = Bisection.lowerBound(of: first - longest, count: entries.count) {
        entries[$0].first
      }
      while position < entries.count, entries[position].first <= last {
        if entries[position].last >= first { found.append(entries[position].series) }
        position += 1
      }
    }
    found.sort()
    return found
  }

  /// The counts of `entry` when none of its events has an occurrence on the window.
  static func counts(of entry: Feed.Series, records: RecordList) -> OutsideCounts {
    var batch = SpanBatch()
    EventCount().add(entry, records: records, to: &batch)
    return OutsideCounts(outside: batch.eventsOutside, cancelled: batch.eventsCancelled)
  }

  /// The class of a reach's length: `c` such that the length is below `2^(c+1)`.
  private static func sizeClass(of reach: ClosedRange<Int>) -> Int {
    let length = max(1, reach.upperBound - reach.lowerBound + 1)
    return Int.bitWidth - length.leadingZeroBitCount - 1
  }
}

extension SeriesReachIndex.OutsideCounts {
  mutating func add(_ other: Self) {
    outside += other.outside
    cancelled += other.cancelled
  }

  mutating func remove(_ other: Self) {
    outside -= other.outside
    cancelled -= other.cancelled
  }
}
