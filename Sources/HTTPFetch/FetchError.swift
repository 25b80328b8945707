/// A feed at a URL that cannot be fetched: an error status, a host not found, a refused
/// connection or failed TLS, a stall past the timeout. The importer reports it as its own
/// "cannot fetch" error.
package struct FetchError: Error, Sendable, Equatable {
  /// The URL as messages name it.
  package let source: String
  /// What went wrong, in a phrase.
  package let reason: String

  package init(source: String, reason: String) {
    self.source = source
    self.reason = reason
  }
}
