import ArgumentParser

/// The output formats of the command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
