import FeedScan
import LaneLayout

/// How a feed is read.
public struct ImportOptions: Sendable {
  /// When set, events that cannot touch these days are passed over unparsed (the month
  /// pre-filter). Layouts of other days from the same load then miss those events.
  public var window: ClosedRange<Day>?
  /// Turn every warning and skipped event into an
  /// `ImportError.strictFailure(source:line:message:)`.
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
  /// At most this many recurrence steps for the whole feed in one window: a step is an
  /// occurrence the expansion works out (counted one by one before the window by a COUNT that
  /// may end there, or handed on in it), or a period that holds none; a run of periods counted
  /// at once is one. An expansion stops when what is left is spent, with one warning per
  /// window. So a feed of N events costs at most this plus N small expansions, not
  /// N × ``maximumRecurrenceSteps``.
  public var maximumRecurrenceStepsPerFeed: Int = 300_000
  /// Per event read, the feed's step budget grows by this many steps when that is more than
  /// ``maximumRecurrenceStepsPerFeed`` (so a month of a big feed's series is not cut, while its
  /// cost stays proportional to its size). 0 keeps the budget fixed.
  public var recurrenceStepsPerEventRead: Int = 10
  /// At most this many recurrence steps (as for ``maximumRecurrenceStepsPerFeed``) per event
  /// and window; the expansion stops there, with a warning.
  public var maximumRecurrenceSteps: Int
  /// Called after each chunk read with the bytes read so far and the total, when known.
  public var progress: (@Sendable (Int, Int?) -> Void)?
  /// Seconds a feed fetched from a URL may stay silent (connecting, or between two pieces of
  /// data), or bring less than 1,024 bytes of its body, before the fetch fails as
  /// `ImportError.unavailable(source:reason:)`. Taken within 1…86,400 (30 for NaN).
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
  /// per event and window, 20,000 occurrences (beyond each event's first) and 300,000
  /// recurrence steps per feed and window (more for a big feed).
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
