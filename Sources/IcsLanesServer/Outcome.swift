/// What a route answers, before the entity tag, gzip and the security headers are added.
enum Outcome: Sendable {
  /// A body with its status; its tag makes the `ETag`.
  case answer(status: Int, CachedAnswer, cacheControl: String)
  /// A problem document.
  case problem(RequestProblem, headers: [(String, String)] = [])
  /// A redirect (303 See Other) to a path of this server.
  case redirect(String)
}

/// The route a request took, as metrics count it.
enum Route: String, Sendable {
  case page
  case monthJSON = "month_json"
  case calendars, healthz, metrics, asset, picker
  case notFound = "not_found"
  case rejected
}
