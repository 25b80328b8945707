import Foundation
import IcsLanes

/// The answers about the server itself: the calendars and how their refreshes went, health,
/// metrics, and the pages' key script.
enum StatusAnswers {
  /// `/api/v1/calendars`: each feed's calendar name, colour, event count, last refresh and last
  /// error, in the order served.
  static func calendars(_ snapshot: CalendarSnapshot, instance: UInt64) -> Outcome {
    var text = "{\n  \"calendars\" : ["
    for (index, state) in snapshot.feeds.enumerated() {
      text += index == 0 ? "\n" : ",\n"
      text += "    {\n"
      text += "      \"color\" : \(state.feed?.color.map(JSONText.quoted) ?? "null"),\n"
      text += "      \"events\" : \(state.feed.map { String($0.eventsRead) } ?? "null"),\n"
      text += "      \"feed\" : \(JSONText.quoted(state.served.input.shortName)),\n"
      text += "      \"lastAttempt\" : \(time(state.attemptedAt)),\n"
      text += "      \"lastError\" : \(state.lastError.map(JSONText.quoted) ?? "null"),\n"
      text += "      \"lastRefresh\" : \(time(state.loadedAt)),\n"
      text += "      \"loadSeconds\" : \(String(format: "%.3f", state.loadSeconds)),\n"
      text += "      \"loaded\" : \(state.feed != nil),\n"
      text +=
        "      \"name\" : \(JSONText.quoted(state.feed?.name ?? state.served.name ?? state.served.input.shortName))\n"
      text += "    }"
    }
    text += snapshot.feeds.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return answer(200, text, "application/json", instance: instance)
  }

  /// `/healthz`: 200 once every feed has a good load, else 503; the feeds that failed named.
  static func health(_ snapshot: CalendarSnapshot, instance: UInt64) -> Outcome {
    let failing = snapshot.feeds.filter { $0.lastError != nil }
    let status = snapshot.isReady ? (failing.isEmpty ? "ok" : "degraded") : "loading"
    var text = "{\"status\":\"\(status)\",\"feeds\":\(snapshot.feeds.count)"
    text += ",\"loaded\":\(snapshot.feeds.filter { $0.feed != nil }.count),\"errors\":["
    text += failing.map { state in
      "{\"feed\":\(JSONText.quoted(state.served.input.shortName)),\"error\":\(JSONText.quoted(state.lastError ?? ""))}"
    }.joined(separator: ",")
    text += "]}\n"
    return answer(snapshot.isReady ? 200 : 503, text, "application/json", instance: instance)
  }

  /// `/metrics`: the Prometheus text.
  static func metrics(_ metrics: ServerMetrics, instance: UInt64) -> Outcome {
    let body = metrics.text()
    return .answer(
      status: 200,
      CachedAnswer(
        body: body, contentType: "text/plain; version=0.0.4; charset=utf-8",
        tag: EntityTags.tag([String(decoding: body, as: UTF8.self)], instance: instance)),
      cacheControl: "no-store")
  }

  /// `/assets/keys.js`.
  static func keyScript(instance: UInt64) -> Outcome {
    .answer(
      status: 200,
      CachedAnswer(
        body: Array(HTMLPageNavigation.keyScript.utf8),
        contentType: "text/javascript; charset=utf-8",
        tag: EntityTags.tag([HTMLPageNavigation.keyScript], instance: instance)),
      cacheControl: "max-age=3600")
  }

  /// What a page says above its month about the feeds: still loading, or failed to refresh.
  static func notices(_ snapshot: CalendarSnapshot) -> [String] {
    var notices: [String] = []
    if !snapshot.isSettled { notices.append("Calendars are still loading; reload in a moment.") }
    for state in snapshot.feeds {
      guard let error = state.lastError else { continue }
      let name = state.feed?.name ?? state.served.name ?? state.served.input.shortName
      if state.feed == nil {
        notices.append("\(name) could not be loaded: \(error)")
      } else {
        notices.append("\(name) could not be refreshed (showing it as last loaded): \(error)")
      }
    }
    return notices
  }

  private static func answer(_ status: Int, _ text: String, _ type: String, instance: UInt64)
    -> Outcome
  {
    .answer(
      status: status,
      CachedAnswer(
        body: Array(text.utf8), contentType: type, tag: EntityTags.tag([text], instance: instance)),
      cacheControl: "no-cache")
  }

  private static func time(_ date: Date?) -> String {
    guard let date else { return "null" }
    return "\"" + date.formatted(.iso8601) + "\""
  }
}
