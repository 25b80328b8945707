import CLibical

/// Finds the time zone a TZID names, the way real feeds write them, and reads a feed's
/// VTIMEZONEs.
///
/// In order: the system's zone of that exact name; the name with a vendor prefix removed
/// (`/mozilla.org/20050126_1/Europe/Berlin`,
/// `/freeassociation.sourceforge.net/Tzfile/Europe/London`); the feed's own VTIMEZONE; a
/// Windows zone name mapped through CLDR's windowsZones table; UTC's aliases. A TZID found
/// nowhere gives nil: the caller treats the time as floating and warns. Every method is an
/// entry point of the door: it takes ``LibicalGate`` itself.
package final class TimeZoneResolver {
  /// The calendar component holding the feed's VTIMEZONEs (which own their zones); events are
  /// attached to it while read.
  let holder: ComponentOwner
  /// Zones by TZID, as libical finds them: by the exact text (``ExactText``).
  private var cache: [ExactText: LibicalZone?] = [:]
  /// The UTF-8 bytes of the TZIDs ``zone(namedBytes:)`` was last asked for (at most
  /// ``recentLimit``, the latest last), and their zones: kept outcomes name a few zones over
  /// and over.
  private var recent: [(bytes: [UInt8], zone: LibicalZone?)] = []
  /// How many TZIDs ``zone(namedBytes:)`` remembers.
  static let recentLimit = 8
  /// This calendar's own zones handed out, by the address of their VTIMEZONE component: each
  /// has one handle. Not by the address of libical's zone in the holder: libical keeps those
  /// in an array it sorts by TZID whenever a VTIMEZONE was added, moving them, so that an
  /// address seen before may hold another zone later.
  private var ownZones: [UInt: LibicalZone] = [:]
  /// The other zones this calendar has handed out (UTC, system and adopted zones, whose
  /// addresses stay put), by address: the parser finds them again for the pointers libical
  /// gives.
  private var known: [UInt: LibicalZone] = [:]
  /// Zones of an earlier VCALENDAR of the feed whose VTIMEZONE this calendar repeats byte for
  /// byte (see ``adopt(_:named:)``).
  private var adopted: [ExactText: LibicalZone] = [:]

  package init() {
    holder = ComponentOwner(LibicalGate.run { icalcomponent_new(ICAL_VCALENDAR_COMPONENT) })
  }

  /// What came of reading one VTIMEZONE.
  package enum TimeZoneOutcome {
    /// Read and added; `zone` is the zone its TZID now names in this calendar (nil when
    /// libical finds none), `droppedRules` says that observance rules had to be removed.
    case added(zone: LibicalZone?, tzid: String, droppedRules: Bool)
    /// libical cannot read it, or it has no TZID.
    case unreadable
    /// Not used: libical would work out more changes for it than the feed's budget has left
    /// (``ObservanceRules/cost(of:)``).
    case overBudget
  }

  /// Reads one VTIMEZONE block (CRLF lines) into this calendar. Observance rules that are not
  /// YEARLY (or out of range) are removed first (see ``ObservanceRules``); a zone that is not
  /// plain (``ZoneTable/isPlain(_:)``) spends its ``ObservanceRules/cost(of:)`` of `budget`, and is
  /// not used when that is more than is left.
  package func read(timeZoneBlock block: [UInt8], budget: inout Int) -> TimeZoneOutcome {
    LibicalGate.run {
      let parsed = ComponentParser.parse(block)
      guard let parsed, icalcomponent_isa(parsed) == ICAL_VTIMEZONE_COMPONENT,
        let property = icalcomponent_get_first_property(parsed, ICAL_TZID_PROPERTY)
      else {
        if let parsed { icalcomponent_free(parsed) }
        return .unreadable
      }
      let tzid = icalproperty_get_tzid(property).map { String(cString: $0) }
      let dropped = ObservanceRules.removeUnlikeZones(from: parsed) > 0
      if !ZoneTable.isPlain(parsed) {
        let cost = ObservanceRules.cost(of: parsed)
        guard cost <= budget else {
          icalcomponent_free(parsed)
          return .overBudget
        }
        budget -= cost
      }
      // The holder takes ownership.
      icalcomponent_add_component(holder.component, parsed)
      forgetLookUps()
      guard let tzid else { return .added(zone: nil, tzid: "", droppedRules: dropped) }
      let zone = icalcomponent_get_timezone(holder.component, tzid).flatMap(ownZone)
      return .added(zone: zone, tzid: tzid, droppedRules: dropped)
    }
  }

  /// Reads one VTIMEZONE block with no budget for libical's work on it (tests, one zone).
  func read(timeZoneBlock block: [UInt8]) -> TimeZoneOutcome {
    var unlimited = Int.max
    return read(timeZoneBlock: block, budget: &unlimited)
  }

  /// Uses `zone`, the same VTIMEZONE read in an earlier VCALENDAR of the feed (which owns it),
  /// for `tzid`: a folder of one-event files repeats the same VTIMEZONE in every file, and
  /// libical expands each zone object's transitions anew.
  package func adopt(_ zone: LibicalZone, named tzid: String) {
    adopted[ExactText(tzid)] = zone
    forgetLookUps()
  }

  /// The zone `tzid` names, or nil.
  package func zone(named tzid: String) -> LibicalZone? {
    if let cached = cache[ExactText(tzid)] { return cached }
    let found = LibicalGate.run { lookUp(tzid) }
    if let found { known[LibicalZone.address(of: found.pointer)] = found }
    cache[ExactText(tzid)] = found
    return found
  }

  /// ``zone(named:)`` of the TZID whose UTF-8 bytes are `bytes`: the zone of bytes asked for
  /// lately is given again without making a `String` and hashing it.
  package func zone(namedBytes bytes: ArraySlice<UInt8>) -> LibicalZone? {
    if let index = recent.lastIndex(where: { TimeZoneResolver.same($0.bytes, bytes) }) {
      return recent[index].zone
    }
    let zone = zone(named: String(decoding: bytes, as: UTF8.self))
    if recent.count >= TimeZoneResolver.recentLimit { recent.removeFirst() }
    recent.append((Array(bytes), zone))
    return zone
  }

  /// Whether `bytes` and `other` are the same bytes (`ExactText.same`, by `memcmp`).
  private static func same(_ bytes: [UInt8], _ other: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { left in
      other.withUnsafeBufferPointer { ExactText.same(left, $0) }
    }
  }

  /// Forgets the zones TZIDs were found to name: this calendar's zones changed.
  private func forgetLookUps() {
    cache.removeAll()
    recent.removeAll()
  }

  /// A TZID that names `zone` in this calendar now (``zone(named:)`` gives it back), among
  /// those looked up since the calendar's zones last changed; the least in byte order when
  /// several do, nil when none does.
  package func name(of zone: LibicalZone) -> String? {
    var found: String?
    for (name, named) in cache where named === zone {
      if let known = found, !name.text.utf8.lexicographicallyPrecedes(known.utf8) { continue }
      found = name.text
    }
    return found
  }

  /// The handle of a zone libical gave while reading this calendar: one of this calendar's
  /// own (a zone of the holder, as it stands now), UTC, a system zone or one it adopted.
  func handle(for pointer: OpaquePointer) -> LibicalZone {
    LibicalGate.run {
      if let component = icaltimezone_get_component(pointer),
        icalcomponent_get_parent(component) == holder.component, let own = ownZone(pointer)
      {
        return own
      }
      return known[LibicalZone.address(of: pointer)] ?? LibicalZone.shared(pointer)
    }
  }

  /// The handle of one of this calendar's own zones, given libical's zone in the holder: a
  /// zone of its own, made from a copy of the VTIMEZONE, which stays put (the holder's may
  /// move); nil when libical cannot make one.
  private func ownZone(_ pointer: OpaquePointer) -> LibicalZone? {
    guard let component = icaltimezone_get_component(pointer) else { return nil }
    let key = LibicalZone.address(of: component)
    if let zone = ownZones[key] { return zone }
    guard let copy = icalcomponent_new_clone(component) else { return nil }
    guard let standalone = icaltimezone_new() else {
      icalcomponent_free(copy)
      return nil
    }
    // The zone takes the copy; freeing the zone frees it.
    guard icaltimezone_set_component(standalone, copy) != 0 else {
      icaltimezone_free(standalone, 1)
      return nil
    }
    let zone = LibicalZone.owned(standalone, by: ZoneOwner(standalone))
    ownZones[key] = zone
    return zone
  }

  private func lookUp(_ raw: String) -> LibicalZone? {
    LibicalGate.assertHeld()
    let tzid = raw.trimmingASCIIWhitespace().trimmingCharacters(in: "\"")
    guard !tzid.isEmpty else { return nil }
    // A name the system's database knows is read with it, even when the feed carries a
    // VTIMEZONE of that name (real exports ship ones that cover one year, or standard time
    // only): so do Google, Apple and Thunderbird, and RFC 7809 lets a feed omit them.
    if let zone = LibicalZone.system(named: tzid) { return zone }
    // Vendor prefixes: drop leading path parts until a system zone name remains.
    var parts = tzid.split(separator: "/")
    while parts.count > 1 {
      parts.removeFirst()
      if let zone = LibicalZone.system(named: parts.joined(separator: "/")) { return zone }
    }
    if let own = icalcomponent_get_timezone(holder.component, tzid),
      TimeZoneResolver.hasObservances(own)
    {
      if let zone = ownZone(own) { return zone }
    }
    if let shared = adopted[ExactText(tzid)] { return shared }
    if let iana = WindowsZoneTable.ianaName[tzid], let zone = LibicalZone.system(named: iana) {
      return zone
    }
    return nil
  }

  /// Whether a feed's VTIMEZONE has a STANDARD or DAYLIGHT part (RFC 5545 3.6.5 requires
  /// one). An empty VTIMEZONE says nothing about offsets, so its TZID is looked up elsewhere
  /// instead of being read as UTC.
  private static func hasObservances(_ zone: OpaquePointer) -> Bool {
    guard let component = icaltimezone_get_component(zone) else { return false }
    return icalcomponent_get_first_component(component, ICAL_XSTANDARD_COMPONENT) != nil
      || icalcomponent_get_first_component(component, ICAL_XDAYLIGHT_COMPONENT) != nil
  }
}

/// Owns one libical component and frees it, behind the lock, when the last user lets go: the
/// calendar holding a feed's VTIMEZONEs, kept alive by the zones read from it.
package final class ComponentOwner {
  /// The component. Only the door reads it, inside ``LibicalGate``.
  let component: OpaquePointer

  init(_ component: OpaquePointer) {
    self.component = component
  }

  deinit {
    // A feed may be released on any thread.
    let component = component
    LibicalGate.run { icalcomponent_free(component) }
  }
}

/// Owns one libical zone made apart from any calendar and frees it (with its component),
/// behind the lock, when the last handle on it goes.
package final class ZoneOwner {
  private let zone: OpaquePointer

  init(_ zone: OpaquePointer) {
    self.zone = zone
  }

  deinit {
    let zone = zone
    LibicalGate.run { icaltimezone_free(zone, 1) }
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
