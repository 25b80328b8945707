import ICalBridge

/// Lets a VCALENDAR whose head (its calendar properties and VTIMEZONEs, in order) repeats the
/// last one's use that calendar's ``FeedCalendar`` rather than a new one: a folder of
/// one-event files repeats one head in every file, and each calendar costs a zone resolver.
///
/// Sharing gives the same feed as a calendar of its own would: a calendar may be shared (be the
/// template) only when every VTIMEZONE of its head was one read before, which libical does not
/// read again, so that its head taken anew gives the same zones and no warning. A calendar
/// shares while its head so far is the start of the template's; it takes a calendar of its own
/// (``FeedLoader/ownCalendar()``) at the first part that differs, and before an event is
/// parsed in it or when it ends with less than the whole of the template's head.
struct CalendarSharing {
  /// A calendar property or VTIMEZONE, as taken.
  enum HeadPart: Equatable {
    case property(name: String, value: String)
    case timeZone(block: [UInt8])
  }

  /// The calendar later ones may share, and its head; nil when there is none.
  var template: (calendar: FeedCalendar, head: [HeadPart])?
  /// The head of the current calendar so far.
  var head: [HeadPart] = []
  /// Whether the current calendar uses the template's ``FeedCalendar``.
  var shares = false
  /// Whether every VTIMEZONE of the current calendar's head was one read before (and its head
  /// is kept whole).
  var clean = true
  /// The most head parts kept of a calendar: a longer head is never shared, and not kept (a
  /// hostile calendar may have any number of properties).
  static let longestHead = 64

  /// Whether a calendar that shares can take `part` and still share: the part is the
  /// template's next one.
  func follows(_ part: HeadPart) -> Bool {
    guard let template, head.count < template.head.count else { return false }
    return template.head[head.count] == part
  }

  /// Whether a calendar that shares has the template's whole head.
  var hasWholeHead: Bool {
    head.count == template?.head.count
  }
}

extension FeedLoader {
  /// A VCALENDAR begins: it shares the template's calendar when there is one.
  mutating func beginCalendar() {
    endCalendar()
    sharing.head = []
    sharing.clean = true
    if let template = sharing.template {
      calendars.append(template.calendar)
      sharing.shares = true
    } else {
      calendars.append(FeedCalendar())
      sharing.shares = false
    }
  }

  /// The current calendar ends (another begins, or the load does): one that shares with less
  /// than the template's head takes its own; one of its own becomes the template when clean.
  mutating func endCalendar() {
    guard let current = calendars.last else { return }
    if sharing.shares {
      if !sharing.hasWholeHead { ownCalendar() }
    } else {
      sharing.template = sharing.clean ? (current, sharing.head) : nil
    }
  }

  /// Takes a calendar property or VTIMEZONE of the current calendar.
  mutating func takeHead(_ part: CalendarSharing.HeadPart, line: Int) {
    guard let calendar = calendars.last else { return }
    if sharing.shares {
      if sharing.follows(part) {
        sharing.head.append(part)
        return
      }
      ownCalendar()
    }
    if sharing.head.count < CalendarSharing.longestHead {
      sharing.head.append(part)
    } else {
      sharing.clean = false
    }
    if !apply(part, line: line, to: calendars.last ?? calendar) { sharing.clean = false }
  }

  /// Before an event of the current calendar is read: a calendar that shares without the
  /// template's whole head takes its own.
  mutating func settleCalendar() {
    if sharing.shares, !sharing.hasWholeHead { ownCalendar() }
  }

  /// The current calendar, which shares, takes a ``FeedCalendar`` of its own, with the head it
  /// has so far (every VTIMEZONE of which was read before: no warning, no budget).
  mutating func ownCalendar() {
    guard !calendars.isEmpty else { return }
    let own = FeedCalendar()
    calendars[calendars.count - 1] = own
    sharing.shares = false
    for part in sharing.head { _ = apply(part, line: 0, to: own) }
  }
}
