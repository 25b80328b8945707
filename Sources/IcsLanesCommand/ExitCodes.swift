import ArgumentParser

/// The command's exit codes (documented in the README).
enum ExitCodes {
  /// A bad argument (`--month 2024-13`, an unknown `--tz`, …).
  static let usage = ExitCode(64)
  /// The input is not iCalendar, or `--strict` found a problem.
  static let data = ExitCode(65)
  /// A feed cannot be opened or read.
  static let noInput = ExitCode(66)
  /// A feed at a URL cannot be fetched (HTTP error status, host not found, connection or TLS
  /// failure, timeout): sysexits' EX_UNAVAILABLE.
  static let unavailable = ExitCode(69)
  /// The configuration file is not valid: sysexits' EX_CONFIG.
  static let config = ExitCode(78)
  /// Something went wrong inside icslanes.
  static let internalError = ExitCode(70)
  /// The output cannot be written (a full disk, a closed standard output): sysexits' EX_IOERR.
  static let outputError = ExitCode(74)
}
