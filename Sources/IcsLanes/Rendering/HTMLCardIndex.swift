import LaneLayout

/// Numbers the detail cards of one month's page in the order the page first links to them, so
/// that only occurrences someone can open (a bar, a named line of a day's list) get a card: a
/// page with thousands of hidden occurrences does not carry a card for each.
struct HTMLCardIndex {
  private var numbers: [String: Int] = [:]
  /// The first segment of each numbered occurrence, by number.
  private(set) var segments: [Segment] = []

  /// The card number of `segment`'s occurrence, given it a new one when first asked.
  mutating func number(_ segment: Segment) -> Int {
    let key = HTMLEventCard.occurrenceKey(segment)
    if let number = numbers[key] { return number }
    numbers[key] = segments.count
    segments.append(segment)
    return segments.count - 1
  }
}
