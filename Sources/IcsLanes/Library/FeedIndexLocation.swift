import FeedIndex

/// Where feed files keep their index (SQLite files, one per feed, named after the feed's path):
/// for ``CalendarSource/init(contentsOf:index:options:)`` and ``LayoutRequest/index``.
public enum FeedIndexLocation: Sendable, Hashable {
  /// `$XDG_CACHE_HOME/icslanes`, else `~/.cache/icslanes`.
  case automatic
  /// This folder, created when missing.
  case folder(String)
  /// This file, which holds the index of one feed file.
  case file(String)

  /// The location an `--index` argument names: `auto`, a folder (one that exists, or a path
  /// ending in `/`), or else a file.
  public init(argument: String) {
    if argument == "auto" {
      self = .automatic
      return
    }
    switch IndexPlace(argument: argument) {
    case .folder(let folder): self = .folder(folder)
    case .file(let file): self = .file(file)
    }
  }

  /// The index's place as the index reads it.
  var place: IndexPlace {
    switch self {
    case .automatic: return IndexPlace.automatic()
    case .folder(let folder): return .folder(folder)
    case .file(let file): return .file(file)
    }
  }
}
