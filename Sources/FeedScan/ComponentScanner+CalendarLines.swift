/// The top-level lines of a VCALENDAR: the calendar properties the import reads, unfolded.
extension ComponentScanner {
  /// Handles a line at the top level of a VCALENDAR (a continuation continues the property
  /// line before it).
  mutating func calendarLine(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, continuation: Bool
  ) {
    if continuation {
      if var start = calendarLineStart {
        calendarLineStart = nil
        start.bytes.append(contentsOf: line.dropFirst())
        start.bytes.withUnsafeBufferPointer { readCalendarLine($0, number: start.number) }
        return
      }
      lastCalendarProperty?.value.append(contentsOf: line.dropFirst())
      return
    }
    readCalendarLine(line, number: number)
  }

  /// Reads a top-level line (unfolded as far as it goes): a property the import reads starts
  /// ``lastCalendarProperty``; a line folded before its value, that may still be one, is held
  /// in ``calendarLineStart``.
  private mutating func readCalendarLine(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
    let name = EventFacts.propertyName(line)
    guard let colon = EventFacts.valueStart(line) else {
      // Folded before the value: inside the name (no `;` yet) or its parameters.
      let nameEnded = line.contains(UInt8(ascii: ";"))
      let mayBeRead = ComponentScanner.calendarProperties.contains {
        nameEnded ? $0 == name : $0.starts(with: name)
      }
      if mayBeRead, line.count < ComponentScanner.maximumHeldLine {
        calendarLineStart = (Array(line), number)
      }
      return
    }
    guard ComponentScanner.calendarProperties.contains(name) else { return }
    lastCalendarProperty = (String(decoding: name, as: UTF8.self), Array(line[colon...]), number)
  }

  /// Hands out the calendar property read so far, if any: no more of it is coming.
  mutating func flushCalendarProperty(_ emit: (ScannedItem) -> Void) {
    calendarLineStart = nil
    guard let property = lastCalendarProperty else { return }
    lastCalendarProperty = nil
    let value = String(decoding: property.value, as: UTF8.self)
    emit(
      .calendarProperty(name: property.name, value: ICalText.unescape(value), line: property.line))
  }
}
