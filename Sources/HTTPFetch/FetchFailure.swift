import Foundation

/// Words for why a fetch failed, and URLs as messages show them.
package enum FetchFailure {
  /// One phrase for libcurl's code of a failed transfer (host not found, connection refused,
  /// TLS, timeout…), with libcurl's own words after it.
  static func reason(code: Int32, detail: String) -> String {
    let base: String
    switch code {
    case 28:
      base = "timed out (no data within the timeout; see --timeout)"
    case 6:
      base = "host not found (DNS)"
    case 5:
      base = "proxy not found (DNS)"
    case 7:
      base = "cannot connect to the host (connection refused)"
    case 18, 55, 56:
      base = "the connection was lost"
    case 47:
      base = "too many redirects"
    case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
      base = "TLS failed"
    case 3:
      base = "unsupported URL"
    case 1, 8, 52, 61, 16, 92, 95:
      // 1: only http and https are fetched, so libcurl says it of a response it cannot read
      // (an unknown version or status code, HTTP/0.9).
      base = "bad response from the server"
    case 23, 42:
      base = "cancelled"
    default:
      if isTLS(detail) { return "TLS failed: \(detail)" }
      base = "network error \(code)"
    }
    guard !detail.isEmpty else { return base }
    return "\(base): \(detail)"
  }

  private static func isTLS(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.contains("ssl") || lower.contains("tls") || lower.contains("certificate")
  }

  /// The URL without a password, for messages.
  package static func display(_ url: URL) -> String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
      parts.password != nil
    else { return url.absoluteString }
    parts.password = "***"
    return parts.string ?? url.absoluteString
  }
}

/// The reason phrases of HTTP status codes (RFC 9110 and the registry), for messages.
enum HTTPStatus {
  /// `HTTP 404 Not Found`: the status with its phrase, as messages name it.
  static func described(_ status: Int) -> String {
    "HTTP \(status) \(phrase(status))"
  }

  /// The phrase of `status`, or the phrase of its class when it has none of its own.
  static func phrase(_ status: Int) -> String {
    if let known = phrases[status] { return known }
    switch status {
    case 100..<200: return "Informational"
    case 200..<300: return "Success"
    case 300..<400: return "Redirection"
    case 400..<500: return "Client Error"
    case 500..<600: return "Server Error"
    default: return "Unknown Status"
    }
  }

  private static let phrases: [Int: String] = [
    300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
    304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
    404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
    407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
    411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
    414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
    417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content",
    425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required",
    429: "Too Many Requests", 431: "Request Header Fields Too Large",
    451: "Unavailable For Legal Reasons", 500: "Internal Server Error", 501: "Not Implemented",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    505: "HTTP Version Not Supported", 511: "Network Authentication Required",
  ]
}
