/// What a run made, kept until the process ends instead of freed value by value when `run`
/// returns: the layouts of a month of a big feed are tens of thousands of segments, spans and
/// texts, and releasing them one by one just before the process exits (and the system takes its
/// memory back at once) was some 1.4 % of an indexed month's instructions.
///
/// Only the command keeps things here; the library frees what it makes as usual.
enum KeptUntilExit {
  /// The values kept. Written once, at the end of a run, by the only thread then running.
  nonisolated(unsafe) private static var values: [Any] = []

  /// Keeps `value` until the process ends.
  static func keep(_ value: Any) {
    values.append(value)
  }
}
