/// The version `icslanes --version` prints.
enum IcsLanesVersion {
  static let text = "0.15.0"
}
