import LaneLayout

/// The colour of each calendar: one given for it (`--color-of`, a config file, a folder's
/// `color` file), else the feed's own (COLOR, X-APPLE-CALENDAR-COLOR), else a palette colour
/// chosen from its name, distinct from the other calendars' while the palette lasts.
public enum CalendarColor {
  /// A palette readable on light and dark backgrounds; with black or white text, whichever
  /// contrasts more, every entry reaches WCAG AA (4.5:1).
  public static let palette = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b",
    "#bcbd22", "#7f7f7f",
  ]

  /// The palette index for `name` (FNV-1a of its UTF-8 bytes, so it never changes between runs).
  public static func index(for name: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return Int(hash % UInt32(palette.count))
  }

  /// The `#rrggbb` colour for `name` on its own: its palette entry.
  public static func hex(for name: String) -> String {
    palette[index(for: name)]
  }

  /// The colours of calendars shown together, one entry per distinct name in the order given.
  ///
  /// - Parameters:
  ///   - calendars: each calendar's name and its own colour (`#rrggbb`), when it has one.
  ///   - given: colours set for calendars by name; they win over the calendars' own.
  ///
  /// A calendar without a colour takes its name's palette entry (``index(for:)``) or, when an
  /// earlier calendar holds that entry, the next free one after it, so that two calendars never
  /// share a palette colour until all ten are taken. The result depends only on the names, their
  /// order and the colours given: the same calendars always get the same colours.
  public static func assign(
    _ calendars: [(name: String, color: String?)], given: [String: String] = [:]
  ) -> [CalendarInfo] {
    var names: [String] = []
    var fixed: [String: String] = [:]
    for calendar in calendars where !names.contains(calendar.name) {
      names.append(calendar.name)
      if let color = given[calendar.name] ?? calendar.color { fixed[calendar.name] = color }
    }
    var taken = Set(fixed.values.compactMap { palette.firstIndex(of: $0.lowercased()) })
    return names.map { name in
      if let color = fixed[name] { return CalendarInfo(name: name, color: color) }
      let home = index(for: name)
      let slot =
        (0..<palette.count).lazy.map { (home + $0) % palette.count }
        .first { !taken.contains($0) } ?? home
      taken.insert(slot)
      return CalendarInfo(name: name, color: palette[slot])
    }
  }
}
