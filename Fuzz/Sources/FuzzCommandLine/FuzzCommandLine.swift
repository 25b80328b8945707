import ArgumentParser
import Foundation
import IcsLanes

/// One fuzz input through the command's argument and environment handling, in-process: the
/// real `IcsLanesCommand` parser and `CommandSettings` (their sources are copied in by
/// Scripts/fuzz.sh), then the library's facade and the text and HTML renderers of the first requested month, empty,
/// with the settings' width, names, today and colour. Feeds are never read and the process
/// never exits: parse errors and `CommandFailure`s are the expected outcomes.
///
/// The input is NUL-separated fields: `COLUMNS`, `TZ` and `NO_COLOR` (an empty field leaves
/// the variable unset), then the argument vector.
func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let fields = UnsafeBufferPointer(start: data, count: size)
    .split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  guard fields.count >= 3 else { return 0 }
  for (name, value) in zip(["COLUMNS", "TZ", "NO_COLOR"], fields) {
    if value.isEmpty { unsetenv(name) } else { setenv(name, value, 1) }
  }
  let arguments = Array(fields.dropFirst(3))
  guard let parsed = try? IcsLanesCommand.parseAsRoot(arguments),
    let command = parsed as? IcsLanesCommand,
    let settings = try? CommandSettings(command)
  else { return 0 }
  // The first month, empty: no feed is read.
  var first = settings.request
  first.feeds = []
  first.count = 1
  guard let layouts = (try? CalendarSource.layOut(first))?.layouts else { return 0 }
  _ = TextGridRenderer(
    width: settings.width, names: settings.names, today: settings.today, color: settings.color
  ).render(layouts)
  _ = HTMLMonthRenderer(names: settings.names, today: settings.today).render(layouts)
  return 0
}
