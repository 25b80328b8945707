import FeedScan

extension FeedScan {
  /// The scan of a whole input, as `options` ask (window, progress, split, strictness).
  init(source: String, options: ImportOptions) {
    self.init(
      source: source, window: options.window, progress: options.progress,
      split: options.scanSplit, strict: options.strict, keyPieceSize: options.keyPieceSize)
  }
}
