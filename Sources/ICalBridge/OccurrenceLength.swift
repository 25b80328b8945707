/// The length of each occurrence: nominal days (which follow local time across DST changes)
/// plus exact seconds, as RFC 5545 reads DTEND and DURATION.
package struct OccurrenceLength: Sendable, Equatable {
  package var days: Int
  package var seconds: Int

  static let zero = OccurrenceLength(days: 0, seconds: 0)

  /// The longest length kept, in days: from year 1 to year 10000, the reach of any layout.
  /// A longer DURATION or DTEND is clamped to it (with a warning), so that every sum below
  /// stays far inside `Int` and an expansion never looks back further than the calendar goes.
  static let maximumDays = 3_652_425

  /// The longest seconds part kept (the same reach).
  package static let maximumSeconds = maximumDays * 86_400

  /// A length of `days` and `seconds`, each clamped to ±``maximumDays`` (±``maximumSeconds``).
  package init(clampingDays days: Int64, seconds: Int64) {
    self.days = Int(max(-Int64(Self.maximumDays), min(Int64(Self.maximumDays), days)))
    self.seconds = Int(max(-Int64(Self.maximumSeconds), min(Int64(Self.maximumSeconds), seconds)))
  }

  package init(days: Int, seconds: Int) {
    self.days = days
    self.seconds = seconds
  }

  /// Whether a part is at the clamp.
  var isClamped: Bool {
    abs(days) >= Self.maximumDays || abs(seconds) >= Self.maximumSeconds
  }

  /// An upper bound of the length in seconds, for look-back (the parts are clamped first, so
  /// the sum cannot overflow).
  package var maximumSeconds: Int {
    min(max(0, days), Self.maximumDays) * 90_000 + min(max(0, seconds), Self.maximumSeconds)
  }
}
