import Foundation

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

  /// The system's zone, by its IANA name (from `TZ`, `/etc/localtime` or `/etc/timezone`);
  /// UTC when none can be found.
  public static var system: DisplayZone {
    for candidate in systemZoneNames() {
      if let zone = DisplayZone(named: candidate) { return zone }
    }
    return DisplayZone(named: "UTC") ?? DisplayZone(utc: ())
  }

  private init(utc: Void) {
    name = "UTC"
    zone = LibicalZone.utc
  }

  static func systemZoneNames() -> [String] {
    var names: [String] = []
    if let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty {
      names.append(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz)
    }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
      let range = target.range(of: "zoneinfo/")
    {
      names.append(String(target[range.upperBound...]))
    }
    if let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8) {
      names.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    names.append(TimeZone.current.identifier)
    return names.filter { !$0.isEmpty }
  }

  /// Zones are equal when their names are.
  public static func == (lhs: DisplayZone, rhs: DisplayZone) -> Bool { lhs.name == rhs.name }
  /// Hashes the zone's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
