import Foundation

/// Paths of the repository's sample feeds, found from this file's place in the repository.
enum SampleFile {
  /// `Samples/<name>` in this repository.
  static func path(_ name: String) -> String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // APIExamplesTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package
      .appendingPathComponent("Samples")
      .appendingPathComponent(name)
      .path
  }
}
