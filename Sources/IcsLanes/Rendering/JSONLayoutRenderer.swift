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

  private static func text(of value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
