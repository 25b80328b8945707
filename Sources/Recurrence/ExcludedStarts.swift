import ICalBridge

/// A series' EXDATEs, made ready to test instance after instance: the matching key of each
/// date-time EXDATE (``SeriesExpander/key(of:allDay:)``, a zone conversion each) is worked out
/// once per series instead of once per EXDATE and instance.
package struct ExcludedStarts {
  /// The keys of the date-time EXDATEs, ascending.
  private let keys: [Int64]
  /// The DATE EXDATEs: each excludes every instance on that date, in the series' own time.
  private let dates: [WallTime]

  init(_ exdates: [WallTime], allDay: Bool) {
    var keys: [Int64] = []
    var dates: [WallTime] = []
    for exdate in exdates {
      if exdate.isDate {
        dates.append(exdate)
      } else {
        keys.append(SeriesExpander.key(of: exdate, allDay: allDay))
      }
    }
    self.keys = keys.sorted()
    self.dates = dates
  }

  /// Whether the instance that starts at `time`, of matching key `key`, is excluded.
  func contains(_ time: WallTime, key: Int64) -> Bool {
    Bisection.contains(key, in: keys)
      || dates.contains {
        $0.year == time.year && $0.month == time.month && $0.day == time.day
      }
  }

}
