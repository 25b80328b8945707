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
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
