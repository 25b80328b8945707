/// ANSI SGR escapes for the text grid's colours.
enum AnsiStyle {
  static let reset = "\u{1B}[0m"
  static let reverse = "\u{1B}[7m"
  static let dim = "\u{1B}[2m"
  static let bold = "\u{1B}[1m"

  /// The red, green and blue of a `#rrggbb` colour, or nil when it is not one.
  static func rgb(_ hex: String) -> (red: Int, green: Int, blue: Int)? {
    let digits = hex.dropFirst()
    // ASCII digits only: `isHexDigit` takes fullwidth ones too.
    guard hex.hasPrefix("#"), digits.count == 6,
      digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let value = Int(digits, radix: 16)
    else {
      return nil
    }
    return (value >> 16, value >> 8 & 0xFF, value & 0xFF)
  }

  /// A bar in `hex`: the colour as background, with black or white text, whichever contrasts
  /// more with it (WCAG). With `trueColor` false, the nearest of the 256-colour palette instead
  /// of the exact 24-bit colour, for terminals without 24-bit colour.
  /// The text colour is chosen on the colour drawn: the palette entry when not `trueColor`.
  static func bar(_ hex: String, trueColor: Bool = true) -> String {
    guard let (red, green, blue) = rgb(hex) else { return "" }
    if !trueColor {
      let index = palette256(red, green, blue)
      let text = ColorContrast.prefersDarkText(on: paletteHex(index)) ? "30" : "97"
      return "\u{1B}[48;5;\(index);\(text)m"
    }
    let text = ColorContrast.prefersDarkText(on: hex) ? "30" : "97"
    return "\u{1B}[48;2;\(red);\(green);\(blue);\(text)m"
  }

  /// Text in `hex` as foreground colour (24-bit, or the nearest of 256 colours).
  static func foreground(_ hex: String, trueColor: Bool = true) -> String {
    guard let (red, green, blue) = rgb(hex) else { return "" }
    if !trueColor { return "\u{1B}[38;5;\(palette256(red, green, blue))m" }
    return "\u{1B}[38;2;\(red);\(green);\(blue)m"
  }

  /// The `#rrggbb` xterm draws for a 256-colour index from the cube or the grey ramp (16–255).
  static func paletteHex(_ index: Int) -> String {
    let levels = [0, 95, 135, 175, 215, 255]
    let value: (Int, Int, Int)
    if index >= 232 {
      let grey = 8 + 10 * (min(index, 255) - 232)
      value = (grey, grey, grey)
    } else {
      let cube = max(index, 16) - 16
      value = (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }
    return "#" + [value.0, value.1, value.2].map { hexByte($0) }.joined()
  }

  private static func hexByte(_ value: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[value / 16], digits[value % 16]])
  }

  /// The xterm 256-colour index nearest to a colour: from the colour cube (16–231) or the grey
  /// ramp (232–255), whichever is closer (squared distance in RGB).
  static func palette256(_ red: Int, _ green: Int, _ blue: Int) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: Int) -> Int {
      levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
    }
    func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
      (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
    }
    let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = distance(levels[r], levels[g], levels[b])
    let average = (red + green + blue) / 3
    let step = min(23, max(0, (average - 8 + 5) / 10))
    let grey = 8 + 10 * step
    return distance(grey, grey, grey) < cubeDistance ? 232 + step : cube
  }
}
