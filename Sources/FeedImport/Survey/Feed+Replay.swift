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
  package convenience init(
    path: String, replaying replay: FeedReplay, options: ImportOptions,
    as location: FeedLocation? = nil
  ) throws(ImportError) {
    var byteSource = try ByteSource(path: path)
    let named = location ?? .file(path)
    try self.init(
      byteSource: &byteSource, source: named.source, fallbackName: named.fallbackName,
      options: options,
      reopen: { () throws(ImportError) -> ByteSource in try ByteSource(path: path) },
      takeParts: { (loader: inout FeedLoader, source: ByteSource) throws(ImportError) in
        try loader.replay(replay, from: source)
      })
  }
}
