import LaneLayout

/// Walks a feed's physical lines and cuts out components one at a time, so that libical never
/// sees more than one VEVENT or VTIMEZONE at once and the VCALENDAR wrapper never reaches it.
package struct ComponentScanner {
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

  enum Place {
    case outside
    case calendar
    case event
    case timeZone
    case otherComponent
  }

  var place = Place.outside
  /// The folder whose stream is scanned: each of its files stands alone (``passFileStart``),
  /// and messages name lines as their files' own. Nil for a file.
  var folder: FolderStream? {
    didSet { nextFileLine = folder == nil ? .max : 0 }
  }
  /// In a folder, the line from which the scan looks for the next file's start.
  private var nextFileLine = Int.max
  /// Component names open inside the current top component (the component itself first).
  var stack: [String] = []
  /// The current component's text so far: `block`, then `pieces`, each followed by CRLF.
  private var block: [UInt8] = []
  /// Runs of the component's lines that lie in place in the input (consecutive CRLF lines as
  /// one run), not yet copied: an event the pre-filter passes over is never copied. Valid
  /// until ``releaseLines()``, which the caller runs before the input's bytes go.
  private var pieces: [UnsafeBufferPointer<UInt8>] = []
  /// The UID of the current VEVENT, as bytes.
  var uidBytes = UIDBytes()
  /// The pre-filter's window: a VEVENT it passes over (``EventFacts/passedOver(for:)``) is
  /// handed out without its text and UID text. Nil: every component is handed out whole.
  var passOverWindow: ClosedRange<Day>?
  var blockLine = 0
  var facts = EventFacts()
  var tooDeep = false
  /// Levels opened beyond ``maximumDepth``: counted, not stacked, so that matching ENDs stays
  /// cheap however deep a hostile feed nests.
  var overflow = 0
  private var tooLarge = false
  /// The bytes of the current component, kept or not.
  private var componentBytes = 0
  var lastProperty = EventFacts.Property.other
  /// The VEVENT's property line read once it is whole (its times, rule, dates, status or
  /// sequence, or a line folded before its value): held until the next line shows whether it
  /// goes on. See ``HeldProperty``.
  var heldProperty = HeldProperty()
  /// The longest property line read whole (an RDATE or EXDATE list of some 4,000
  /// date-times): a longer one keeps its event for every window after DTSTART.
  static let maximumHeldProperty = 65_536
  var lastCalendarProperty: (name: String, value: [UInt8], line: Int)?
  /// A top-level line folded before its value began (`X-WR-` + ` CALNAME:…`), held while it
  /// may still be a property the import reads: its bytes so far and its line.
  var calendarLineStart: (bytes: [UInt8], number: Int)?
  /// A BEGIN or END line that may go on in the next one (folded inside its keyword or its
  /// component's name, as RFC 5545 allows anywhere), held until the next line shows: the
  /// unfolded bytes so far and the line's number. Lines naming a component in full
  /// (``beginOrEnd(_:)``'s common names) are handled at once.
  private var heldLine: (bytes: [UInt8], number: Int)?
  /// The longest held line: beyond, it is handled as it stands.
  static let maximumHeldLine = 4_096
  private(set) var sawContent = false
  var sawCalendarData = false
  private(set) var firstContentLine: String?
  /// The number of that line.
  private(set) var firstContentLineNumber = 0

  /// A scanner at the start of the input.
  package init() {}

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
  package mutating func scan(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, _ emit: (ScannedItem) -> Void
  ) {
    scan(line, number: number, inPlace: false, emit)
  }

  /// Handles one physical line; with `inPlace`, the line's bytes stay valid until
  /// ``releaseLines()`` and are referred to, not copied, until the component is handed out.
  mutating func scan(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, inPlace: Bool,
    _ emit: (ScannedItem) -> Void
  ) {
    if number >= nextFileLine { passFileStart(number, emit) }
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

  /// Reports what is left open at the end of the input (in a folder, of each file).
  package mutating func finish(_ emit: (ScannedItem) -> Void) {
    handleHeldLine(emit)
    flushCalendarProperty(emit)
    let input = folder == nil ? "feed" : "file"
    switch place {
    case .event:
      closeOpenEvent(
        because: "the \(input) ends inside this VEVENT (no END:VEVENT)", number: blockLine, emit)
    case .timeZone:
      emit(
        .notice(line: blockLine, message: "the \(input) ends inside a VTIMEZONE; it is not used"))
    case .calendar, .otherComponent:
      emit(.notice(line: blockLine, message: "the \(input) ends before END:VCALENDAR"))
    case .outside:
      break
    }
    place = .outside
    stack.removeAll(keepingCapacity: true)
    calendarLineStart = nil
  }

  /// In a folder's stream each file stands alone, as if read by itself: at a file's first
  /// line, what the files before left open ends as at the end of the input. Then notes from
  /// which line to look for the next file's start.
  private mutating func passFileStart(_ number: Int, _ emit: (ScannedItem) -> Void) {
    // Without a folder, `nextFileLine` is `Int.max`: no line reaches here.
    guard let folder else { return }
    let (starts, next) = folder.fileStart(atLine: number)
    if starts { finish(emit) }
    nextFileLine = next
  }

  mutating func startBlock(
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

  mutating func finishBlock(number: Int, _ emit: (ScannedItem) -> Void) {
    let kind = place
    place = .calendar
    switch kind {
    case .event:
      if heldProperty.property != nil { readHeldProperty() }
      facts.uidEscaped = uidBytes.escaped
      facts.uidTruncated = uidBytes.truncated
      facts.uidNonASCII = uidBytes.nonASCII
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
        emit(.passedOver(line: blockLine, uidKey: facts.uidKey))
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
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool) {
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
  mutating func appendNested(_ line: UnsafeBufferPointer<UInt8>, inPlace: Bool) {
    if place == .event { count(line) } else { append(line, inPlace: inPlace) }
  }

  /// Counts a line towards the component's size, whether or not it is kept.
  mutating func count(_ line: UnsafeBufferPointer<UInt8>) {
    componentBytes += line.count + 2
    if componentBytes > ComponentScanner.maximumComponentBytes { tooLarge = true }
  }

}
