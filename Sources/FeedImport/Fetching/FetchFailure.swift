import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Words for why a fetch failed, and URLs as messages show them.
enum FetchFailure {
  /// One phrase for a URLSession error: host not found, connection refused, TLS, timeout…
  static func reason(for error: any Error) -> String {
    let error = error as NSError
    let detail = underlyingText(error)
    guard error.domain == NSURLErrorDomain else { return detail ?? "\(error.localizedDescription)" }
    let base: String
    switch error.code {
    case NSURLErrorTimedOut:
      base = "timed out (no data within the timeout; see --timeout)"
    case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
      base = "host not found (DNS)"
    case NSURLErrorCannotConnectToHost:
      base = "cannot connect to the host (connection refused)"
    case NSURLErrorNetworkConnectionLost:
      base = "the connection was lost"
    case NSURLErrorNotConnectedToInternet:
      base = "not connected to a network"
    case NSURLErrorHTTPTooManyRedirects, NSURLErrorRedirectToNonExistentLocation:
      base = "too many redirects"
    case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
      NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasUnknownRoot,
      NSURLErrorServerCertificateNotYetValid, NSURLErrorClientCertificateRejected,
      NSURLErrorClientCertificateRequired:
      base = "TLS failed"
    case NSURLErrorUnsupportedURL:
      base = "unsupported URL"
    case NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData,
      NSURLErrorCannotDecodeRawData, NSURLErrorCannotParseResponse:
      base = "bad response from the server"
    case NSURLErrorCancelled:
      base = "cancelled"
    default:
      // libcurl's own words; TLS errors arrive here with code -1 ("OpenSSL/3: … SSL routines…").
      if let detail, isTLS(detail) { return "TLS failed: \(detail)" }
      base = "network error \(error.code)"
    }
    guard let detail, !detail.isEmpty else { return base }
    return "\(base): \(detail)"
  }

  /// The words of libcurl under the error, when it gives any.
  private static func underlyingText(_ error: NSError) -> String? {
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      let text = underlying.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty
    {
      return text
    }
    return error.userInfo[NSLocalizedDescriptionKey] as? String
  }

  private static func isTLS(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.contains("ssl") || lower.contains("tls") || lower.contains("certificate")
  }

  /// The URL without a password, for messages.
  static func display(_ url: URL) -> String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
      parts.password != nil
    else { return url.absoluteString }
    parts.password = "***"
    return parts.string ?? url.absoluteString
  }
}
