/// Counts of what happened to a feed's events in one layout. They always add up:
/// `eventsRead == eventsShown + eventsOutside + eventsCancelled + eventsSkipped + eventsDuplicate
/// + eventsFiltered`.
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
  /// Events with an occurrence on the visible days that filters (calendar, category, text) left
  /// out; encoded only when above 0.
  public var eventsFiltered: Int = 0
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
      + eventsFiltered
  }

  enum CodingKeys: String, CodingKey {
    case eventsRead, eventsShown, eventsOutside, eventsCancelled, eventsSkipped, eventsDuplicate,
      eventsFiltered, occurrences, segments
  }

  /// Decodes the counts; a missing `eventsFiltered` is 0.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    eventsRead = try container.decode(Int.self, forKey: .eventsRead)
    eventsShown = try container.decode(Int.self, forKey: .eventsShown)
    eventsOutside = try container.decode(Int.self, forKey: .eventsOutside)
    eventsCancelled = try container.decode(Int.self, forKey: .eventsCancelled)
    eventsSkipped = try container.decode(Int.self, forKey: .eventsSkipped)
    eventsDuplicate = try container.decode(Int.self, forKey: .eventsDuplicate)
    eventsFiltered = try container.decodeIfPresent(Int.self, forKey: .eventsFiltered) ?? 0
    occurrences = try container.decode(Int.self, forKey: .occurrences)
    segments = try container.decode(Int.self, forKey: .segments)
  }

  /// Encodes the counts; `eventsFiltered` only when above 0.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(eventsRead, forKey: .eventsRead)
    try container.encode(eventsShown, forKey: .eventsShown)
    try container.encode(eventsOutside, forKey: .eventsOutside)
    try container.encode(eventsCancelled, forKey: .eventsCancelled)
    try container.encode(eventsSkipped, forKey: .eventsSkipped)
    try container.encode(eventsDuplicate, forKey: .eventsDuplicate)
    if eventsFiltered > 0 { try container.encode(eventsFiltered, forKey: .eventsFiltered) }
    try container.encode(occurrences, forKey: .occurrences)
    try container.encode(segments, forKey: .segments)
  }
}
