import ArgumentParser
import FeedImport
import IcsLanes
import LaneLayout

/// The command's own message for a value ArgumentParser could not convert.
///
/// ArgumentParser reports such a value as "The value … is invalid for …"; for the options whose
/// values parse themselves (``ArgumentValue``) the command says what the value should be, with
/// the message and exit code it gives for the same text in the configuration file's place.
enum ArgumentFailure {
  /// The value types of the command's options and the options' names, by property name.
  static let valueTypes: [String: (type: any ArgumentValue.Type, option: String)] = [
    "month": (YearMonth.self, "--month"), "tz": (DisplayZone.self, "--tz"),
    "weekStart": (Weekday.self, "--week-start"), "today": (Day.self, "--today"),
    "from": (FirstDay.self, "--from"), "to": (Day.self, "--to"),
    "clock": (ClockStyle.self, "--clock"), "week": (WeekChoice.self, "--week"),
  ]

  /// The failure for `error` when it is an option's value that did not convert, else nil.
  static func failure(for error: Error) -> CommandFailure? {
    guard let (property, text) = unconvertedValue(in: error),
      let (type, option) = valueTypes[property]
    else { return nil }
    return type.invalid(text, option: option)
  }

  /// The property name and the text of the value in ArgumentParser's `unableToParseValue`
  /// error (not public, so read by reflection); nil for any other error.
  static func unconvertedValue(in error: Error) -> (property: String, text: String)? {
    guard let payload = child(labelled: "unableToParseValue", in: error, depth: 3) else {
      return nil
    }
    let fields = Mirror(reflecting: payload).children
    guard let text = fields.lazy.compactMap({ $0.value as? String }).first,
      let key = fields.first(where: { $0.label == "forKey" })?.value,
      let name = Mirror(reflecting: key).children.first(where: { $0.label == "name" })?.value
        as? String
    else { return nil }
    return (name, text)
  }

  /// The first value labelled `label` at most `depth` levels into `value`.
  private static func child(labelled label: String, in value: Any, depth: Int) -> Any? {
    guard depth > 0 else { return nil }
    for child in Mirror(reflecting: value).children {
      if child.label == label { return child.value }
      if let found = self.child(labelled: label, in: child.value, depth: depth - 1) {
        return found
      }
    }
    return nil
  }
}
