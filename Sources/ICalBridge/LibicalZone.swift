import CLibical
import LaneLayout
import Synchronization

/// A time zone as libical reads it: the door's handle on one `icaltimezone`, which it owns (or
/// keeps alive through the feed calendar that holds it), and the zone compiled from it.
///
/// Turning local times into instants and back is what every occurrence costs: the zone is
/// compiled once, on its first question, into a ``ZoneTable`` that answers without libical.
/// Zones are equal when they are the same object; the system's zones are shared by every feed,
/// and a feed's zones by its calendars, so that each is compiled once.
public final class LibicalZone: @unchecked Sendable {
  /// The libical zone. Only the door (`ICalBridge`) reads it, inside ``LibicalGate``.
  package let pointer: OpaquePointer
  /// What keeps `pointer` alive: the calendar component that holds a feed's VTIMEZONE; nil for
  /// the system's zones, which libical keeps for the whole process.
  private let owner: AnyObject?
  /// Whether this is libical's UTC zone, whose local times are worked out in Swift.
  package let isUTC: Bool
  /// The zone compiled, once asked (``table``).
  private let compiled = Mutex<ZoneTable?>(nil)

  private init(pointer: OpaquePointer, owner: AnyObject?, isUTC: Bool = false) {
    self.pointer = pointer
    self.owner = owner
    self.isUTC = isUTC
  }

  /// A zone of a feed's VTIMEZONE, which `owner` keeps alive.
  static func owned(_ pointer: OpaquePointer, by owner: AnyObject) -> LibicalZone {
    LibicalZone(pointer: pointer, owner: owner)
  }

  /// libical's UTC zone.
  package static var utc: LibicalZone {
    // Made behind the lock, not in a `static let`: a thread that holds the lock must never wait
    // for another thread's one-time initialiser that waits for the lock.
    LibicalGate.run {
      if let zone = utcZone { return zone }
      let zone = LibicalZone(pointer: icaltimezone_get_utc_timezone(), owner: nil, isUTC: true)
      utcZone = zone
      return zone
    }
  }

  /// ``utc`` once made; read and written only behind ``LibicalGate``.
  nonisolated(unsafe) private static var utcZone: LibicalZone?

  /// The system's zones handed out so far, by address: one object per libical zone.
  private static let system = Mutex<[UInt: LibicalZone]>([:])
  /// What ``system(named:)`` found for each name asked so far (at most ``namesKept``): libical
  /// searches its list of zones by name each time, and a folder of one-event files asks for its
  /// calendars' zone once per file.
  private static let byName = Mutex<[String: LibicalZone?]>([:])
  private static let namesKept = 1_000

  /// The handle of a zone libical keeps for the whole process (UTC or a system zone).
  static func shared(_ pointer: OpaquePointer) -> LibicalZone {
    let utc = utc
    if pointer == utc.pointer { return utc }
    let key = address(of: pointer)
    return system.withLock { zones in
      if let known = zones[key] { return known }
      let zone = LibicalZone(pointer: pointer, owner: nil)
      zones[key] = zone
      return zone
    }
  }

  /// A libical zone's address, which tells zones apart.
  package static func address(of pointer: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
  }

  /// A zone of the system's zoneinfo (or UTC), by IANA name; nil when there is none.
  package static func system(named name: String) -> LibicalZone? {
    if let known = byName.withLock({ $0[name] }) { return known }
    let found = lookUp(name)
    byName.withLock { names in
      if names.count < namesKept { names[name] = found }
    }
    return found
  }

  /// ``system(named:)``, asking libical.
  private static func lookUp(_ name: String) -> LibicalZone? {
    // ASCII names are upper-cased byte by byte (`uppercased()` loads Unicode's tables, some 1.5
    // million instructions at the command's start); others as before, by Unicode's rules.
    let upper =
      name.utf8.allSatisfy { $0 < 0x80 }
      ? String(
        decoding: name.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
      : name.uppercased()
    switch upper {
    case "UTC", "GMT", "Z", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU", "ETC/UNIVERSAL", "ETC/ZULU":
      return utc
    default:
      // libical builds any zone name into a path: keep to plain zone names.
      guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), !name.contains(".."),
        name.count < 128
      else { return nil }
      let found = LibicalGate.run { icaltimezone_get_builtin_timezone(name) }
      return found.map(shared)
    }
  }

  // MARK: Local times and instants

  /// The zone compiled (``ZoneTable``), once: the first question compiles it behind the lock.
  var table: ZoneTable {
    if let known = compiled.withLock({ $0 }) { return known }
    return LibicalGate.run {
      if let known = compiled.withLock({ $0 }) { return known }
      let made = ZoneTable(zone: isUTC ? nil : icaltimezone_get_component(pointer))
      compiled.withLock { $0 = made }
      return made
    }
  }

  /// The UTC instant of a wall-clock time in this zone (given as its fields read as UTC
  /// seconds), by RFC 5545 3.3.5 (``ZoneTable/instant(ofLocal:)``).
  @usableFromInline package func instant(ofLocal wall: Int64) -> Int64 {
    isUTC ? wall : table.instant(ofLocal: wall)
  }

  /// The zone's UTC offset, in seconds, at `instant`.
  func offset(at instant: Int64) -> Int {
    isUTC ? 0 : table.state(at: instant).offset
  }

  /// The local time of `instant` in this zone, with the zone's UTC offset then. The time is
  /// the wall clock's fields only: its ``WallTime/zone`` is not set (every caller formats the
  /// fields or reads them as a floating time, and a time copied through an expansion is
  /// cheaper without a reference).
  package func local(_ instant: Int64) -> (time: WallTime, offset: Int) {
    let state = isUTC ? ZoneTable.State(offset: 0, isDaylight: false) : table.state(at: instant)
    if var time = WallTime.utc(instant + Int64(state.offset), zone: nil) {
      time.isDaylight = state.isDaylight
      return (time, state.offset)
    }
    // Past the years 1-9999, libical's own fields.
    let time = LibicalGate.run {
      WallTime(icaltime_from_timet_with_zone(time_t(instant), 0, pointer), zone: nil)
    }
    return (time, Int(time.fieldSeconds - instant))
  }
}

extension LibicalZone: Equatable {
  /// The same zone object.
  public static func == (lhs: LibicalZone, rhs: LibicalZone) -> Bool { lhs === rhs }
}
