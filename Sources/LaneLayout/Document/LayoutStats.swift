/// Counts of what happened to a feed's events in one layout. They always add up:
/// `eventsRead == eventsShown + eventsOutside + eventsCancelled + eventsSkipped + eventsDuplicate`.
public struct LayoutStats: Sendable, Hashable, Codable {
  /// VEVENT components read from the feed(s), overrides included.
  public var eventsRead: Int
  /// Events with at least one occurrence laid out.
  public var eventsShown: Int
  /// Events with no occurrence on the visible days (including events the pre-filter passed over).
  public var eventsOutside: Int
  /// Events left out because their STATUS is CANCELLED.
  public var eventsCancelled: Int
  /// Events that could not be used (listed in `skipped`).
  public var eventsSkipped: Int
  /// Exact repeats of an earlier VEVENT (same UID and RECURRENCE-ID); the first one wins.
  public var eventsDuplicate: Int
  /// Occurrences laid out (one occurrence may give several segments).
  public var occurrences: Int
  /// Segments placed in week rows.
  public var segments: Int

  /// Stats with every count given.
  public init(
    eventsRead: Int = 0, eventsShown: Int = 0, eventsOutside: Int = 0, eventsCancelled: Int = 0,
    eventsSkipped: Int = 0, eventsDuplicate: Int = 0, occurrences: Int = 0, segments: Int = 0
  ) {
    self.eventsRead = eventsRead
    self.eventsShown = eventsShown
    self.eventsOutside = eventsOutside
    self.eventsCancelled = eventsCancelled
    self.eventsSkipped = eventsSkipped
    self.eventsDuplicate = eventsDuplicate
    self.occurrences = occurrences
    self.segments = segments
  }

  /// Whether the event counts add up to the events read.
  public var addsUp: Bool {
    eventsRead == eventsShown + eventsOutside + eventsCancelled + eventsSkipped + eventsDuplicate
  }
}
