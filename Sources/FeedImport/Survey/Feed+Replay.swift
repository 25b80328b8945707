import FeedScan

extension Feed {
  /// Loads the feed at `path` from what an index kept for `options.window` (see
  /// ``FeedReplay``): the same feed a scan of the file with that window loads, reading only the
  /// kept events' lines.
  ///
  /// The replay must come from a survey of this very file: the caller checks that the file has
  /// not changed since.
  ///
  /// With `location`, the file holds that feed's bytes (a URL's body kept beside its index):
  /// messages name `location`, and the calendar's fallback name is its.
  ///
  /// The replay is consumed: what it holds (the kept events' outcomes above all) is let go as
  /// soon as the loader has taken its parts, before the series are grouped. Held to the end,
  /// the outcomes were at the peak of a month's memory.
  package convenience init(
    path: String, replaying replay: consuming FeedReplay, options: ImportOptions,
    as location: FeedLocation? = nil
  ) throws(ImportError) {
    var byteSource = try ByteSource(path: path)
    let named = location ?? .file(path)
    var held: FeedReplay? = consume replay
    try self.init(
      byteSource: &byteSource, source: named.source, fallbackName: named.fallbackName,
      options: options,
      reopen: { () throws(ImportError) -> ByteSource in try ByteSource(path: path) },
      takeParts: { (loader: inout FeedLoader, source: ByteSource) throws(ImportError) in
        guard let replay = held else { return }
        held = nil
        try loader.replay(replay, from: source)
      })
  }

  /// Loads the folder `folder` from what an index kept for `options.window`: the same feed a
  /// load of the folder with that window gives, reading only the kept events' lines, from
  /// their files at the places `layout` (the stream's, as the index's survey read it) says.
  ///
  /// The replay and layout must come from a survey of the folder's files with the stamps they
  /// have in `folder`; a file read that no longer has its stamp fails the load with
  /// `ImportError.replayMismatch`.
  package convenience init(
    folder: CalendarFolder, layout: FolderLayout, replaying replay: consuming FeedReplay,
    options: ImportOptions
  ) throws(ImportError) {
    var held: FeedReplay? = consume replay
    try self.init(
      folder: folder, stream: FolderStream(folder: folder, layout: layout), options: options,
      takeParts: { (loader: inout FeedLoader, source: ByteSource) throws(ImportError) in
        guard let replay = held else { return }
        held = nil
        try loader.replay(replay, from: source)
      })
  }
}
