/// A problem with a feed that loses nothing, or loses one event that is then listed as skipped.
public struct ImportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The feed's name (file name, or the name given for bytes).
  public var source: String
  /// The line, when known.
  public var line: Int?
  /// The UID of the event concerned, when there is one.
  public var uid: String?
  /// What is wrong.
  public var message: String

  /// A warning.
  public init(source: String, line: Int?, uid: String?, message: String) {
    self.source = source
    self.line = line
    self.uid = uid
    self.message = message
  }

  /// One line: `source:line: event UID: message`, leaving out what is unknown.
  public var description: String {
    var text = source
    if let line { text += ":\(line)" }
    text += ": "
    if let uid, !uid.isEmpty { text += "event \(uid): " }
    return text + message
  }
}
