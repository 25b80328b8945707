/// Percent-encoding of query parameters (RFC 3986), with `+` read as a space as HTML forms
/// send it.
enum PercentCoding {
  /// The text `bytes` encode, or nil when an escape is malformed or the bytes are not UTF-8.
  static func decode(_ bytes: some Collection<UInt8>) -> String? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      index = bytes.index(after: index)
      switch byte {
      case UInt8(ascii: "+"):
        output.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard index != bytes.endIndex, let high = hexValue(bytes[index]) else { return nil }
        index = bytes.index(after: index)
        guard index != bytes.endIndex, let low = hexValue(bytes[index]) else { return nil }
        index = bytes.index(after: index)
        output.append(high << 4 | low)
      default:
        output.append(byte)
      }
    }
    return String(validating: output, as: UTF8.self)
  }

  /// `text` with every byte but the unreserved ones escaped.
  static func encode(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return output
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
