/// A request the server will not answer as asked, said as an RFC 9457 problem document: its
/// status, a short title and what exactly is wrong (the library's own message for a parameter
/// it checks).
struct RequestProblem: Error, Sendable, Equatable {
  var status: Int
  var title: String
  var detail: String
  /// The query parameter at fault, when one is.
  var parameter: String?

  static func badRequest(_ detail: String, parameter: String? = nil) -> RequestProblem {
    RequestProblem(status: 400, title: "Bad Request", detail: detail, parameter: parameter)
  }

  /// The problem document, keys in a fixed order.
  func json(instance: String) -> [UInt8] {
    var text = "{\"type\":\"about:blank\",\"title\":\(JSONText.quoted(title)),\"status\":\(status)"
    text += ",\"detail\":\(JSONText.quoted(detail)),\"instance\":\(JSONText.quoted(instance))"
    if let parameter { text += ",\"parameter\":\(JSONText.quoted(parameter))" }
    return Array((text + "}\n").utf8)
  }
}

/// JSON strings for the server's own small documents.
enum JSONText {
  /// `text` as a JSON string, quotes included; every control character escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || scalar.value == 0x2028 || scalar.value == 0x2029
        {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
