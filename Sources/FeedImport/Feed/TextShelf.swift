import ICalBridge

/// Lets the records of one load share the storage of a title or location they have in common.
///
/// Room bookings and timetables repeat a few room and course names over hundreds of thousands
/// of events, and each record kept its own copy of each (64 bytes or more past 15 bytes of
/// UTF-8; shorter strings live inside the `String` and cost nothing). The shelf remembers the
/// last text seen in each of a fixed number of slots, chosen by a hash, and hands its storage
/// to a later record with the same text. Its memory is fixed whatever the feed: a feed whose
/// titles all differ keeps one per record, as before.
struct TextShelf {
  /// Texts up to this many UTF-8 bytes are stored inside the `String`: nothing to share.
  private static let smallLength = 15
  /// 1,024 strings, 16 KB.
  private var slots = SharingSlots<String>()

  init() {}

  /// A text with the same bytes already on the shelf (sharing its storage), or `text`, now on
  /// the shelf. The bytes, not `==`: Swift's string equality takes a composed "é" for a
  /// decomposed one, and a record must keep the bytes its feed wrote.
  mutating func share(_ text: String) -> String {
    guard text.utf8.count > TextShelf.smallLength else { return text }
    // Hashed and compared as bytes (`ExactText`): equal bytes, equal hashes, so the slot is
    // found; `hashValue` and `elementsEqual` of the UTF-8 views cost ten times as much.
    var hasher = Hasher()
    ExactText.combine(text, into: &hasher)
    return slots.share(text, hash: hasher.finalize()) { ExactText.same($0, $1) }
  }
}
