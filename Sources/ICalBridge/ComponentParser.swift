import CLibical
import Foundation

/// Parses one component's text with libical, feeding its parser line by line.
///
/// `icalparser_parse_string` searches for the next newline from its position on every buffer it
/// hands out, which makes one long line cost the square of its length. This feeds the same parser
/// with a generator that looks only at the bytes it hands out, so parsing stays linear. Call inside
/// ``LibicalGate``.
package enum ComponentParser {
  /// The component `text` holds (with CRLF line ends), or nil when libical reads none.
  static func parse(_ text: [UInt8]) -> OpaquePointer? {
    guard let parser = icalparser_new() else { return nil }
    defer { icalparser_free(parser) }
    return text.withUnsafeBufferPointer { bytes -> OpaquePointer? in
      var cursor = Cursor(bytes: bytes, position: 0)
      return withUnsafeMutablePointer(to: &cursor) { pointer -> OpaquePointer? in
        icalparser_set_gen_data(parser, pointer)
        return icalparser_parse(parser, ComponentParser.nextLine)
      }
    }
  }

  /// Where the generator is in the text.
  struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
  }

  /// libical's line generator: copies into `out` at most `size - 1` bytes, up to and including
  /// the next newline, NUL-terminated; nil at the end.
  static let nextLine:
    @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafeMutableRawPointer?) ->
      UnsafeMutablePointer<CChar>? = { out, size, data in
        guard let out, let data, size > 1 else { return nil }
        let cursor = data.assumingMemoryBound(to: Cursor.self)
        let bytes = cursor.pointee.bytes
        let start = cursor.pointee.position
        guard start < bytes.count else { return nil }
        guard let base = bytes.baseAddress else { return nil }
        let available = min(bytes.count - start, size - 1)
        var count = available
        if let newline = memchr(base + start, 0x0A, available) {
          count = UnsafeRawPointer(newline) - UnsafeRawPointer(base + start) + 1
        }
        UnsafeMutableRawPointer(out).copyMemory(from: base + start, byteCount: count)
        out[count] = 0
        let end = start + count
        cursor.pointee.position = end
        return out
      }
}
