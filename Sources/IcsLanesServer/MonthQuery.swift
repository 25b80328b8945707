import Foundation
import IcsLanes

/// The query of a month page or a month's JSON: the same options as the command's flags
/// (`tz`, `weekStart`, `calendar` repeated, `maxLanes`, `months`, `outsideDays`), and `month`
/// for the month picker's form. Checked whole before anything is laid out.
struct MonthQuery: Sendable, Hashable {
  var zoneName: String?
  var weekStart: Weekday?
  var calendars: [String] = []
  var maxLanes: Int?
  var months = 1
  var outsideDays = false
  /// The month the picker chose (on `/` only).
  var month: YearMonth?

  /// The longest query taken, in bytes.
  static let maximumLength = 2_048
  /// The most parameters taken.
  static let maximumParameters = 64
  /// The most months one request lays out.
  static let maximumMonths = 24

  /// Reads `query` (without the `?`).
  ///
  /// - Throws: a 414 problem for a query past ``maximumLength``, a 400 problem for too many
  ///   parameters, an unknown or repeated one, bad percent-encoding, or a value that is not one.
  static func parse(_ query: String) throws(RequestProblem) -> MonthQuery {
    guard query.utf8.count <= maximumLength else {
      throw RequestProblem(
        status: 414, title: "URI Too Long",
        detail: "the query is longer than \(maximumLength) bytes", parameter: nil)
    }
    var result = MonthQuery()
    var seen: Set<String> = []
    var count = 0
    for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      count += 1
      guard count <= maximumParameters else {
        throw .badRequest("more than \(maximumParameters) query parameters")
      }
      let parts = pair.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard let key = PercentCoding.decode(parts[0]),
        let value = parts.count > 1 ? PercentCoding.decode(parts[1]) : ""
      else {
        throw .badRequest("a query parameter is not percent-encoded UTF-8")
      }
      if key != "calendar" {
        guard seen.insert(key).inserted else {
          throw .badRequest("\(key) is given more than once", parameter: key)
        }
      }
      try result.take(key, value)
    }
    return result
  }

  private mutating func take(_ key: String, _ value: String) throws(RequestProblem) {
    switch key {
    case "tz":
      guard ZoneNames.isKnown(value) else {
        throw .badRequest(IcsLanesError.unknownTimeZone(value).description, parameter: key)
      }
      zoneName = value
    case "weekStart":
      guard let day = Weekday(name: value) else {
        throw .badRequest(
          "weekStart \"\(value)\": not a weekday; use sunday … saturday", parameter: key)
      }
      weekStart = day
    case "calendar":
      guard !value.isEmpty else { throw .badRequest("calendar is empty", parameter: key) }
      calendars.append(value)
    case "maxLanes":
      guard let number = Int(value), value.count <= 6 else {
        throw .badRequest("maxLanes \"\(value)\": not a whole number", parameter: key)
      }
      guard number >= 1 else {
        throw .badRequest(IcsLanesError.invalidMaxLanes(number).description, parameter: key)
      }
      maxLanes = number
    case "months":
      guard let number = Int(value), value.count <= 6 else {
        throw .badRequest("months \"\(value)\": not a whole number", parameter: key)
      }
      guard (1...MonthQuery.maximumMonths).contains(number) else {
        throw .badRequest(
          "month count \(number): must be 1 to \(MonthQuery.maximumMonths)", parameter: key)
      }
      months = number
    case "outsideDays":
      switch value.lowercased() {
      case "", "1", "true", "yes", "on": outsideDays = true
      case "0", "false", "no", "off": outsideDays = false
      default:
        throw .badRequest("outsideDays \"\(value)\": use true or false", parameter: key)
      }
    case "month":
      guard let parsed = MonthQuery.month(value) else {
        throw .badRequest(IcsLanesError.invalidMonth(value).description, parameter: key)
      }
      month = parsed
    default:
      throw .badRequest(
        "unknown parameter \"\(key)\": use tz, weekStart, calendar, maxLanes, months or outsideDays",
        parameter: key)
    }
  }

  /// A month written exactly `YYYY-MM`.
  static func month(_ text: some StringProtocol) -> YearMonth? {
    guard text.utf8.count == 7 else { return nil }
    return YearMonth(iso: text)
  }

  /// The query as links carry it on: the parameters given, in a fixed order, without `month`;
  /// empty when none is given.
  var canonical: String {
    var parts: [String] = []
    if let zoneName { parts.append("tz=" + PercentCoding.encode(zoneName)) }
    if let weekStart { parts.append("weekStart=" + weekStart.rawValue) }
    for calendar in calendars { parts.append("calendar=" + PercentCoding.encode(calendar)) }
    if let maxLanes { parts.append("maxLanes=\(maxLanes)") }
    if months != 1 { parts.append("months=\(months)") }
    if outsideDays { parts.append("outsideDays=true") }
    return parts.joined(separator: "&")
  }

  /// The view options, with the server's defaults where the query says nothing.
  ///
  /// - Throws: a 400 problem naming a `calendar` no feed has.
  func options(_ snapshot: CalendarSnapshot) throws(RequestProblem) -> MonthViewOptions {
    let defaults = snapshot.configuration
    var options = MonthViewOptions(
      zone: ZoneNames.zone(zoneName ?? defaults.zoneName),
      weekStart: weekStart ?? defaults.weekStart, maxLanes: maxLanes,
      showsOutsideDays: outsideDays)
    let known = snapshot.calendarNames
    for name in calendars where !known.contains(where: { $0.lowercased() == name.lowercased() }) {
      let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
      throw .badRequest(
        "calendar \"\(name)\": no calendar has this name (calendars: \(list))",
        parameter: "calendar")
    }
    options.filter = EventFilter(calendars: calendars, categories: [], texts: [])
    return options
  }
}
