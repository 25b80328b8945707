import CLibical

/// Finds the time zone a TZID names, the way real feeds write them.
///
/// In order: the system's zone of that exact name; the name with a vendor prefix removed
/// (`/mozilla.org/20050126_1/Europe/Berlin`,
/// `/freeassociation.sourceforge.net/Tzfile/Europe/London`); the feed's own VTIMEZONE; a Windows zone name mapped through
/// CLDR's windowsZones table; UTC's aliases. A TZID found nowhere gives nil: the caller treats
/// the time as floating and warns.
final class TimeZoneResolver {
  /// The calendar holding the feed's VTIMEZONEs; events are attached to it while read.
  let holder: OpaquePointer
  private var cache: [String: OpaquePointer?] = [:]
  /// Zones of an earlier VCALENDAR of the feed whose VTIMEZONE this calendar repeats byte for
  /// byte (see ``adopt(_:named:)``).
  private var adopted: [String: OpaquePointer] = [:]

  init() {
    holder = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)
  }

  deinit {
    // A feed may be released on any thread: free libical's objects behind the lock too.
    let holder = holder
    LibicalGate.run {
      SteadyOffsets.forgetAll()
      PeriodicZones.forgetAll()
      icalcomponent_free(holder)
    }
  }

  /// Adds a parsed VTIMEZONE to the holder (which takes ownership).
  func add(timeZoneComponent component: OpaquePointer) {
    icalcomponent_add_component(holder, component)
    cache.removeAll()
  }

  /// Uses `zone`, the same VTIMEZONE read in an earlier VCALENDAR of the feed (which owns it),
  /// for `tzid`: a folder of one-event files repeats the same VTIMEZONE in every file, and
  /// libical expands each zone object's transitions anew.
  func adopt(_ zone: OpaquePointer, named tzid: String) {
    adopted[tzid] = zone
    cache.removeAll()
  }

  /// The zone `tzid` names, or nil.
  func zone(named tzid: String) -> OpaquePointer? {
    if let cached = cache[tzid] { return cached }
    let found = lookUp(tzid)
    cache[tzid] = found
    return found
  }

  private func lookUp(_ raw: String) -> OpaquePointer? {
    let tzid = raw.trimmingASCIIWhitespace().trimmingCharacters(in: "\"")
    guard !tzid.isEmpty else { return nil }
    // A name the system's database knows is read with it, even when the feed carries a
    // VTIMEZONE of that name (real exports ship ones that cover one year, or standard time
    // only): so do Google, Apple and Thunderbird, and RFC 7809 lets a feed omit them.
    if let zone = TimeZoneResolver.systemZone(named: tzid) { return zone }
    // Vendor prefixes: drop leading path parts until a system zone name remains.
    var parts = tzid.split(separator: "/")
    while parts.count > 1 {
      parts.removeFirst()
      if let zone = TimeZoneResolver.systemZone(named: parts.joined(separator: "/")) { return zone }
    }
    if let own = icalcomponent_get_timezone(holder, tzid), TimeZoneResolver.hasObservances(own) {
      return own
    }
    if let shared = adopted[tzid] { return shared }
    if let iana = WindowsZoneTable.ianaName[tzid],
      let zone = TimeZoneResolver.systemZone(named: iana)
    {
      return zone
    }
    return nil
  }

  /// Whether a feed's VTIMEZONE has a STANDARD or DAYLIGHT part (RFC 5545 3.6.5 requires
  /// one). An empty VTIMEZONE says nothing about offsets, so its TZID is looked up elsewhere
  /// instead of being read as UTC.
  static func hasObservances(_ zone: OpaquePointer) -> Bool {
    guard let component = icaltimezone_get_component(zone) else { return false }
    return icalcomponent_get_first_component(component, ICAL_XSTANDARD_COMPONENT) != nil
      || icalcomponent_get_first_component(component, ICAL_XDAYLIGHT_COMPONENT) != nil
  }

  /// A zone of the system's zoneinfo (or UTC), by IANA name.
  static func systemZone(named name: String) -> OpaquePointer? {
    switch name.uppercased() {
    case "UTC", "GMT", "Z", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU", "ETC/UNIVERSAL", "ETC/ZULU":
      return icaltimezone_get_utc_timezone()
    default:
      // libical builds any zone name into a path: keep to plain zone names.
      guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), !name.contains(".."),
        name.count < 128
      else { return nil }
      return icaltimezone_get_builtin_timezone(name)
    }
  }
}

extension String {
  func trimmingCharacters(in set: Character) -> String {
    var text = Substring(self)
    while text.first == set { text.removeFirst() }
    while text.last == set { text.removeLast() }
    return String(text)
  }
}
