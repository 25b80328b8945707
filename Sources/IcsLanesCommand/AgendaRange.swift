import LaneLayout

/// The days `--from`, `--days` and `--to` ask the agenda for, as `khal list today 7d` does.
enum AgendaRange {
  /// Days listed when `--from` is given alone.
  static let defaultDays = 7
  /// The most days one run lists (about ten years).
  static let maximumDays = 3_660

  /// The days asked for, or nil when none of the three options is given.
  static func days(_ command: IcsLanesCommand, today: Day?) throws(CommandFailure)
    -> ClosedRange<Day>?
  {
    guard command.from != nil || command.days != nil || command.to != nil else { return nil }
    if command.days != nil && command.to != nil {
      throw usage("--days and --to both say where the list ends: give one")
    }
    if command.month != nil || command.months != 1 {
      throw usage("--from lists days from a day: leave out --month and --months")
    }
    guard command.format == .text || command.format == .agenda else {
      throw usage("--from, --days and --to list days in the agenda: use --format agenda")
    }
    let first: Day
    switch command.from ?? .today {
    case .day(let day): first = day
    case .today:
      guard let today else { throw usage("cannot tell today's date: give --from YYYY-MM-DD") }
      first = today
    }
    let last: Day
    if let to = command.to {
      guard to >= first else { throw usage("--to \(to) is before --from \(first)") }
      last = to
    } else {
      let count = command.days ?? defaultDays
      guard (1...maximumDays).contains(count) else {
        throw usage("--days must be 1 to \(maximumDays)")
      }
      last = first.adding(days: count - 1)
    }
    guard first.distance(to: last) < maximumDays else {
      throw usage("--from \(first) --to \(last) is more than \(maximumDays) days")
    }
    guard month(of: last) != nil else { throw usage("--from \(first) runs past 9999-12-31") }
    return first...last
  }

  /// The months the days are in: the first and how many.
  static func months(of days: ClosedRange<Day>) throws(CommandFailure) -> (YearMonth, Int) {
    guard let first = month(of: days.lowerBound), let last = month(of: days.upperBound) else {
      throw usage("--from \(days.lowerBound) runs past 9999-12-31")
    }
    return (first, (last.year - first.year) * 12 + last.month - first.month + 1)
  }

  static func month(of day: Day) -> YearMonth? {
    let parts = day.components
    return YearMonth(year: parts.year, month: parts.month)
  }

  private static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, code: ExitCodes.usage)
  }
}
