import Foundation

/// WCAG 2 contrast arithmetic for bar colours: which text colour reads on a bar, and how well.
public enum ColorContrast {
  /// The relative luminance (WCAG 2.x) of a `#rrggbb` colour, 0 (black) to 1 (white), or nil
  /// when `hex` is not such a colour.
  public static func luminance(_ hex: String) -> Double? {
    guard let (red, green, blue) = AnsiStyle.rgb(hex) else { return nil }
    func channel(_ value: Int) -> Double {
      let c = Double(value) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
  }

  /// The contrast ratio of two `#rrggbb` colours, 1 to 21, or nil when one is not a colour.
  public static func ratio(_ first: String, _ second: String) -> Double? {
    guard let a = luminance(first), let b = luminance(second) else { return nil }
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// Whether black text contrasts more with `hex` than white text does (a light colour).
  public static func prefersDarkText(on hex: String) -> Bool {
    guard let value = luminance(hex) else { return false }
    // Black: (L + 0.05) / 0.05; white: 1.05 / (L + 0.05).
    return (value + 0.05) * (value + 0.05) > 1.05 * 0.05
  }

  /// The text colour for a bar in `hex`: `#000000` or `#ffffff`, whichever contrasts more. The
  /// better of the two always reaches at least 4.58:1, above WCAG AA's 4.5:1.
  public static func textColor(on hex: String) -> String {
    prefersDarkText(on: hex) ? "#000000" : "#ffffff"
  }
}
