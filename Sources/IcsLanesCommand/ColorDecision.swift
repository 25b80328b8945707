import Foundation

/// Whether the text output gets ANSI colours.
enum ColorDecision {
  /// `choice` resolved against the environment: `auto` means colour only on a terminal that is
  /// not `dumb`, and never when `NO_COLOR` is set to anything but the empty string.
  static func usesColor(
    _ choice: ColorChoice, environment: [String: String] = ProcessInfo.processInfo.environment,
    isTerminal: Bool = isatty(STDOUT_FILENO) == 1
  ) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      if let value = environment["NO_COLOR"], !value.isEmpty { return false }
      if environment["TERM"] == "dumb" { return false }
      return isTerminal
    }
  }

  /// Whether the terminal shows 24-bit colour: `COLORTERM` is `truecolor` or `24bit` (any
  /// case). Otherwise colours fall back to the 256-colour palette, which nearly every terminal
  /// has.
  static func hasTrueColor(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    let value = environment["COLORTERM"]?.lowercased() ?? ""
    return value == "truecolor" || value == "24bit"
  }
}
