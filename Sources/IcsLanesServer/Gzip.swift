import CZlib
import Foundation

/// gzip (RFC 1952) of an answer held whole in memory, through the system's zlib.
enum Gzip {
  /// Answers shorter than this are sent as they are: compressing them saves nothing worth the
  /// time.
  static let minimumLength = 1_024

  /// `bytes` compressed, or nil when zlib failed.
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    let capacity = czlib_gzip_bound(bytes.count)
    var output = [UInt8](repeating: 0, count: capacity)
    let written = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        czlib_gzip(input.baseAddress, input.count, out.baseAddress, out.count)
      }
    }
    guard written > 0 else { return nil }
    output.removeSubrange(written...)
    return output
  }

  /// Whether an `Accept-Encoding` header takes gzip (listed, with a quality above 0).
  static func isAccepted(by header: String?) -> Bool {
    guard let header else { return false }
    for item in header.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let coding = parts.first?.lowercased(), coding == "gzip" || coding == "x-gzip" else {
        continue
      }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap {
        Double($0.dropFirst(2))
      }
      return (quality ?? 1) > 0
    }
    return false
  }
}
