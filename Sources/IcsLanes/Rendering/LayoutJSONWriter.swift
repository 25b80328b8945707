import LaneLayout

/// Writes the contract's objects as the bytes `JSONEncoder` gives them with `[.sortedKeys,
/// .prettyPrinted, .withoutEscapingSlashes]` (see ``JSONBytes``), without boxing values or
/// sorting keys at run time: every object's keys are written here in their sorted (UTF-8 byte)
/// order, and optional keys are left out as each type's `encode(to:)` leaves them out.
///
/// Pretty printing: `{`/`[` ends its line; each member or element is on its own line, indented
/// one level (two spaces) deeper than the line that opened the container, members written
/// `"key" : value` and separated by `,`; the closing bracket is on its own line at the opening
/// line's indentation. An empty container still gets its two line breaks (`[`, a blank line,
/// `]`). `indent` is the level of the line the value starts on; the value's first byte is written
/// where the caller left off.
enum LayoutJSONWriter {
  /// The layouts as one document: an object for one layout, an array of objects otherwise.
  /// `drain`, when given, is called after each lane of a week row with the bytes so far, which
  /// it may write out and remove.
  static func write(
    document layouts: [MonthLayout], into bytes: inout [UInt8],
    drain: ((inout [UInt8]) -> Void)? = nil
  ) {
    if layouts.count == 1 {
      write(layouts[0], indent: 0, into: &bytes, drain: drain)
    } else {
      writeArray(layouts, indent: 0, into: &bytes) { layout, indent, bytes in
        write(layout, indent: indent, into: &bytes, drain: drain)
      }
    }
  }

  /// A layout: `calendars` only when known, `stats` only when given. `drain`, when given, is
  /// called after each lane of a week row with the bytes so far, which it may write out and
  /// remove.
  static func write(
    _ layout: MonthLayout, indent: Int, into bytes: inout [UInt8],
    drain: ((inout [UInt8]) -> Void)? = nil
  ) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "{"))
    if let calendars = layout.calendars {
      key("\"calendars\" : ", indent: inner, first: true, into: &bytes)
      writeArray(calendars, indent: inner, into: &bytes, element: write)
      key("\"firstDay\" : ", indent: inner, first: false, into: &bytes)
    } else {
      key("\"firstDay\" : ", indent: inner, first: true, into: &bytes)
    }
    JSONBytes.appendDay(layout.firstDay, to: &bytes)
    key("\"laneRule\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(layout.laneRule.rawValue, to: &bytes)
    key("\"lastDay\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendDay(layout.lastDay, to: &bytes)
    key("\"month\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendMonth(layout.month, to: &bytes)
    key("\"schema\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(layout.schema, to: &bytes)
    key("\"skipped\" : ", indent: inner, first: false, into: &bytes)
    writeArray(layout.skipped, indent: inner, into: &bytes, element: write)
    if let stats = layout.stats {
      key("\"stats\" : ", indent: inner, first: false, into: &bytes)
      write(stats, indent: inner, into: &bytes)
    }
    key("\"timeZone\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(layout.timeZone, to: &bytes)
    key("\"weekStart\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(layout.weekStart.rawValue, to: &bytes)
    key("\"weeks\" : ", indent: inner, first: false, into: &bytes)
    writeArray(layout.weeks, indent: inner, into: &bytes) { week, indent, bytes in
      write(week, indent: indent, into: &bytes, drain: drain)
    }
    close("}", indent: indent, into: &bytes)
  }

  /// A week row: `more` only when segments were hidden, keyed by `YYYY-MM-DD`. `drain`, when
  /// given, is called after each lane with the bytes so far.
  static func write(
    _ week: WeekRow, indent: Int, into bytes: inout [UInt8],
    drain: ((inout [UInt8]) -> Void)? = nil
  ) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "{"))
    key("\"lanes\" : ", indent: inner, first: true, into: &bytes)
    writeArray(week.lanes, indent: inner, into: &bytes) { lane, indent, bytes in
      writeArray(lane, indent: indent, into: &bytes, element: write)
      drain?(&bytes)
    }
    if let more = week.more {
      key("\"more\" : ", indent: inner, first: false, into: &bytes)
      write(more, indent: inner, into: &bytes)
    }
    key("\"start\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendDay(week.start, to: &bytes)
    close("}", indent: indent, into: &bytes)
  }

  /// A segment: `recurrenceId` always (null for a single event), `calendar`, `categories`,
  /// `color`, `location` and the details (`attendees`, `description`, `organizer`, `status`,
  /// `url`) only when known.
  static func write(_ segment: Segment, indent: Int, into bytes: inout [UInt8]) {
    // The span once, not once per property.
    let span = segment.span
    // Most segments in one append (``SegmentObjectBytes``); the rest member by member.
    if SegmentObjectBytes.write(segment, span: span, indent: indent, into: &bytes) { return }
    writeMembers(segment, span: span, indent: indent, into: &bytes)
  }

  /// A segment member by member (whose span is `span`), as ``write(_:indent:into:)`` writes
  /// it.
  static func writeMembers(
    _ segment: Segment, span: DaySpan, indent: Int, into bytes: inout [UInt8]
  ) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "{"))
    key("\"allDay\" : ", indent: inner, first: true, into: &bytes)
    JSONBytes.appendBool(segment.allDay, to: &bytes)
    let details = span.details
    if let attendees = details?.attendeeCount {
      key("\"attendees\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendInt(attendees, to: &bytes)
    }
    if let calendar = span.calendar {
      key("\"calendar\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(calendar, to: &bytes)
    }
    if let categories = span.categories {
      key("\"categories\" : ", indent: inner, first: false, into: &bytes)
      writeArray(categories, indent: inner, into: &bytes) { category, _, bytes in
        JSONBytes.appendString(category, to: &bytes)
      }
    }
    if let color = span.color {
      key("\"color\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(color, to: &bytes)
    }
    key("\"continuesAfter\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendBool(segment.continuesAfter, to: &bytes)
    key("\"continuesBefore\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendBool(segment.continuesBefore, to: &bytes)
    if let description = details?.description {
      key("\"description\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(description, to: &bytes)
      if details?.descriptionTruncated == true {
        key("\"descriptionTruncated\" : ", indent: inner, first: false, into: &bytes)
        JSONBytes.appendBool(true, to: &bytes)
      }
    }
    key("\"end\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendTime(span.end, to: &bytes)
    key("\"firstDay\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendDay(segment.firstDay, to: &bytes)
    key("\"lastDay\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendDay(segment.lastDay, to: &bytes)
    if let location = span.location {
      key("\"location\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(location, to: &bytes)
    }
    if let organizer = details?.organizer {
      key("\"organizer\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(organizer, to: &bytes)
    }
    key("\"recurrenceId\" : ", indent: inner, first: false, into: &bytes)
    if let recurrenceId = span.recurrenceId {
      JSONBytes.appendTime(recurrenceId, to: &bytes)
    } else {
      JSONBytes.append("null", to: &bytes)
    }
    key("\"start\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendTime(span.start, to: &bytes)
    if let status = details?.status {
      key("\"status\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(status.rawValue, to: &bytes)
    }
    key("\"title\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(span.title, to: &bytes)
    key("\"uid\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(span.uid, to: &bytes)
    if let url = details?.url {
      key("\"url\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendString(url, to: &bytes)
    }
    close("}", indent: indent, into: &bytes)
  }

  /// A skipped event: `uid` and `line` always, null when unknown.
  static func write(_ event: SkippedEvent, indent: Int, into bytes: inout [UInt8]) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "{"))
    key("\"line\" : ", indent: inner, first: true, into: &bytes)
    if let line = event.line {
      JSONBytes.appendInt(line, to: &bytes)
    } else {
      JSONBytes.append("null", to: &bytes)
    }
    key("\"reason\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(event.reason, to: &bytes)
    key("\"uid\" : ", indent: inner, first: false, into: &bytes)
    writeOptional(event.uid, into: &bytes)
    close("}", indent: indent, into: &bytes)
  }

  /// The counts, every one always present but `eventsFiltered`, written only when above 0.
  static func write(_ stats: LayoutStats, indent: Int, into bytes: inout [UInt8]) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "{"))
    key("\"eventsCancelled\" : ", indent: inner, first: true, into: &bytes)
    JSONBytes.appendInt(stats.eventsCancelled, to: &bytes)
    key("\"eventsDuplicate\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.eventsDuplicate, to: &bytes)
    if stats.eventsFiltered > 0 {
      key("\"eventsFiltered\" : ", indent: inner, first: false, into: &bytes)
      JSONBytes.appendInt(stats.eventsFiltered, to: &bytes)
    }
    key("\"eventsOutside\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.eventsOutside, to: &bytes)
    key("\"eventsRead\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.eventsRead, to: &bytes)
    key("\"eventsShown\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.eventsShown, to: &bytes)
    key("\"eventsSkipped\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.eventsSkipped, to: &bytes)
    key("\"occurrences\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.occurrences, to: &bytes)
    key("\"segments\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendInt(stats.segments, to: &bytes)
    close("}", indent: indent, into: &bytes)
  }

  /// A calendar entry.
  static func write(_ calendar: CalendarInfo, indent: Int, into bytes: inout [UInt8]) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "{"))
    key("\"color\" : ", indent: inner, first: true, into: &bytes)
    JSONBytes.appendString(calendar.color, to: &bytes)
    key("\"name\" : ", indent: inner, first: false, into: &bytes)
    JSONBytes.appendString(calendar.name, to: &bytes)
    close("}", indent: indent, into: &bytes)
  }

  /// Hidden-segment counts by day, keys in the UTF-8 byte order of their `YYYY-MM-DD` text.
  static func write(_ more: [Day: Int], indent: Int, into bytes: inout [UInt8]) {
    let inner = indent + 1
    let entries = more.map { (key: $0.key.description, count: $0.value) }
      .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    bytes.append(UInt8(ascii: "{"))
    bytes.append(JSONBytes.newline)
    for (index, entry) in entries.enumerated() {
      if index > 0 { JSONBytes.append(",\n", to: &bytes) }
      JSONBytes.appendIndent(inner, to: &bytes)
      JSONBytes.appendString(entry.key, to: &bytes)
      JSONBytes.append(" : ", to: &bytes)
      JSONBytes.appendInt(entry.count, to: &bytes)
    }
    close("}", indent: indent, into: &bytes)
  }

  /// An array, each element on its own line one level deeper.
  static func writeArray<Element>(
    _ elements: [Element], indent: Int, into bytes: inout [UInt8],
    element write: (Element, Int, inout [UInt8]) -> Void
  ) {
    let inner = indent + 1
    bytes.append(UInt8(ascii: "["))
    bytes.append(JSONBytes.newline)
    for index in elements.indices {
      if index > elements.startIndex { JSONBytes.append(",\n", to: &bytes) }
      JSONBytes.appendIndent(inner, to: &bytes)
      write(elements[index], inner, &bytes)
    }
    close("]", indent: indent, into: &bytes)
  }

  /// A string, or `null`.
  private static func writeOptional(_ string: String?, into bytes: inout [UInt8]) {
    if let string {
      JSONBytes.appendString(string, to: &bytes)
    } else {
      JSONBytes.append("null", to: &bytes)
    }
  }

  /// A member's start: the separator from the member before (a line break after the opening
  /// brace), the indentation and the quoted key with ` : `.
  private static func key(
    _ quotedKey: StaticString, indent: Int, first: Bool, into bytes: inout [UInt8]
  ) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    JSONBytes.appendNewline(indent: indent, to: &bytes)
    JSONBytes.append(quotedKey, to: &bytes)
  }

  /// A line break, the indentation of the opening line and the closing bracket.
  private static func close(_ bracket: StaticString, indent: Int, into bytes: inout [UInt8]) {
    JSONBytes.appendNewline(indent: indent, to: &bytes)
    JSONBytes.append(bracket, to: &bytes)
  }
}
