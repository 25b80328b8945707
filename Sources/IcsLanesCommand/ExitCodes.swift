import ArgumentParser

/// The command's exit codes (documented in the README).
enum ExitCodes {
  /// A bad argument (`--month 2024-13`, an unknown `--tz`, …).
  static let usage = ExitCode(64)
  /// The input is not iCalendar, or `--strict` found a problem.
  static let data = ExitCode(65)
  /// A feed cannot be opened or read.
  static let noInput = ExitCode(66)
  /// Something went wrong inside icslanes.
  static let internalError = ExitCode(70)
}
