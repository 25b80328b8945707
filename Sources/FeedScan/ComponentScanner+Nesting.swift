/// The BEGIN and END lines: where each component starts and ends, and what a feed that leaves
/// one open or closes one twice means.
extension ComponentScanner {
  /// Handles a BEGIN or END line (`keyword`) of the component `name`, where the scan stands.
  mutating func handle(
    keyword: Keyword, name: String, line: UnsafeBufferPointer<UInt8>, inPlace: Bool, number: Int,
    _ emit: (ScannedItem) -> Void
  ) {
    // A BEGIN or END line ends the property line before it.
    if heldProperty.property != nil { readHeldProperty() }
    switch (place, keyword) {
    case (.outside, .begin):
      beginOutside(name, line: line, inPlace: inPlace, number: number, emit)
    case (.outside, .end):
      return
    case (.calendar, .begin):
      beginInCalendar(name, line: line, inPlace: inPlace, number: number, emit)
    case (.calendar, .end):
      if name == "VCALENDAR" {
        place = .outside
      } else {
        emit(.notice(line: number, message: "END:\(name) without a matching BEGIN; ignored"))
      }
    case (.event, .begin) where name == "VEVENT" || name == "VCALENDAR":
      // A VEVENT never nests: this one was left open. Close it there and read what it has.
      closeOpenEvent(
        because: "BEGIN:\(name) at \(lineName(number)) before END:VEVENT", number: number,
        emit)
      place = .calendar
      handle(keyword: keyword, name: name, line: line, inPlace: inPlace, number: number, emit)
    case (.timeZone, .begin) where name == "VEVENT" || name == "VCALENDAR",
      (.otherComponent, .begin) where name == "VEVENT" || name == "VCALENDAR":
      // A VEVENT inside an unclosed component: the component was left open; keep the event.
      emit(
        .notice(
          line: blockLine,
          message:
            "\(stack.first ?? "component") is not closed before BEGIN:\(name) at \(lineName(number)); it is not used"
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
      endInside(name, line: line, inPlace: inPlace, number: number, emit)
    }
  }

  /// A BEGIN line outside any VCALENDAR: a calendar, or a bare component as if wrapped in one.
  private mutating func beginOutside(
    _ name: String, line: UnsafeBufferPointer<UInt8>, inPlace: Bool, number: Int,
    _ emit: (ScannedItem) -> Void
  ) {
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
  }

  /// A BEGIN line at the top level of a VCALENDAR: a component starts.
  private mutating func beginInCalendar(
    _ name: String, line: UnsafeBufferPointer<UInt8>, inPlace: Bool, number: Int,
    _ emit: (ScannedItem) -> Void
  ) {
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
  }

  /// An END line inside a component: it closes the component named (and any left open inside
  /// it), ends the calendar, or matches nothing.
  private mutating func endInside(
    _ name: String, line: UnsafeBufferPointer<UInt8>, inPlace: Bool, number: Int,
    _ emit: (ScannedItem) -> Void
  ) {
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
          because: "END:VCALENDAR at \(lineName(number)) before END:VEVENT", number: number,
          emit)
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

  /// `number` as a notice about the current component (at ``blockLine``) names it: in a
  /// folder, the line of its own file (``FolderStream/name(ofLine:from:)``).
  func lineName(_ number: Int) -> String {
    folder?.name(ofLine: number, from: blockLine) ?? "line \(number)"
  }

  /// Closes a VEVENT that was left open (as calendar clients do): what it has is read, with a
  /// notice; it is skipped only for the reasons a closed one would be.
  mutating func closeOpenEvent(
    because reason: String, number: Int, _ emit: (ScannedItem) -> Void
  ) {
    emit(.notice(line: blockLine, message: "\(reason): the VEVENT is closed there and read"))
    let end = Array("END:VEVENT".utf8)
    end.withUnsafeBufferPointer { append($0, inPlace: false) }
    stack = []
    finishBlock(number: number, emit)
  }
}
