/// A VEVENT property line the scan reads only once it is whole: one whose value bounds the
/// event's days (DTSTART, DTEND, DURATION, RRULE, RDATE, EXDATE, RECURRENCE-ID, STATUS,
/// SEQUENCE), or one folded before its value showed (inside its name, or a UID's parameters).
///
/// RFC 5545 lets a writer fold any line anywhere: Outlook folds a DTSTART whose TZID is a long
/// display name, Google a long EXDATE list, Sunbird every line after its name. Read a piece at
/// a time, such an event could not be bounded and was kept for every window; held until the
/// next line shows whether it goes on, it is read unfolded, as libical reads it.
///
/// The line is referred to in place while it is one line of the input (no copy: most are), and
/// copied once a continuation comes or the input's bytes are about to go (``keepBytes()``).
///
/// Stored once in the scanner and reused: holding a line in place and reading it costs no
/// allocation and no reference counting (the scan runs for every line of a feed).
package struct HeldProperty {
  /// The property held, by the name on the first line (``EventFacts/Property/folded`` when the
  /// name did not end there; the whole line says which it is); nil when none is held.
  private(set) var property: EventFacts.Property?
  /// The line as the input has it, while it has no continuation and its bytes stay valid.
  private var inPlace: UnsafeBufferPointer<UInt8>?
  /// The line unfolded so far, once copied.
  private var bytes: [UInt8] = []
  /// Whether it outgrew ``ComponentScanner/maximumHeldProperty``: then only its first
  /// bytes are read, and the event is not bounded by it.
  private(set) var tooLong = false

  /// The held line, handed back by ``release()``.
  enum Line {
    /// Where the input has it.
    case inPlace(UnsafeBufferPointer<UInt8>)
    /// Copied and unfolded.
    case copied([UInt8])
  }

  /// Holds `line` as `property`, referred to where it is when `inPlace` (valid until
  /// ``keepBytes()`` must be called), else copied.
  mutating func hold(
    _ property: EventFacts.Property, line: UnsafeBufferPointer<UInt8>, inPlace: Bool
  ) {
    self.property = property
    tooLong = false
    if inPlace {
      self.inPlace = line
    } else {
      self.inPlace = nil
      bytes = Array(line)
    }
  }

  /// Adds a continuation line (its first byte, the folding's space or tab, left out).
  mutating func append(continuation line: UnsafeBufferPointer<UInt8>) {
    keepBytes()
    guard !tooLong else { return }
    guard bytes.count + line.count <= ComponentScanner.maximumHeldProperty else {
      tooLong = true
      return
    }
    bytes.append(contentsOf: line.dropFirst())
  }

  /// Copies the line out of the input, whose bytes are about to be reused.
  mutating func keepBytes() {
    guard let line = inPlace else { return }
    inPlace = nil
    bytes = Array(line)
  }

  /// Ends the hold and hands the line back (its first bytes when ``tooLong``); nil when none
  /// was held.
  mutating func release() -> Line? {
    guard property != nil else { return nil }
    property = nil
    if let line = inPlace {
      inPlace = nil
      return .inPlace(line)
    }
    defer { bytes = [] }
    return .copied(bytes)
  }
}
