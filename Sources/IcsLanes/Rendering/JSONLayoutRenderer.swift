import Foundation
import LaneLayout

/// Writes layouts as the contract's JSON: one object for one month, an array for several.
///
/// The text is that of `JSONEncoder` with `[.sortedKeys, .prettyPrinted,
/// .withoutEscapingSlashes]`, with DEL and the C1 controls also escaped, written by hand as
/// UTF-8 bytes (see `LayoutJSONWriter`).
public enum JSONLayoutRenderer {
  /// The JSON text of one layout, keys sorted, so equal layouts give byte-identical text.
  public static func render(_ layout: MonthLayout) throws -> String {
    var bytes = buffer(for: [layout])
    LayoutJSONWriter.write(layout, indent: 0, into: &bytes)
    bytes.append(JSONBytes.newline)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The JSON text of several layouts, as an array.
  public static func render(_ layouts: [MonthLayout]) throws -> String {
    String(decoding: bytes(layouts), as: UTF8.self)
  }

  /// The same JSON as ``render(_:)-(MonthLayout)``'s text, as UTF-8 bytes without the final
  /// newline: a big layout is written out without building (and copying) a string from it.
  public static func data(_ layouts: [MonthLayout]) throws -> Data {
    Data(documentBytes(layouts))
  }

  /// The same JSON as ``render(_:)-([MonthLayout])``'s text, final newline included, as UTF-8
  /// bytes: for a caller that sends or stores the bytes, with no string or `Data` copied from
  /// them.
  public static func bytes(_ layouts: [MonthLayout]) -> [UInt8] {
    var bytes = documentBytes(layouts)
    bytes.append(JSONBytes.newline)
    return bytes
  }

  /// Appends one layout's JSON object to `bytes`, every line after the first indented `indent`
  /// levels (two spaces a level): the object as it reads inside an array written at level
  /// `indent - 1`. The `{` goes where `bytes` ends; nothing follows the closing `}`.
  package static func write(_ layout: MonthLayout, indent: Int, into bytes: inout [UInt8]) {
    LayoutJSONWriter.write(layout, indent: indent, into: &bytes)
  }

  /// The JSON document of the layouts, as ``data(_:)`` gives it: an object for one layout, an
  /// array otherwise, without the final newline.
  package static func documentBytes(_ layouts: [MonthLayout]) -> [UInt8] {
    var bytes = buffer(for: layouts)
    LayoutJSONWriter.write(document: layouts, into: &bytes)
    return bytes
  }

  /// Writes the JSON document of the layouts (as ``data(_:)`` gives it) piece by piece: `output`
  /// gets the bytes in order, a few hundred KiB at a time, as lanes are written, so that
  /// the whole document is never in memory.
  package static func stream(_ layouts: [MonthLayout], to output: ([UInt8]) -> Void) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(JSONLayoutRenderer.streamChunk + 64 << 10)
    withoutActuallyEscaping(output) { output in
      LayoutJSONWriter.write(document: layouts, into: &bytes) { bytes in
        guard bytes.count >= JSONLayoutRenderer.streamChunk else { return }
        output(bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    if !bytes.isEmpty { output(bytes) }
  }

  /// Appends one layout's JSON object as ``write(_:indent:into:)`` does, handing `output` the
  /// bytes written so far whenever they pass a few hundred KiB (at the end of a lane).
  package static func stream(
    _ layout: MonthLayout, indent: Int, into bytes: inout [UInt8], output: ([UInt8]) -> Void
  ) {
    withoutActuallyEscaping(output) { output in
      LayoutJSONWriter.write(layout, indent: indent, into: &bytes) { bytes in
        guard bytes.count >= JSONLayoutRenderer.streamChunk else { return }
        output(bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
  }

  /// How many bytes ``stream(_:to:)`` gathers before handing them out.
  static let streamChunk = 256 << 10

  /// An empty buffer with room for a typical document of the layouts (a few hundred bytes a
  /// segment), so that it rarely grows.
  private static func buffer(for layouts: [MonthLayout]) -> [UInt8] {
    var segments = 0
    for layout in layouts {
      for week in layout.weeks {
        for lane in week.lanes { segments += lane.count }
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024 + 1024 * layouts.count + 448 * segments)
    return bytes
  }

  /// The text the writer must reproduce, from Foundation's `JSONEncoder`: one layout's object,
  /// with the final newline. Kept for the tests that compare the two.
  static func foundationText(of layout: MonthLayout) throws -> String {
    try foundationText(encoding: layout)
  }

  /// Foundation's text of several layouts, as an array (even of one), with the final newline.
  static func foundationText(of layouts: [MonthLayout]) throws -> String {
    try foundationText(encoding: layouts)
  }

  private static func foundationText(encoding value: some Encodable) throws -> String {
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
