import ArgumentParser

/// The output formats of the command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, html, agenda, week
}

/// When the text grid uses colour.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  /// Only when standard output is a terminal and `NO_COLOR` is not set.
  case auto
  /// Always, even into a pipe or with `NO_COLOR` (an explicit flag wins over the variable).
  case always
  /// Never.
  case never
}
