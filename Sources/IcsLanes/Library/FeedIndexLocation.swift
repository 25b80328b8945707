/// Where ``CalendarSource/init(contentsOf:index:options:)`` keeps the index of each feed file
/// (SQLite files, one per feed, named after the feed's path).
public enum FeedIndexLocation: Sendable, Hashable {
  /// `$XDG_CACHE_HOME/icslanes`, else `~/.cache/icslanes`.
  case automatic
  /// This folder, created when missing.
  case folder(String)
}
