import LaneLayout

/// How a feed is read.
public struct ImportOptions: Sendable {
  /// When set, events that cannot touch these days are passed over unparsed (the month
  /// pre-filter). Layouts of other days from the same load then miss those events.
  public var window: ClosedRange<Day>?
  /// Turn every warning and skipped event into an ``ImportError/strictFailure(source:line:message:)``.
  public var strict: Bool
  /// At most this many occurrences of one event are laid out in one window; more are dropped
  /// with a warning.
  public var maximumOccurrencesPerEvent: Int
  /// Every event keeps its first occurrence in a window; beyond that, the feed's events share
  /// at most this many there, in file order. The events after that keep only their first, with
  /// one warning per window saying how many occurrences were left out. So a feed of N events
  /// costs at most this (or ``sharedOccurrencesPerEventRead`` × N, when more) plus N occurrences,
  /// however many each event could have.
  public var maximumOccurrencesPerFeed: Int = 20_000
  /// A big feed's events share more: `this × eventsRead` when that is more than
  /// ``maximumOccurrencesPerFeed`` (so a month of a million-event timetable is not cut, while
  /// the feed's cost stays proportional to its size). 0 keeps the shared budget fixed.
  public var sharedOccurrencesPerEventRead: Int = 2
  /// At most this many steps of libical's recurrence iterator for the whole feed in one
  /// window: the walks from DTSTART (RRULEs that cannot jump to the window: a COUNT that may
  /// end before it, BYWEEKNO) spend their estimate before they start, and inside the window
  /// every walk spends the FREQ periods libical passes (at least one per call). A walk stops,
  /// or does not start, when what is left cannot hold the longest search its next call may
  /// make, with one warning per window. So a feed of N events costs at most this plus N small
  /// expansions, not N × ``maximumRecurrenceSteps``.
  public var maximumRecurrenceStepsPerFeed: Int = 300_000
  /// Per event read, the feed's step budget grows by this many steps when that is more than
  /// ``maximumRecurrenceStepsPerFeed`` (so a month of a big feed's series is not cut, while its
  /// cost stays proportional to its size). 0 keeps the budget fixed.
  public var recurrenceStepsPerEventRead: Int = 10
  /// At most this many recurrence-iterator steps per event and window; a walk from DTSTART
  /// (a rule with COUNT) that would look at more candidate times before the window is not
  /// started, and a walk stops when its next call could pass more FREQ periods in the window.
  public var maximumRecurrenceSteps: Int
  /// Called after each chunk read with the bytes read so far and the total, when known.
  public var progress: (@Sendable (Int, Int?) -> Void)?
  /// Seconds a feed fetched from a URL may stay silent (connecting, or between two pieces of
  /// data), or bring less than 1,024 bytes of its body, before the fetch fails as
  /// ``ImportError/unavailable(source:reason:)``. Taken within 1…86,400 (30 for NaN).
  public var networkTimeout: Double = 30
  /// The calendar's name, over the feed's X-WR-CALNAME and a folder's `displayname` (set from
  /// a configuration file).
  public var calendarName: String?
  /// The calendar's colour, `#rrggbb`, over a folder's `color` file (set from a configuration
  /// file).
  public var calendarColor: String?
  /// Whether the scan and libical's parse run on two threads (tests force either way).
  var scanOverlap = ScanOverlap.automatic
  /// Whether a big file's scan is cut in two parts scanned at once (tests force either way).
  var scanSplit = ScanSplit.automatic
  /// How many passed-over keys the second part of a split scan hands out at a time (tests use
  /// fewer): pieces big enough that glibc maps them, and gives them back when freed.
  var keyPieceSize = 1 << 16

  /// Options with the defaults: no pre-filter, lenient, 10,000 occurrences and 200,000 steps
  /// per event and window, 20,000 occurrences (beyond each event's first) and 300,000 steps of
  /// libical's iterator per feed and window (more for a big feed).
  public init(
    window: ClosedRange<Day>? = nil, strict: Bool = false, maximumOccurrencesPerEvent: Int = 10_000,
    maximumRecurrenceSteps: Int = 200_000, progress: (@Sendable (Int, Int?) -> Void)? = nil
  ) {
    self.window = window
    self.strict = strict
    self.maximumOccurrencesPerEvent = maximumOccurrencesPerEvent
    self.maximumRecurrenceSteps = maximumRecurrenceSteps
    self.progress = progress
  }
}
