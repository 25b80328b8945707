import FeedImport
import Foundation
import IcsLanes
import LaneLayout

/// `--format json` with several months: lays the months out one at a time and writes each as
/// soon as it is ready, so that memory holds one month's layout and JSON, not all of them.
///
/// The bytes are those of the whole array encoded at once: each month's pretty-printed object,
/// indented one level, between `[` and `]`. Warnings follow the output (they are only known
/// once every month is expanded); `--strict` does not stream, so that it can fail first.
struct MonthStream {
  let command: IcsLanesCommand
  let settings: CommandSettings

  func run() throws {
    let feeds = try command.loadFeeds(settings)
    let output = FileHandle.standardOutput
    var expansionWarnings: [ImportWarning] = []
    var statsLines: [MonthLayout] = []
    output.write(Data("[\n".utf8))
    var index = 0
    try MonthLayouter.layOut(feeds, request: settings.request) { layout, warnings in
      defer { index += 1 }
      expansionWarnings += warnings
      let data: Data
      do {
        data = try JSONLayoutRenderer.data([layout])
      } catch {
        throw CommandFailure(message: "cannot encode JSON: \(error)", code: ExitCodes.internalError)
      }
      output.write(MonthStream.indented(data, first: index == 0))
      var summary = layout
      summary.weeks = []
      statsLines.append(summary)
    }
    output.write(Data("\n]\n".utf8))
    Diagnostics.printWarnings(
      IcsLanesCommand.importWarnings(feeds) + expansionWarnings.map(\.description))
    if command.stats {
      for layout in statsLines { Diagnostics.printStats(layout) }
    }
  }

  /// One array element: a separator, then the object with every line but blank ones indented
  /// two spaces.
  static func indented(_ object: Data, first: Bool) -> Data {
    var result = Array((first ? "  " : ",\n  ").utf8)
    result.reserveCapacity(object.count + object.count / 8 + 4)
    object.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      for index in bytes.indices {
        let byte = bytes[index]
        result.append(byte)
        // An empty array prints a blank line, which stays blank at any depth.
        if byte == 0x0A, index + 1 < bytes.count, bytes[index + 1] != 0x0A {
          result.append(0x20)
          result.append(0x20)
        }
      }
    }
    return Data(result)
  }
}
