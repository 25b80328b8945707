import HTTPFetch

/// A problem with a feed that stops the import.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file cannot be read.
  case unreadable(path: String, reason: String)
  /// The input holds no iCalendar data at all.
  case notICalendar(source: String, detail: String)
  /// A line is too long to be a property of any real feed. (`Feed` reports it as
  /// ``notICalendar(source:detail:)``, naming the file and the line.)
  case lineTooLong(line: Int, limit: Int)
  /// `strict` was asked for and the feed has a problem that would otherwise only warn.
  case strictFailure(source: String, line: Int?, message: String)
  /// A feed at a URL cannot be fetched: the server answered with an error status, or the host
  /// is not found, the connection or TLS fails, or it stalls past the timeout.
  case unavailable(source: String, reason: String)

  /// One line: the source, the line when known, and what is wrong.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "\(path.isEmpty ? "input" : path): cannot read: \(reason)"
    case .notICalendar(let source, let detail):
      return "\(source): not iCalendar: \(detail)"
    case .lineTooLong(let line, let limit):
      return "line \(line): longer than \(limit >> 20) MiB; not iCalendar"
    case .strictFailure(let source, let line, let message):
      return "\(source)\(line.map { ":\($0)" } ?? ""): \(message) (--strict)"
    case .unavailable(let source, let reason):
      return "\(source): cannot fetch: \(reason)"
    }
  }

  /// A fetch's failure, as the feed at that URL reports it.
  package init(_ failure: FetchError) {
    self = .unavailable(source: failure.source, reason: failure.reason)
  }
}

extension ImportError {
  /// What a replay throws when the feed's bytes are not what its index says is at a line: the
  /// file changed while read, or (its keys unchanged) the index is damaged.
  package static func replayMismatch(path: String, _ detail: String) -> ImportError {
    .unreadable(path: path, reason: replayMismatchReason + " (" + detail + ")")
  }

  /// Whether this is a ``replayMismatch(path:_:)``.
  package var isReplayMismatch: Bool {
    guard case .unreadable(_, let reason) = self else { return false }
    return reason.hasPrefix(ImportError.replayMismatchReason + " (")
  }

  private static let replayMismatchReason = "changed while read"
}
