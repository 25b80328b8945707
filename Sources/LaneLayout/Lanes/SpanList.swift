/// The spans a layout was cut from, shared by its segments: a segment reads its strings from its
/// span here instead of holding copies of them.
///
/// Making a segment then costs one reference count on this list instead of one on each of
/// seven strings, and a segment is a fraction of the size. The list is the caller's array
/// (shared, not copied), so a layout keeps that array alive for as long as one of its segments
/// lives.
final class SpanList: Sendable {
  /// The spans, as given.
  let spans: [DaySpan]

  /// A list over `spans`.
  init(_ spans: [DaySpan]) {
    self.spans = spans
  }
}
