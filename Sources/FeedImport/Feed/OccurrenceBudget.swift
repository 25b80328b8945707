/// What one feed may lay out in one window: ``ImportOptions/maximumOccurrencesPerFeed`` plus
/// one occurrence per VEVENT read, spent series by series in file order.
///
/// A series is expanded with what is left as its cap (``ExpansionWindow/occurrenceRoom``); once
/// the budget is spent, each later series that may reach the window is only probed (expanded
/// with no room: it stops at its first occurrence there), so a feed of N events costs the
/// budget plus N small expansions, however many occurrences each could have. What was left out
/// is reported once per window by ``warning(source:)``.
struct OccurrenceBudget {
  /// The occurrences the window may hold.
  let limit: Int
  /// ``ImportOptions/maximumOccurrencesPerFeed``, named in the warning.
  let base: Int
  /// The occurrences laid out so far.
  private(set) var used = 0
  /// The instances the expansions kept so far (those replaced by an override or missing the
  /// days included): at least ``used``.
  private(set) var expanded = 0
  /// Events the budget cut or left out.
  private(set) var eventsCut = 0
  /// Occurrences the budget left out, at least (an expansion stops one past its cap).
  private(set) var leftOut = 0

  /// The budget of a feed read with `options` that has `eventsRead` VEVENTs.
  init(options: ImportOptions, eventsRead: Int) {
    base = max(0, options.maximumOccurrencesPerFeed)
    let (sum, overflow) = base.addingReportingOverflow(max(0, eventsRead))
    limit = overflow ? Int.max : sum
  }

  /// A budget of `limit` occurrences.
  init(limit: Int) {
    base = max(0, limit)
    self.limit = base
  }

  /// What is left.
  var room: Int { max(0, limit - used) }

  /// Spends what one expansion laid out (`shown` occurrences of the `kept` instances it kept)
  /// and notes the occurrences the budget cut from it (`cut`, at least).
  mutating func spend(_ shown: Int, of kept: Int, leftOut cut: Int) {
    used += shown
    expanded += kept
    if cut > 0 {
      eventsCut += 1
      leftOut += cut
    }
  }

  /// The window's warning when the budget left anything out.
  func warning(source: String) -> ImportWarning? {
    guard eventsCut > 0 else { return nil }
    return ImportWarning(
      source: source, line: nil, uid: nil,
      message:
        "more occurrences in the window than the feed's budget of \(limit) (\(base) and one per VEVENT): \(used) are laid out; at least \(leftOut) more, of \(eventsCut) event(s), are left out"
    )
  }
}
