import Foundation
import IcsLanes

/// The `TZ` environment variable when it names no zone.
enum TZVariable {
  /// The `TZ` that named no zone and was unset, for the warning; nil when `TZ` was fine.
  nonisolated(unsafe) private(set) static var unknown: String?

  /// Unsets a `TZ` that names no zone, before anything reads it. Such a TZ is never the display
  /// zone, and glibc must not read it either: it opens /usr/share/zoneinfo/$TZ the first time
  /// anything asks for local time (a TZ of ../../tmp/fifo blocked the run there). Unset, glibc
  /// and the system zone both take /etc/localtime.
  static func dropUnknown() {
    let tz = getenv("TZ").map { String(cString: $0) } ?? ""
    guard !tz.isEmpty, DisplayZone(named: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) == nil
    else { return }
    unknown = tz
    unsetenv("TZ")
  }

  /// The warning for an unknown `TZ`, when the display zone falls back to `zone`.
  static func warning(showing zone: DisplayZone) -> String? {
    unknown.map {
      "TZ \"\($0)\" is not a known time zone; showing times in \(zone.name) (use --tz to choose)"
    }
  }
}
