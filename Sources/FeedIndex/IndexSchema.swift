import GRDB

/// The tables of an index file (SQLite).
///
/// - `feed`: one row: the format and version, the feed's keys (``FeedKeys``) and the hash of
///   its bytes, the survey's feed-wide facts (counts, NUL bytes, the line checkpoints), and
///   how many `sharing` rows there are, in all and in the groups of `alone` (a replay reads
///   every row in order when it would look up a third of them or more).
/// - `part`: what the loader reads whatever the window (calendars, their properties,
///   VTIMEZONEs, notices, broken events), by position in the file. A VTIMEZONE whose bytes an
///   earlier one has is written as that one's position (`same_as`), without its block.
/// - `reach`: for each VEVENT, the range of days of the windows the pre-filter keeps it for,
///   with its position and line, and the months a yearly series starts in (`season`, see
///   `StartSeason`); its key is a range index: a size class of the range, then its first and
///   last day, so that the events meeting a window are found class by class with one bounded
///   index range each.
/// - `always`: the VEVENTs kept for every window (unbounded series, unreadable dates…).
/// - `sharing`: the VEVENTs whose UID another VEVENT has too (every VEVENT with a UID when
///   libical may read one of the feed's UIDs otherwise than the scan), with that UID: a UID
///   group is read whole or not at all, so these are the only passed-over events a replay may
///   have to read. Each row names its UID's group (`grp`: the position of the group's first
///   event).
/// - `alone`: the groups a replay hands over whatever events it keeps: every group when libical
///   may read a UID otherwise than the scan (the UID libical gives a kept event may be any
///   group's), else none. A replay hands over the groups of the events it keeps and those (see
///   `IndexReader.replay(window:)`).
/// - `parsed`: what libical made of kept VEVENTs (`ParsedOutcome`'s bytes), by line, written
///   after a month's replay parsed them, so that the next replay that keeps them parses
///   nothing of them; `parser`: the `ParsedOutcome.signature` they were written with (rows of
///   another are not used, and are dropped when new ones are written).
/// - `folder` and `left_out`, for a folder of `.ics` files only (a file's index leaves them
///   empty): where the bytes of the folder's stream came from (``FolderLayout``: its runs and
///   each file's first line, as packed integers) and the files left out of it, with why.
///   `feed`'s keys are then the folder's (``FeedKeys/init(folder:)``).
enum IndexSchema {
  /// Written in `feed.format`: anything else is a foreign file.
  static let format = "icslanes-feed-index"
  /// Bumped whenever the tables or what the survey records change: an older index is rebuilt.
  /// 3: the scan reads lines folded anywhere (an event whose property name is folded is kept
  /// for every window; a folded BEGIN line frames its event).
  /// 4: a series the scan cannot bound (no end, or BY parts it does not read) reaches from its
  /// DTSTART on, no longer every window.
  /// 5: RDATE lines are read whole (folded too), and a series' last RDATE bounds its reach.
  /// 6: a yearly series is kept only for windows near the months it starts in (`season`).
  /// 7: the properties that bound an event's days are read whole however they are folded (a
  /// folded DTSTART or EXDATE no longer keeps its event for every window).
  /// 8: a DTSTART or DTEND of eight digits without VALUE=DATE is read as the date libical
  /// reads.
  /// 9: events libical skips or reads otherwise than the scan (a DTSTART after the year 3000,
  /// two UIDs, an empty parameter before a date's value) are kept for every window.
  /// 10: the `parsed` table.
  /// 11: `sharing` keeps every event's SEQUENCE and its `DuplicateFlags`, so that a replay
  /// settles duplicates among passed-over overrides without reading the feed.
  /// 12: every VEVENT with a UID is a `sharing` row when one of the feed's UIDs may be another
  /// text for libical than for the scan.
  /// 13: `sharing` rows name their UID's group (`grp`, the position of its first event),
  /// `alone` lists the groups whose passed-over events can settle duplicates among themselves,
  /// and `feed` counts the rows of both: a replay reads the groups of the events it keeps and
  /// those, not every row, when they are few.
  /// 14: a UID group is read whole or not at all: `sharing` keeps only the UID, an override's
  /// reach is its own days, and `alone` lists every group or none; an RRULE with an empty part
  /// is not bounded.
  /// 15: folders are indexed (`folder`, `left_out`); a repeated VTIMEZONE is written once
  /// (`part.same_as`).
  /// 16: a folder's first lines count a lone CR as a line end, as the scan does; each file of a
  /// folder stands alone (what it leaves open ends with it).
  static let version = 16

  static let statements = [
    """
    CREATE TABLE feed (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      format TEXT NOT NULL, version INTEGER NOT NULL,
      path TEXT NOT NULL, device INTEGER NOT NULL, inode INTEGER NOT NULL,
      size INTEGER NOT NULL, modified INTEGER NOT NULL, changed INTEGER NOT NULL,
      hash INTEGER NOT NULL,
      events_read INTEGER NOT NULL, event_count INTEGER NOT NULL, nul_bytes INTEGER NOT NULL,
      saw_calendar INTEGER NOT NULL, start_description TEXT NOT NULL,
      size_classes INTEGER NOT NULL, checkpoints BLOB NOT NULL,
      sharing_rows INTEGER NOT NULL, alone_rows INTEGER NOT NULL)
    """,
    """
    CREATE TABLE part (
      position INTEGER PRIMARY KEY, kind INTEGER NOT NULL, line INTEGER NOT NULL,
      first_text BLOB, second_text BLOB, block BLOB, same_as INTEGER)
    """,
    """
    CREATE TABLE reach (
      size_class INTEGER NOT NULL, first_day INTEGER NOT NULL, last_day INTEGER NOT NULL,
      position INTEGER NOT NULL, line INTEGER NOT NULL, season INTEGER NOT NULL,
      PRIMARY KEY (size_class, first_day, last_day, position)) WITHOUT ROWID
    """,
    "CREATE TABLE always (position INTEGER PRIMARY KEY, line INTEGER NOT NULL)",
    """
    CREATE TABLE sharing (
      position INTEGER PRIMARY KEY, line INTEGER NOT NULL, uid BLOB NOT NULL,
      grp INTEGER NOT NULL)
    """,
    "CREATE TABLE alone (grp INTEGER PRIMARY KEY)",
    "CREATE TABLE parsed (line INTEGER PRIMARY KEY, outcome BLOB NOT NULL)",
    "CREATE TABLE parser (id INTEGER PRIMARY KEY CHECK (id = 1), signature TEXT NOT NULL)",
    """
    CREATE TABLE folder (
      id INTEGER PRIMARY KEY CHECK (id = 1), pieces BLOB NOT NULL, first_lines BLOB NOT NULL)
    """,
    "CREATE TABLE left_out (file INTEGER PRIMARY KEY, reason TEXT NOT NULL)",
  ]

  /// The kinds of `part` rows.
  enum PartKind: Int {
    case calendarBegins = 1
    case calendarProperty = 2
    case timeZone = 3
    case brokenEvent = 4
    case notice = 5
  }

  /// The size class of a range of days: the bit width of its length, so that a range of class
  /// `c` is at most `2^c - 1` days long.
  static func sizeClass(_ range: ClosedRange<Int>) -> Int {
    let length = range.upperBound - range.lowerBound
    return length <= 0 ? 0 : Int.bitWidth - length.leadingZeroBitCount
  }

  /// The longest range of size class `sizeClass`.
  static func longest(ofClass sizeClass: Int) -> Int {
    sizeClass >= 62 ? Int.max / 4 : (1 << sizeClass) - 1
  }
}
