import Foundation
import LaneLayout

/// Writes layouts as the contract's JSON: one object for one month, an array for several.
public enum JSONLayoutRenderer {
  /// The JSON text of one layout, keys sorted, so equal layouts give byte-identical text.
  public static func render(_ layout: MonthLayout) throws -> String {
    try text(of: layout)
  }

  /// The JSON text of several layouts, as an array.
  public static func render(_ layouts: [MonthLayout]) throws -> String {
    layouts.count == 1 ? try text(of: layouts[0]) : try text(of: layouts)
  }

  /// The same JSON as ``render(_:)-(MonthLayout)``'s text, as UTF-8 bytes without the final
  /// newline: a big layout is written out without building (and copying) a string from it.
  public static func data(_ layouts: [MonthLayout]) throws -> Data {
    try encoder.encode(layouts.count == 1 ? AnyLayouts.one(layouts[0]) : .many(layouts))
  }

  /// One layout encodes as an object, several as an array.
  private enum AnyLayouts: Encodable {
    case one(MonthLayout)
    case many([MonthLayout])

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .one(let layout): try layout.encode(to: encoder)
      case .many(let layouts): try layouts.encode(to: encoder)
      }
    }
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return encoder
  }

  private static func text(of value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return escapingC1(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// `json` with DEL and the C1 controls (U+007F–U+009F), which JSONEncoder leaves raw, written
  /// as `\u00XX` escapes: the same JSON, and safe to print on a terminal. They can only occur
  /// inside strings, where the escape means the same character.
  static func escapingC1(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else {
      return json
    }
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      if (0x7F...0x9F).contains(scalar.value) {
        result.append(contentsOf: "\\u00\(String(scalar.value, radix: 16))".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
