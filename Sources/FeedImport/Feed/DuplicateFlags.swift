/// What ``FeedLoader/decideDuplicates(for:from:)`` reads of an event besides its UID and
/// SEQUENCE, kept by an index so that a replay settles duplicates without reading the feed.
package struct DuplicateFlags: OptionSet, Sendable, Equatable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }
  /// Its UID is one libical gives back byte for byte (``EventFacts/uidIsPlain``).
  package static let uidIsPlain = DuplicateFlags(rawValue: 1)
  /// Its UID is written without surrounding spaces and tabs (the survey's UID is its text).
  package static let uidIsTrimmed = DuplicateFlags(rawValue: 2)
  /// It has a RECURRENCE-ID (``EventFacts/overridesInstance``).
  package static let overridesInstance = DuplicateFlags(rawValue: 4)

  /// The flags of `facts`, whose UID without surrounding spaces and tabs is `trimmedUID`.
  init(_ facts: EventFacts, trimmedUID: String?) {
    var flags: DuplicateFlags = []
    if facts.uidIsPlain { flags.insert(.uidIsPlain) }
    if let uid = facts.uid, uid.utf8.count == trimmedUID?.utf8.count { flags.insert(.uidIsTrimmed) }
    if facts.overridesInstance { flags.insert(.overridesInstance) }
    self = flags
  }
}
