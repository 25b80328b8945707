/// An event that could not be used, with the reason.
public struct SkippedEvent: Sendable, Hashable, Codable {
  /// The event's UID, when it has one.
  public var uid: String?
  /// The line of the feed where the event begins, when known.
  public var line: Int?
  /// What was wrong with it.
  public var reason: String

  /// A skipped event.
  public init(uid: String?, line: Int?, reason: String) {
    self.uid = uid
    self.line = line
    self.reason = reason
  }

  enum CodingKeys: String, CodingKey {
    case uid, line, reason
  }

  /// Encodes the event as the contract writes it: `uid` and `line` always present, null when
  /// unknown.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uid, forKey: .uid)
    try container.encode(line, forKey: .line)
    try container.encode(reason, forKey: .reason)
  }
}
