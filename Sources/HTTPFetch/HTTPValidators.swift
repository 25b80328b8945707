/// What identifies one version of a resource fetched over HTTP: its `ETag` and its
/// `Last-Modified` date, as the server wrote them. A later request sends them back
/// (`If-None-Match`, `If-Modified-Since`) so that the server can answer 304 Not Modified instead
/// of the body.
package struct HTTPValidators: Sendable, Hashable, Codable {
  /// The entity tag, quotes and `W/` included; nil when the server sent none.
  package var etag: String?
  /// The `Last-Modified` date as the server wrote it; nil when it sent none.
  package var lastModified: String?

  /// Validators as a response carried them.
  package init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = HTTPValidators.usable(etag)
    self.lastModified = HTTPValidators.usable(lastModified)
  }

  /// Whether there is nothing to send back.
  package var isEmpty: Bool { etag == nil && lastModified == nil }

  /// `value` when it can go back in a header: not empty, at most 1,024 bytes, printable ASCII
  /// only (a header line must not be split or smuggled by a server's value).
  static func usable(_ value: String?) -> String? {
    guard let value, !value.isEmpty, value.utf8.count <= 1_024,
      value.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return nil }
    return value
  }
}
