import Foundation
import ICalBridge
import LaneLayout

/// The time zone a layout is drawn in: timed occurrences land on the days of this zone.
public struct DisplayZone: Sendable, Hashable {
  /// The IANA name, as reported in the layout.
  public let name: String
  /// The zone, as the door to libical reads it.
  let zone: LibicalZone

  /// The zone with this IANA name (`Europe/Berlin`, `UTC`), or nil when the system knows none.
  public init?(named name: String) {
    guard let found = LibicalZone.system(named: name) else { return nil }
    self.name = name
    zone = found
  }

  /// The system's zone, by its IANA name (from `TZ`, `/etc/localtime` or `/etc/timezone`, else
  /// Foundation's); UTC when none can be found.
  public static var system: DisplayZone {
    // Each source is asked only when the ones before it named no zone: Foundation's current
    // zone sets ICU up, which adds to every run's memory.
    for source in systemZoneSources {
      if let name = source(), !name.isEmpty, let zone = DisplayZone(named: name) { return zone }
    }
    return DisplayZone(named: "UTC") ?? DisplayZone(utc: ())
  }

  private init(utc: Void) {
    name = "UTC"
    zone = LibicalZone.utc
  }

  /// Where the system's zone is named, in the order they are asked.
  private static let systemZoneSources: [@Sendable () -> String?] = [
    {
      guard let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty else { return nil }
      return tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    },
    {
      guard
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
        let range = target.range(of: "zoneinfo/")
      else { return nil }
      return String(target[range.upperBound...])
    },
    {
      let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8)
      return text?.trimmingCharacters(in: .whitespacesAndNewlines)
    },
    { TimeZone.current.identifier },
  ]

  /// The day it is in this zone at `unixTime` (seconds since 1970-01-01T00:00:00Z), by the
  /// zone rules the layout uses: what today is for a month view drawn in this zone.
  public func day(atUnixTime unixTime: Int64) -> Day? {
    let local = zone.local(unixTime).time
    return Day(year: Int(local.year), month: Int(local.month), day: Int(local.day))
  }

  /// Zones are equal when their names are.
  public static func == (lhs: DisplayZone, rhs: DisplayZone) -> Bool { lhs.name == rhs.name }
  /// Hashes the zone's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
