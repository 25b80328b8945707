import LaneLayout

/// Which events a layout shows: `--calendar`, `--category` and `--grep`.
///
/// Each kind given must match (a calendar *and* a category *and* a text); within one kind any of
/// the values may match (`--calendar Family --calendar Team` shows both). Every comparison
/// ignores case. An empty filter keeps everything.
///
/// The filter decides per occurrence, on what the occurrence shows: an event whose occurrences
/// on the visible days are all left out counts as `LayoutStats.eventsFiltered`.
public struct EventFilter: Sendable, Hashable {
  /// Calendar names, compared whole: an occurrence's calendar must be one of them.
  public var calendars: [String]
  /// Category names, compared whole: one of the event's CATEGORIES must be one of them.
  public var categories: [String]
  /// Texts, each a substring of the title or the location.
  public var texts: [String]

  /// A filter; by default one that keeps everything.
  public init(calendars: [String] = [], categories: [String] = [], texts: [String] = []) {
    self.calendars = calendars
    self.categories = categories
    self.texts = texts
  }

  /// Whether the filter keeps everything.
  public var isEmpty: Bool {
    calendars.isEmpty && categories.isEmpty && texts.isEmpty
  }

  /// Whether `span` is shown.
  public func matches(_ span: DaySpan) -> Bool {
    if !calendars.isEmpty {
      guard let calendar = span.calendar?.lowercased(),
        calendars.contains(where: { $0.lowercased() == calendar })
      else { return false }
    }
    if !categories.isEmpty {
      let own = (span.categories ?? []).map { $0.lowercased() }
      guard categories.contains(where: { own.contains($0.lowercased()) }) else { return false }
    }
    if !texts.isEmpty {
      let title = span.title.lowercased()
      let location = span.location?.lowercased() ?? ""
      guard
        texts.contains(where: { text in
          let wanted = text.lowercased()
          return title.contains(wanted) || location.contains(wanted)
        })
      else { return false }
    }
    return true
  }
}
