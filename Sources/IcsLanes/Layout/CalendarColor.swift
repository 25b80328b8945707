/// A stable colour per calendar name, so a calendar keeps its colour in every view and run.
public enum CalendarColor {
  /// A palette readable on light and dark backgrounds.
  static let palette = [
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

  /// The `#rrggbb` colour for `name`.
  public static func hex(for name: String) -> String {
    palette[index(for: name)]
  }
}
