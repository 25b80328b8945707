import FeedImport

/// The one reading of a colour the command takes, from `--color-of` and from the configuration
/// file's `color`: `#rgb`, `#rrggbb`, `#rrggbbaa` (the alpha dropped), six hex digits without
/// `#`, or a CSS name (`teal`), in any case.
enum ColorValue {
  /// `#rrggbb`, or nil when `text` is not a colour.
  static func hex(_ text: String) -> String? {
    ColorText.hex(text) ?? Feed.normalizedColor(text)
  }

  /// What a colour may be written as, for messages.
  static let forms = "use #rrggbb or a CSS name such as teal"
}
