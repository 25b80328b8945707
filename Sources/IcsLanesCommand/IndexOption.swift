import FeedImport
import FeedIndex

/// `--index auto|PATH`: where feed files keep their index, checked against the feeds given.
enum IndexOption {
  /// The place `argument` names (nil without `--index`); a file names one feed's index, so it
  /// takes exactly one feed file.
  static func place(_ argument: String?, feeds: [String]) throws -> IndexPlace? {
    guard let argument else { return nil }
    guard !argument.isEmpty else {
      throw CommandFailure(
        message: "--index needs auto, a folder or a file", code: ExitCodes.usage)
    }
    let place = IndexPlace(argument: argument)
    if case .file = place {
      let files = feeds.filter {
        if case .file = FeedLocation(argument: $0) { return true }
        return false
      }
      guard files.count <= 1 else {
        throw CommandFailure(
          message:
            "--index \(argument) is a file, which holds the index of one feed: give a folder (ending in /) for \(files.count) feed files",
          code: ExitCodes.usage)
      }
    }
    return place
  }
}
