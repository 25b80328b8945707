import Foundation
import IcsLanes

/// A month's page and a month's JSON, from one snapshot, kept in the response cache by their
/// parameters.
struct MonthAnswers {
  let snapshot: CalendarSnapshot
  let cache: ResponseCache
  let instance: UInt64

  /// `/` (this month, or the month the picker chose) and `/YYYY-MM`.
  func page(month given: YearMonth?, query text: String) -> (Route, Outcome) {
    let query: MonthQuery
    let options: MonthViewOptions
    do throws(RequestProblem) {
      query = try MonthQuery.parse(text)
      if given != nil, query.month != nil {
        throw RequestProblem.badRequest("month is only taken on /", parameter: "month")
      }
      options = try query.options(snapshot)
    } catch {
      return (.page, .problem(error))
    }
    if let chosen = query.month {
      return (.picker, .redirect(MonthAnswers.href(chosen, query)))
    }
    let today = Self.today(in: options.zone)
    guard
      let month = given
        ?? today.flatMap({ YearMonth(year: $0.components.year, month: $0.components.month) })
    else {
      return (.page, .problem(.badRequest("cannot tell the current month: ask for /YYYY-MM")))
    }
    let key = "page \(month) \(today.map(String.init(describing:)) ?? "-") \(query.canonical)"
    if let kept = cache.answer(for: key, generation: snapshot.generation) {
      return (.page, .answer(status: 200, kept, cacheControl: "no-cache"))
    }
    var layoutOptions = options
    // The page caps lanes itself and lists what the cap hides under "+k more".
    layoutOptions.maxLanes = nil
    let layouts: [MonthLayout]
    do {
      layouts = try snapshot.source.layOut(from: month, count: query.months, options: layoutOptions)
    } catch {
      return (.page, .problem(.badRequest(error.description)))
    }
    let renderer = HTMLMonthRenderer(
      names: snapshot.configuration.names, today: today, maxLanes: query.maxLanes)
    let html = renderer.page(layouts, navigation: navigation(month, query))
    let answer = CachedAnswer(
      body: Array(html.utf8), contentType: "text/html; charset=utf-8",
      tag: EntityTags.tag([String(snapshot.generation), key], instance: instance))
    cache.keep(answer, for: key, generation: snapshot.generation)
    return (.page, .answer(status: 200, answer, cacheControl: "no-cache"))
  }

  /// `/api/v1/months/YYYY-MM`: the command's `--format json` bytes for the same options.
  func json(month: YearMonth, query text: String) -> (Route, Outcome) {
    let query: MonthQuery
    let options: MonthViewOptions
    do throws(RequestProblem) {
      query = try MonthQuery.parse(text)
      if query.month != nil {
        throw RequestProblem.badRequest("month is only taken on /", parameter: "month")
      }
      options = try query.options(snapshot)
    } catch {
      return (.monthJSON, .problem(error))
    }
    guard snapshot.isSettled else {
      return (
        .monthJSON,
        .problem(
          RequestProblem(
            status: 503, title: "Service Unavailable",
            detail: "the feeds are still loading", parameter: nil),
          headers: [("Retry-After", "2")])
      )
    }
    let key = "json \(month) \(query.canonical)"
    if let kept = cache.answer(for: key, generation: snapshot.generation) {
      return (.monthJSON, .answer(status: 200, kept, cacheControl: "no-cache"))
    }
    let layouts: [MonthLayout]
    do {
      layouts = try snapshot.source.layOut(from: month, count: query.months, options: options)
    } catch {
      return (.monthJSON, .problem(.badRequest(error.description)))
    }
    let answer = CachedAnswer(
      body: JSONLayoutRenderer.bytes(layouts), contentType: "application/json",
      tag: EntityTags.tag([String(snapshot.generation), key], instance: instance))
    cache.keep(answer, for: key, generation: snapshot.generation)
    return (.monthJSON, .answer(status: 200, answer, cacheControl: "no-cache"))
  }

  /// The pager: the months before and after (as many as the page shows), today, the picker.
  func navigation(_ month: YearMonth, _ query: MonthQuery) -> HTMLPageNavigation {
    let step = query.months
    var navigation = HTMLPageNavigation()
    if let previous = month.adding(months: -step) {
      navigation.previous = .init(month: previous, href: MonthAnswers.href(previous, query))
    }
    if let next = month.adding(months: step), next.adding(months: step - 1) != nil {
      navigation.next = .init(month: next, href: MonthAnswers.href(next, query))
    }
    navigation.today = "/" + (query.canonical.isEmpty ? "" : "?" + query.canonical)
    let hidden = query.canonical.split(separator: "&").compactMap {
      pair -> HTMLPageNavigation.Field? in
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let name = PercentCoding.decode(Array(parts[0].utf8)),
        let value = PercentCoding.decode(Array(parts[1].utf8))
      else { return nil }
      return .init(name: name, value: value)
    }
    navigation.picker = .form(action: "/", hidden: hidden, value: month)
    navigation.notices = StatusAnswers.notices(snapshot)
    navigation.scriptSource = "/assets/keys.js"
    return navigation
  }

  /// The page of `month` with `query`'s parameters.
  static func href(_ month: YearMonth, _ query: MonthQuery) -> String {
    "/\(month)" + (query.canonical.isEmpty ? "" : "?" + query.canonical)
  }

  /// Today in `zone`.
  static func today(in zone: DisplayZone) -> Day? {
    zone.day(atUnixTime: Int64(Date().timeIntervalSince1970.rounded(.down)))
  }
}
