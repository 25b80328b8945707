import LaneLayout

/// What the scanner found at the top of a feed's structure.
enum ScannedItem {
  /// A `BEGIN:VCALENDAR` line.
  case calendarBegins(line: Int)
  /// A calendar-level property the import uses (X-WR-TIMEZONE, X-WR-CALNAME, COLOR,
  /// X-APPLE-CALENDAR-COLOR), unfolded.
  case calendarProperty(name: String, value: String, line: Int)
  /// A whole VTIMEZONE component, lines joined with CRLF.
  case timeZone(block: [UInt8], line: Int)
  /// A whole VEVENT component, lines joined with CRLF, with what the byte scan read of it.
  case event(block: [UInt8], line: Int, facts: EventFacts)
  /// A VEVENT the month pre-filter passed over (``ComponentScanner/passOverWindow``), by the
  /// keys the scan's tally keeps of it (``PassedOverKeys``), not its whole ``EventFacts``: a
  /// feed is mostly such events, and the facts are 256 bytes.
  case passedOver(
    line: Int, uidKey: Int?, override: (replacedDay: Int, instance: Int, sequence: Int)?)
  /// A VEVENT that cannot be used as it stands (never closed, or nested too deep).
  case brokenEvent(line: Int, uid: String?, reason: String)
  /// Something worth a warning that loses no event.
  case notice(line: Int, message: String)
}

/// Walks a feed's physical lines and cuts out components one at a time, so that libical never
/// sees more than one VEVENT or VTIMEZONE at once and the VCALENDAR wrapper never reaches it.
struct ComponentScanner {
  static let maximumDepth = 32
  /// The VCALENDAR properties the import reads (names uppercased).
  static let calendarProperties: [[UInt8]] = [
    "X-WR-TIMEZONE", "X-WR-CALNAME", "COLOR", "X-APPLE-CALENDAR-COLOR",
  ].map { Array($0.utf8) }
  static let maximumComponentBytes = 256 << 20
  /// Components besides VEVENT that may stand alone, without a VCALENDAR around them.
  static let bareComponents: Set<String> = [
    "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY",
  ]

  private enum Place {
    case outside
    case calendar
    case event
    case timeZone
    case otherComponent
  }

  private var place = Place.outside
  /// Component names open inside the current top component (the component itself first).
  private var stack: [String] = []
  /// The current component's text so far: `block`, then `pieces`, each followed by CRLF.
  private var block: [UInt8] = []
  /// Runs of the component's lines that lie in place in the input (consecutive CRLF lines as
  /// one run), not yet copied: an event the pre-filter passes over is never copied. Valid
  /// until ``releaseLines()``, which the caller runs before the input's bytes go.
  private var pieces: [UnsafeBufferPointer<UInt8>] = []
  /// The UID of the current VEVENT, as bytes.
  private var uidBytes = UIDBytes()
  /// The pre-filter's window: a VEVENT it passes over (``EventFacts/passedOver(for:)``) is
  /// handed out without its text and UID text. Nil: every component is handed out whole.
  var passOverWindow: ClosedRange<Day>?
  private var blockLine = 0
  private var facts = EventFacts()
  private var tooDeep = false
  /// Levels opened beyond ``maximumDepth``: counted, not stacked, so that matching ENDs stays
  /// cheap however deep a hostile feed nests.
  private var overflow = 0
  private var tooLarge = false
  /// The bytes of the current component, kept or not.
  private var componentBytes = 0
  private var lastProperty = EventFacts.Property.other
  /// The VEVENT's property line read once it is whole (its times, rule, dates, status or
  /// sequence, or a line folded before its value): held until the next line shows whether it
  /// goes on. See ``HeldProperty``.
  private var heldProperty = HeldProperty()
  /// The longest property line read whole (an RDATE or EXDATE list of some 4,000
  /// date-times): a longer one keeps its event for every window after DTSTART.
  static let maximumHeldProperty = 65_536
  private var lastCalendarProperty: (name: String, value: [UInt8], line: Int)?
  /// A top-level line folded before its value began (`X-WR-` + ` CALNAME:…`), held while it
  /// may still be a property the import reads: its bytes so far and its line.
  private var calendarLineStart: (bytes: [UInt8], number: Int)?
  /// A BEGIN or END line that may go on in the next one (folded inside its keyword or its
  /// component's name, as RFC 5545 allows anywhere), held until the next line shows: the
  /// unfolded bytes so far and the line's number. Lines naming a component in full
  /// (``beginOrEnd(_:)``'s common names) are handled at once.
  private var heldLine: (bytes: [UInt8], number: Int)?
  /// The longest held line: beyond, it is handled as it stands.
  static let maximumHeldLine = 4_096
  private(set) var sawContent = false
  private(set) var sawCalendarData = false
  private(set) var firstContentLine: String?
  /// The number of that line.
  private(set) var firstContentLineNumber = 0

  /// A scanner at the start of the input.
  init() {}

  /// A scanner for the second part of a split scan, which starts at a top-level line of a
  /// VCALENDAR (see ``FeedScan``): as a scanner of the whole input would be there, once
  /// ``isAtCalendarLevel`` and ``flushPendingProperty(_:)``.
  init(continuingInsideCalendar: Void) {
    place = .calendar
    sawContent = true
    sawCalendarData = true
  }

  /// Whether the scan stands between components, at the top level of a VCALENDAR.
  var isAtCalendarLevel: Bool { place == .calendar && heldLine == nil }

  /// Whether a BEGIN or END line waits for the next line (``heldLine``): what it opens or
  /// closes is not known yet.
  var isHoldingLine: Bool { heldLine != nil }

  /// Hands out a calendar property still waiting for its folded lines, as the next line that
  /// is not a continuation would.
  mutating func flushPendingProperty(_ emit: (ScannedItem) -> Void) {
    flushCalendarProperty(emit)
  }

  /// Handles one physical line, copied where it is kept: the line need not outlive the call.
  mutating func scan(_ line: UnsafeBufferPointer<UInt8>, number: Int, _ emit: (ScannedItem) -> Void)
  {
    scan(line, number: number, inPlace: false, emit)
  }

  /// Handles one physical line; with `inPlace`, the line's bytes stay valid until
  /// ``releaseLines()`` and are referred to, not copied, until the component is handed out.
  mutating func scan(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, inPlace: Bool,
    _ emit: (ScannedItem) -> Void
  ) {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
      // A blank line carries nothing; but after the first line, two blanks or more are a
      // continuation whose blanks after the first are content (folding before a space).
      guard line.count >= 2, sawContent else { return }
    }
    let isContinuation = line[0] == 0x20 || line[0] == 0x09
    if !sawContent {
      sawContent = true
      firstContentLine = String(decoding: line.prefix(60), as: UTF8.self)
      firstContentLineNumber = number
    }
    if heldLine != nil, takeHeldLine(continuedBy: line, isContinuation: isContinuation, emit) {
      return
    }
    scanLine(
      line, number: number, inPlace: inPlace, continuation: isContinuation, mayHold: true, emit)
  }

  /// With a line held (``heldLine``): adds `line` to it when it continues it (true), else
  /// handles the held line (false: `line` is still to be handled).
  @inline(never)
  private mutating func takeHeldLine(
    continuedBy line: UnsafeBufferPointer<UInt8>, isContinuation: Bool,
    _ emit: (ScannedItem) -> Void
  ) -> Bool {
    guard var held = heldLine else { return false }
    if isContinuation, held.bytes.count < ComponentScanner.maximumHeldLine {
      heldLine = nil  // `held` the only reference: appended in place
      held.bytes.append(contentsOf: line.dropFirst())
      heldLine = held
      return true
    }
    handleHeldLine(emit)
    return false
  }

  /// Handles the held line (``heldLine``), if any, as it stands: no more of it is coming.
  private mutating func handleHeldLine(_ emit: (ScannedItem) -> Void) {
    guard let held = heldLine else { return }
    heldLine = nil
    held.bytes.withUnsafeBufferPointer {
      scanLine($0, number: held.number, inPlace: false, continuation: false, mayHold: false, emit)
    }
  }

  /// Handles one physical line, or the unfolded BEGIN or END line held before it; with
  /// `mayHold`, a BEGIN or END line that may go on in the next is held (``heldLine``).
  @inline(__always)
  private mutating func scanLine(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, inPlace: Bool,
    continuation isContinuation: Bool,
    mayHold: Bool, _ emit: (ScannedItem) -> Void
  ) {
    if !isContinuation {
      flushCalendarProperty(emit)
      if let (keyword, name, common) = ComponentScanner.beginOrEnd(line) {
        if mayHold, !common {
          heldLine = (Array(line), number)
          return
        }
        handle(keyword: keyword, name: name, line: line, inPlace: inPlace, number: number, emit)
        return
      }
      if mayHold, line.count <= 5, ComponentScanner.mayStartKeyword(line) {
        heldLine = (Array(line), number)
        return
      }
    }
    switch place {
    case .outside:
      return
    case .calendar:
      calendarLine(line, number: number, continuation: isContinuation)
    case .event:
      // libical gets the event's own properties that icslanes reads (and any it does not know
      // by name); the ones nothing reads (DTSTAMP, X-ALT-DESC…) and nested components
      // (VALARM) are left out: parsing them was most of libical's work. DESCRIPTION, ORGANIZER
      // and ATTENDEE stay: the details of a kept event (only kept events are parsed).
      guard stack.count == 1 else {
        count(line)
        return
      }
      if !isContinuation {
        if heldProperty.property != nil { readHeldProperty() }
        readEventLine(line, inPlace: inPlace)
      }
      if lastProperty == .unused {
        count(line)
        return
      }
      append(line, inPlace: inPlace)
      if isContinuation {
        if heldProperty.property != nil {
          heldProperty.append(continuation: line)
        } else if lastProperty == .uid {
          uidBytes.append(line.dropFirst())
        }
      }
    case .timeZone, .otherComponent:
      append(line, inPlace: inPlace)
    }
  }

  /// Reads a VEVENT's property line into the facts, or holds it to be read whole
  /// (``heldProperty``): a property whose value bounds the event's days, and a line folded
  /// before its value (inside its name, or a UID's parameters).
  @inline(__always)
  private mutating func readEventLine(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool) {
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
  private mutating func readHeldProperty() {
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

  /// Reports what is left open at the end of the input.
  mutating func finish(_ emit: (ScannedItem) -> Void) {
    handleHeldLine(emit)
    flushCalendarProperty(emit)
    switch place {
    case .event:
      closeOpenEvent(
        because: "the feed ends inside this VEVENT (no END:VEVENT)", number: blockLine, emit)
    case .timeZone:
      emit(.notice(line: blockLine, message: "the feed ends inside a VTIMEZONE; it is not used"))
    case .calendar, .otherComponent:
      emit(.notice(line: blockLine, message: "the feed ends before END:VCALENDAR"))
    case .outside:
      break
    }
    place = .outside
  }

  private mutating func handle(
    keyword: Keyword, name: String, line: UnsafeBufferPointer<UInt8>, inPlace: Bool, number: Int,
    _ emit: (ScannedItem) -> Void
  ) {
    // A BEGIN or END line ends the property line before it.
    if heldProperty.property != nil { readHeldProperty() }
    switch (place, keyword) {
    case (.outside, .begin):
      if name == "VCALENDAR" {
        sawCalendarData = true
        place = .calendar
        emit(.calendarBegins(line: number))
      } else if name == "VEVENT" {
        // A bare VEVENT with no VCALENDAR around it: accept it as if wrapped.
        sawCalendarData = true
        place = .calendar
        emit(.calendarBegins(line: number))
        startBlock(.event, name: name, line: line, inPlace: inPlace, number: number)
      } else if ComponentScanner.bareComponents.contains(name) {
        // Another bare iCalendar component (a VTODO export, say): iCalendar, with no event in it.
        sawCalendarData = true
        place = .calendar
        emit(.calendarBegins(line: number))
        startBlock(
          name == "VTIMEZONE" ? .timeZone : .otherComponent, name: name, line: line,
          inPlace: inPlace, number: number)
      }
    case (.outside, .end):
      return
    case (.calendar, .begin):
      switch name {
      case "VEVENT": startBlock(.event, name: name, line: line, inPlace: inPlace, number: number)
      case "VTIMEZONE":
        startBlock(.timeZone, name: name, line: line, inPlace: inPlace, number: number)
      case "VCALENDAR":
        emit(
          .notice(
            line: number, message: "BEGIN:VCALENDAR inside a VCALENDAR; treated as a new calendar"))
        emit(.calendarBegins(line: number))
      default:
        startBlock(.otherComponent, name: name, line: line, inPlace: inPlace, number: number)
      }
    case (.calendar, .end):
      if name == "VCALENDAR" {
        place = .outside
      } else {
        emit(.notice(line: number, message: "END:\(name) without a matching BEGIN; ignored"))
      }
    case (.event, .begin) where name == "VEVENT" || name == "VCALENDAR":
      // A VEVENT never nests: this one was left open. Close it there and read what it has.
      closeOpenEvent(
        because: "BEGIN:\(name) at line \(number) before END:VEVENT", number: number, emit)
      place = .calendar
      handle(keyword: keyword, name: name, line: line, inPlace: inPlace, number: number, emit)
    case (.timeZone, .begin) where name == "VEVENT" || name == "VCALENDAR",
      (.otherComponent, .begin) where name == "VEVENT" || name == "VCALENDAR":
      // A VEVENT inside an unclosed component: the component was left open; keep the event.
      emit(
        .notice(
          line: blockLine,
          message:
            "\(stack.first ?? "component") is not closed before BEGIN:\(name) at line \(number); it is not used"
        ))
      place = .calendar
      handle(keyword: keyword, name: name, line: line, inPlace: inPlace, number: number, emit)
    case (_, .begin):
      if stack.count >= ComponentScanner.maximumDepth {
        tooDeep = true
        overflow += 1
      } else {
        stack.append(name)
      }
      appendNested(line, inPlace: inPlace)
    case (_, .end) where overflow > 0 && name != stack.first:
      overflow -= 1
      appendNested(line, inPlace: inPlace)
    case (_, .end):
      if let open = stack.lastIndex(of: name) {
        if open != stack.count - 1 {
          emit(
            .notice(
              line: number,
              message: "END:\(name) closes \(stack.count - 1 - open) unclosed component(s)"))
          // Close them in the text too, so that libical reads the component.
          for unclosed in stack[(open + 1)...].reversed() {
            let end = Array("END:\(unclosed)".utf8)
            end.withUnsafeBufferPointer { appendNested($0, inPlace: false) }
          }
        }
        if open == 0 {
          append(line, inPlace: inPlace)
        } else {
          appendNested(line, inPlace: inPlace)
        }
        stack.removeSubrange(open...)  // keeps the capacity
      } else if name == "VCALENDAR" {
        if place == .event {
          closeOpenEvent(
            because: "END:VCALENDAR at line \(number) before END:VEVENT", number: number, emit)
        } else {
          append(line, inPlace: inPlace)
        }
        place = .outside
        stack = []
        return
      } else {
        emit(.notice(line: number, message: "END:\(name) without a matching BEGIN; ignored"))
      }
      if stack.isEmpty { finishBlock(number: number, emit) }
    }
  }

  /// Closes a VEVENT that was left open (as calendar clients do): what it has is read, with a
  /// notice; it is skipped only for the reasons a closed one would be.
  private mutating func closeOpenEvent(
    because reason: String, number: Int, _ emit: (ScannedItem) -> Void
  ) {
    emit(.notice(line: blockLine, message: "\(reason): the VEVENT is closed there and read"))
    let end = Array("END:VEVENT".utf8)
    end.withUnsafeBufferPointer { append($0, inPlace: false) }
    stack = []
    finishBlock(number: number, emit)
  }

  private mutating func startBlock(
    _ kind: Place, name: String, line: UnsafeBufferPointer<UInt8>, inPlace: Bool, number: Int
  ) {
    place = kind
    stack.removeAll(keepingCapacity: true)
    stack.append(name)
    block.removeAll(keepingCapacity: true)
    pieces.removeAll(keepingCapacity: true)
    uidBytes.reset()
    blockLine = number
    facts = EventFacts()
    _ = heldProperty.release()
    tooDeep = false
    overflow = 0
    tooLarge = false
    componentBytes = 0
    lastProperty = .other
    append(line, inPlace: inPlace)
  }

  private mutating func finishBlock(number: Int, _ emit: (ScannedItem) -> Void) {
    let kind = place
    place = .calendar
    switch kind {
    case .event:
      if heldProperty.property != nil { readHeldProperty() }
      facts.uidEscaped = uidBytes.escaped
      facts.uidTruncated = uidBytes.truncated
      facts.uidKey = uidBytes.key
      if tooDeep {
        emit(
          .brokenEvent(
            line: blockLine, uid: uidText,
            reason: "components nested deeper than \(ComponentScanner.maximumDepth) levels"))
      } else if tooLarge {
        emit(
          .brokenEvent(
            line: blockLine, uid: uidText,
            reason: "VEVENT larger than \(ComponentScanner.maximumComponentBytes >> 20) MiB"))
      } else if facts.passedOver(for: passOverWindow) {
        emit(.passedOver(line: blockLine, uidKey: facts.uidKey, override: facts.overrideKeys))
      } else {
        releaseLines()
        facts.uid = uidText
        emit(.event(block: block, line: blockLine, facts: facts))
      }
    case .timeZone:
      if tooDeep || tooLarge {
        emit(.notice(line: blockLine, message: "VTIMEZONE nested too deep or too large; not used"))
      } else {
        releaseLines()
        emit(.timeZone(block: block, line: blockLine))
      }
    default:
      break
    }
    pieces.removeAll(keepingCapacity: true)
  }

  /// The UID's text, when the VEVENT has one.
  private var uidText: String? {
    uidBytes.seen ? uidBytes.text().text : nil
  }

  /// Adds a line to the component's text: referred to in place (joined to the run before it
  /// when the two are consecutive CRLF lines of the input), or copied.
  private mutating func append(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool) {
    count(line)
    guard !tooLarge else { return }
    guard inPlace, let base = line.baseAddress else {
      releaseLines()
      block.append(contentsOf: line)
      block.append(0x0D)
      block.append(0x0A)
      return
    }
    if let last = pieces.last, let lastBase = last.baseAddress,
      lastBase + last.count + 2 == base, lastBase[last.count] == 0x0D,
      lastBase[last.count + 1] == 0x0A
    {
      pieces[pieces.count - 1] = UnsafeBufferPointer(
        start: lastBase, count: last.count + 2 + line.count)
      return
    }
    if pieces.count >= ComponentScanner.maximumPieces { releaseLines() }
    pieces.append(line)
  }

  /// Runs of lines held before they are copied (beyond, they are copied at once).
  static let maximumPieces = 256

  /// Copies the lines referred to in place into the component's own text: call before the
  /// bytes of lines scanned `inPlace` go (at the end of a chunk of input).
  mutating func releaseLines() {
    if heldProperty.property != nil { heldProperty.keepBytes() }
    guard !pieces.isEmpty else { return }
    for piece in pieces {
      block.append(contentsOf: piece)
      block.append(0x0D)
      block.append(0x0A)
    }
    pieces.removeAll(keepingCapacity: true)
  }

  /// A line of a component nested in the current one: kept for a VTIMEZONE (its STANDARD and
  /// DAYLIGHT), left out of a VEVENT (see ``scan(_:number:_:)``).
  private mutating func appendNested(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool) {
    if place == .event { count(line) } else { append(line, inPlace: inPlace) }
  }

  /// Counts a line towards the component's size, whether or not it is kept.
  private mutating func count(_ line: UnsafeBufferPointer<UInt8>) {
    componentBytes += line.count + 2
    if componentBytes > ComponentScanner.maximumComponentBytes { tooLarge = true }
  }

  private mutating func calendarLine(
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

  private mutating func flushCalendarProperty(_ emit: (ScannedItem) -> Void) {
    calendarLineStart = nil
    guard let property = lastCalendarProperty else { return }
    lastCalendarProperty = nil
    let value = String(decoding: property.value, as: UTF8.self)
    emit(
      .calendarProperty(name: property.name, value: ICalText.unescape(value), line: property.line))
  }

  enum Keyword {
    case begin, end
  }

  /// `BEGIN:NAME` or `END:NAME` (any case): the keyword, the name uppercased, and whether the
  /// name is one of the components every feed writes in full (``commonNames``).
  static func beginOrEnd(_ line: UnsafeBufferPointer<UInt8>) -> (Keyword, String, common: Bool)? {
    guard let base = line.baseAddress, line.count >= 4 else { return nil }
    let first = base[0] | 0x20
    guard first == UInt8(ascii: "b") || first == UInt8(ascii: "e") else { return nil }
    let keyword: Keyword
    let prefixLength: Int
    if EventFacts.hasPrefix(line, "BEGIN:") {
      keyword = .begin
      prefixLength = 6
    } else if EventFacts.hasPrefix(line, "END:") {
      keyword = .end
      prefixLength = 4
    } else {
      return nil
    }
    var start = prefixLength
    var end = line.count
    while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
    while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
    let name = UnsafeBufferPointer(rebasing: line[start..<end])
    // The names every feed repeats, without building a string each time.
    for known in ComponentScanner.commonNames
    where name.count == known.static.utf8CodeUnitCount && EventFacts.hasPrefix(name, known.static) {
      return (keyword, known.utf8, true)
    }
    return (keyword, String(decoding: name, as: UTF8.self).uppercased(), false)
  }

  /// Whether `line`, without a colon, may be the start of a BEGIN or END line folded inside
  /// its keyword (`BEG` + ` IN:VEVENT`).
  static func mayStartKeyword(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.count <= 5, let first = line.first else { return false }
    let keyword = Array(((first | 0x20) == UInt8(ascii: "b") ? "BEGIN" : "END").utf8)
    guard line.count <= keyword.count else { return false }
    for (byte, expected) in zip(line, keyword) {
      let upper = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
      if upper != expected { return false }
    }
    return true
  }

  private static let commonNames: [(static: StaticString, utf8: String)] = [
    ("VEVENT", "VEVENT"), ("VALARM", "VALARM"), ("VTIMEZONE", "VTIMEZONE"),
    ("VCALENDAR", "VCALENDAR"), ("STANDARD", "STANDARD"), ("DAYLIGHT", "DAYLIGHT"),
    ("VTODO", "VTODO"), ("VJOURNAL", "VJOURNAL"), ("VFREEBUSY", "VFREEBUSY"),
  ]
}

extension String {
  func trimmingASCIIWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
