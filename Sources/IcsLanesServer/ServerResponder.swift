import Foundation
import HTTPTypes
import Hummingbird
import IcsLanes

/// Answers every request: checks the method, the absence of a body, the query's size and the
/// credentials, takes the route, then adds the entity tag (a 304 for a matching
/// `If-None-Match`), gzip when asked, and the security headers.
struct ServerResponder: HTTPResponder {
  typealias Context = BasicRequestContext
  let store: CalendarStore
  let metrics: ServerMetrics
  let cache: ResponseCache
  /// Mixed into every entity tag: answers of another run of the server never match.
  let instance = UInt64.random(in: 0...UInt64.max)

  func respond(to request: Request, context: Context) async throws -> Response {
    let started = ContinuousClock.now
    let snapshot = store.current
    let (route, outcome) = answer(request, snapshot: snapshot)
    let response = finish(outcome, for: request)
    metrics.recordRequest(
      route: route.rawValue, status: Int(response.status.code),
      duration: ContinuousClock.now - started)
    return response
  }

  /// The route and what it answers.
  func answer(_ request: Request, snapshot: CalendarSnapshot) -> (Route, Outcome) {
    guard request.method == .get || request.method == .head else {
      return (
        .rejected,
        .problem(
          RequestProblem(
            status: 405, title: "Method Not Allowed",
            detail: "only GET and HEAD are answered", parameter: nil),
          headers: [("Allow", "GET, HEAD")])
      )
    }
    if let length = request.headers[.contentLength], length != "0" {
      return (.rejected, .problem(Self.noBody))
    }
    if request.headers[.transferEncoding] != nil {
      return (.rejected, .problem(Self.noBody))
    }
    let path = request.uri.path
    let query = request.uri.query ?? ""
    guard query.utf8.count <= MonthQuery.maximumLength else {
      return (
        .rejected,
        .problem(
          RequestProblem(
            status: 414, title: "URI Too Long",
            detail: "the query is longer than \(MonthQuery.maximumLength) bytes", parameter: nil))
      )
    }
    if path != "/healthz",
      !Credentials.allow(request.headers[.authorization], snapshot.configuration.authentication)
    {
      return (
        .rejected,
        .problem(
          RequestProblem(
            status: 401, title: "Unauthorized", detail: "credentials are needed", parameter: nil),
          headers: [
            ("WWW-Authenticate", Credentials.challenge(snapshot.configuration.authentication))
          ])
      )
    }
    let answers = MonthAnswers(snapshot: snapshot, cache: cache, instance: instance)
    switch path {
    case "/":
      return answers.page(month: nil, query: query)
    case "/api/v1/calendars":
      return (.calendars, StatusAnswers.calendars(snapshot, instance: instance))
    case "/healthz":
      return (.healthz, StatusAnswers.health(snapshot, instance: instance))
    case "/metrics":
      return (.metrics, StatusAnswers.metrics(self.metrics, instance: instance))
    case "/assets/keys.js":
      return (.asset, StatusAnswers.keyScript(instance: instance))
    default:
      if path.hasPrefix("/api/v1/months/") {
        let text = path.dropFirst(15)
        guard let month = MonthQuery.month(text) else {
          return (.monthJSON, .problem(Self.notAMonth(text)))
        }
        return answers.json(month: month, query: query)
      }
      let name = path.dropFirst()
      if !name.isEmpty,
        name.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) })
      {
        guard let month = MonthQuery.month(name) else {
          return (.page, .problem(Self.notAMonth(name)))
        }
        return answers.page(month: month, query: query)
      }
      return (
        .notFound,
        .problem(
          RequestProblem(
            status: 404, title: "Not Found",
            detail: "no such page: the pages are /, /YYYY-MM and /api/v1/months/YYYY-MM",
            parameter: nil))
      )
    }
  }

  /// The library's message for a month that is not one (cut short: it is the request's text).
  static func notAMonth(_ text: Substring) -> RequestProblem {
    .badRequest(IcsLanesError.invalidMonth(String(text.prefix(40))).description)
  }

  static let noBody = RequestProblem(
    status: 413, title: "Content Too Large", detail: "requests carry no body", parameter: nil)

  /// The response for `outcome`: entity tag and 304, gzip, security headers.
  func finish(_ outcome: Outcome, for request: Request) -> Response {
    var headers = HTTPFields()
    SecurityHeaders.add(to: &headers)
    let isHead = request.method == .head
    switch outcome {
    case .redirect(let location):
      headers[.location] = location
      headers[.cacheControl] = "no-store"
      return Response(status: .seeOther, headers: headers)
    case .problem(let problem, let extra):
      for (name, value) in extra {
        if let field = HTTPField.Name(name) { headers[field] = value }
      }
      headers[.contentType] = "application/problem+json"
      headers[.cacheControl] = "no-store"
      let body = problem.json(instance: request.uri.path)
      return Response(
        status: HTTPResponse.Status(code: problem.status), headers: headers,
        body: isHead ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    case .answer(let status, let answer, let cacheControl):
      headers[.cacheControl] = cacheControl
      headers[.vary] = "Accept-Encoding"
      let gzip =
        answer.body.readableBytes >= Gzip.minimumLength
        && Gzip.isAccepted(by: request.headers[.acceptEncoding])
      let compressed = gzip ? answer.gzipped : nil
      let tag = "\"" + answer.tag + (compressed == nil ? "" : "-gz") + "\""
      headers[.eTag] = tag
      if status == 200, EntityTags.matches(request.headers[.ifNoneMatch], tag: answer.tag) {
        return Response(status: .notModified, headers: headers)
      }
      headers[.contentType] = answer.contentType
      if compressed != nil { headers[.contentEncoding] = "gzip" }
      let body = compressed ?? answer.body
      return Response(
        status: HTTPResponse.Status(code: status), headers: headers,
        body: isHead ? ResponseBody() : ResponseBody(byteBuffer: body))
    }
  }
}

/// `If-None-Match` against an answer's tag, in either form (plain or gzip).
enum EntityTags {
  static func matches(_ header: String?, tag: String) -> Bool {
    guard let header else { return false }
    for item in header.split(separator: ",") {
      var text = item.trimmingCharacters(in: .whitespaces)
      if text == "*" { return true }
      if text.hasPrefix("W/") { text.removeFirst(2) }
      if text == "\"\(tag)\"" || text == "\"\(tag)-gz\"" { return true }
    }
    return false
  }

  /// A tag from the parts that make an answer what it is.
  static func tag(_ parts: [String], instance: UInt64) -> String {
    var hasher = Hasher()
    hasher.combine(instance)
    for part in parts { hasher.combine(part) }
    let value = UInt64(bitPattern: Int64(hasher.finalize()))
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

/// The headers every answer carries: no script but the server's own, no framing, no sniffing.
enum SecurityHeaders {
  static let policy =
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; "
    + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

  static func add(to headers: inout HTTPFields) {
    headers[.contentSecurityPolicy] = policy
    headers[.xContentTypeOptions] = "nosniff"
    if let name = HTTPField.Name("X-Frame-Options") { headers[name] = "DENY" }
    if let name = HTTPField.Name("Referrer-Policy") { headers[name] = "no-referrer" }
    if let name = HTTPField.Name("Cross-Origin-Resource-Policy") { headers[name] = "same-origin" }
  }
}
