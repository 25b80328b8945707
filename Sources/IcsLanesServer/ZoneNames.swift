import Foundation
import IcsLanes
import Synchronization

/// The display zones a request may name: only the system's known zone names (and UTC's
/// aliases), so that no text from a request reaches the zone files but a real zone's name. Each
/// zone is built once.
enum ZoneNames {
  private static let known: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers).union([
    "UTC", "GMT", "Etc/UTC", "Etc/GMT", "Universal", "Zulu", "Etc/Universal", "Etc/Zulu",
  ])
  private static let system = DisplayZone.system
  private static let built = Mutex<[String: DisplayZone]>([:])

  /// Whether a request may name the zone `name`.
  static func isKnown(_ name: String) -> Bool {
    known.contains(name) && zone(named: name) != nil
  }

  /// The zone `name` names, built once; the system's zone for nil or a name no zone has.
  static func zone(_ name: String?) -> DisplayZone {
    guard let name, let zone = zone(named: name) else { return system }
    return zone
  }

  private static func zone(named name: String) -> DisplayZone? {
    if let zone = built.withLock({ $0[name] }) { return zone }
    guard let zone = DisplayZone(named: name) else { return nil }
    built.withLock { $0[name] = zone }
    return zone
  }
}
