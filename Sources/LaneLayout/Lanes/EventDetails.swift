/// What an event says about itself beyond its times and title: DESCRIPTION, URL, STATUS,
/// ORGANIZER and how many ATTENDEEs it lists. Views show it in a detail card; the JSON writes
/// each field only when the event has it.
public struct EventDetails: Sendable, Hashable, Codable {
  /// An event's STATUS (RFC 5545 3.8.1.11, as VEVENT allows it).
  public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
    /// `STATUS:TENTATIVE`.
    case tentative = "TENTATIVE"
    /// `STATUS:CONFIRMED`.
    case confirmed = "CONFIRMED"
    /// `STATUS:CANCELLED`.
    case cancelled = "CANCELLED"
  }

  /// The most UTF-8 bytes a description keeps, the cut mark included.
  public static let descriptionLimit = 4_096
  /// What ends a description that was cut.
  public static let cutMark = "…"

  /// DESCRIPTION, unescaped; at most ``descriptionLimit`` bytes of UTF-8, cut at a character
  /// boundary and ended with ``cutMark`` when it was longer.
  public private(set) var description: String?
  /// Whether ``description`` was cut.
  public private(set) var descriptionTruncated: Bool
  /// The event's URL property, as written.
  public var url: String?
  /// STATUS, when the event has one icslanes knows.
  public var status: Status?
  /// ORGANIZER: its common name (CN), else its address without `mailto:`.
  public var organizer: String?
  /// How many ATTENDEE properties the event lists, when it lists any.
  public var attendeeCount: Int?

  /// Details with `description` cut to ``descriptionLimit`` when it is longer.
  public init(
    description: String? = nil, url: String? = nil, status: Status? = nil,
    organizer: String? = nil, attendeeCount: Int? = nil
  ) {
    let (text, cut) = EventDetails.capped(description)
    self.description = text
    self.descriptionTruncated = cut
    self.url = url
    self.status = status
    self.organizer = organizer
    self.attendeeCount = attendeeCount
  }

  /// Whether no field is set: a span keeps nil rather than empty details.
  public var isEmpty: Bool {
    description == nil && url == nil && status == nil && organizer == nil
      && attendeeCount == nil
  }

  /// Sets the description, cut as ``init(description:url:status:organizer:attendeeCount:)``
  /// cuts it.
  public mutating func setDescription(_ text: String?) {
    (description, descriptionTruncated) = EventDetails.capped(text)
  }

  /// Sets a description read back from what icslanes wrote, with the cut flag as written (a
  /// text already cut fits the limit, so only the flag says it was cut).
  package mutating func restore(description text: String?, truncated: Bool) {
    setDescription(text)
    if truncated, description != nil { descriptionTruncated = true }
  }

  /// `text` whole when it fits ``descriptionLimit``, else its longest run of whole characters
  /// that fits with ``cutMark`` after it, and whether it was cut.
  static func capped(_ text: String?) -> (String?, Bool) {
    guard let text, text.utf8.count > descriptionLimit else { return (text, false) }
    let room = descriptionLimit - cutMark.utf8.count
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let next = text.index(after: index)
      let size = text.utf8.distance(from: index, to: next)
      if used + size > room { break }
      used += size
      end = next
    }
    return (String(text[..<end]) + cutMark, true)
  }

  /// The keys, flat in a segment's object beside its other fields.
  enum CodingKeys: String, CodingKey {
    case description, descriptionTruncated, url, status, organizer, attendees
  }

  /// Reads the fields written by ``encode(to:)``; each may be missing. A description read back
  /// keeps the cut flag as written.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      url: try container.decodeIfPresent(String.self, forKey: .url),
      status: try container.decodeIfPresent(Status.self, forKey: .status),
      organizer: try container.decodeIfPresent(String.self, forKey: .organizer),
      attendeeCount: try container.decodeIfPresent(Int.self, forKey: .attendees))
    restore(
      description: try container.decodeIfPresent(String.self, forKey: .description),
      truncated: try container.decodeIfPresent(Bool.self, forKey: .descriptionTruncated) == true)
  }

  /// Writes each field present; `descriptionTruncated` only when true.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(description, forKey: .description)
    if descriptionTruncated { try container.encode(true, forKey: .descriptionTruncated) }
    try container.encodeIfPresent(url, forKey: .url)
    try container.encodeIfPresent(status, forKey: .status)
    try container.encodeIfPresent(organizer, forKey: .organizer)
    try container.encodeIfPresent(attendeeCount, forKey: .attendees)
  }

  /// The details a decoder holds beside a segment's or span's fields, nil when it holds none.
  static func decodeIfPresent(from decoder: any Decoder) throws -> EventDetails? {
    let details = try EventDetails(from: decoder)
    return details.isEmpty ? nil : details
  }
}
