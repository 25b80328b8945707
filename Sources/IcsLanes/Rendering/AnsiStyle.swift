/// ANSI SGR escapes for the text grid's colours.
enum AnsiStyle {
  static let reset = "\u{1B}[0m"
  static let reverse = "\u{1B}[7m"
  static let dim = "\u{1B}[2m"
  static let bold = "\u{1B}[1m"

  /// The red, green and blue of a `#rrggbb` colour, or nil when it is not one.
  static func rgb(_ hex: String) -> (red: Int, green: Int, blue: Int)? {
    let digits = hex.dropFirst()
    guard hex.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit),
      let value = Int(digits, radix: 16)
    else {
      return nil
    }
    return (value >> 16, value >> 8 & 0xFF, value & 0xFF)
  }

  /// A bar in `hex`: the colour as background, with black or white text, whichever reads
  /// better on it.
  static func bar(_ hex: String) -> String {
    guard let (red, green, blue) = rgb(hex) else { return "" }
    // Relative luminance with the sRGB weights, on 0–255.
    let light = 299 * red + 587 * green + 114 * blue > 150_000
    let text = light ? "30" : "97"
    return "\u{1B}[48;2;\(red);\(green);\(blue);\(text)m"
  }

  /// Text in `hex` as foreground colour.
  static func foreground(_ hex: String) -> String {
    guard let (red, green, blue) = rgb(hex) else { return "" }
    return "\u{1B}[38;2;\(red);\(green);\(blue)m"
  }
}
