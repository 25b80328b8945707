/// A VEVENT's own property lines, read into its ``EventFacts`` as they come or, for those
/// that bound its days or are folded before their value, once they are whole.
extension ComponentScanner {
  /// Reads a VEVENT's property line into the facts, or holds it to be read whole
  /// (``heldProperty``): a property whose value bounds the event's days, and a line folded
  /// before its value (inside its name, or a UID's parameters).
  @inline(__always)
  mutating func readEventLine(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool) {
    let property = EventFacts.property(of: line)
    if property.isReadWhole {
      heldProperty.hold(property, line: line, inPlace: inPlace)
      lastProperty = property
      return
    }
    let uidStart = property == .uid ? EventFacts.valueStart(line) : nil
    if property == .uid ? uidStart == nil : EventFacts.endsInsideName(line) {
      heldProperty.hold(.folded, line: line, inPlace: inPlace)
      lastProperty = .folded
      return
    }
    lastProperty = facts.read(line, as: property)
    if let uidStart { uidBytes.append(line[uidStart...]) }
  }

  /// Reads the held property line (``heldProperty``): it is whole.
  mutating func readHeldProperty() {
    let tooLong = heldProperty.tooLong
    let named = heldProperty.property
    switch heldProperty.release() {
    case .inPlace(let line):
      // One line, whose name was read when it was held (unless it was held for want of one).
      let property = named.flatMap { $0 == .folded ? nil : $0 } ?? EventFacts.property(of: line)
      readWhole(line, as: property, tooLong: tooLong)
    case .copied(let bytes):
      bytes.withUnsafeBufferPointer {
        readWhole($0, as: EventFacts.property(of: $0), tooLong: tooLong)
      }
    case nil:
      break
    }
  }

  /// Reads a property line of the VEVENT, whole (its first bytes when `tooLong`), whose name
  /// says it is `named`.
  private mutating func readWhole(
    _ line: UnsafeBufferPointer<UInt8>, as named: EventFacts.Property, tooLong: Bool
  ) {
    let property = facts.read(line, as: named)
    switch property {
    case .rdate:
      facts.readRecurrenceDates(tooLong ? nil : line)
    case .uid:
      // A UID folded before its value. One too long to hold is known by its first bytes only:
      // its key may not be libical's UID, so the event is left to libical.
      let start = EventFacts.valueStart(line)
      if let start { uidBytes.append(line[start...]) }
      if tooLong || start == nil { facts.unreadable = true }
    default:
      if tooLong { facts.noteContinuation(of: property) }
    }
  }
}
