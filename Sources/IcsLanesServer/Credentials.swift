import Foundation

/// The `Authorization` check: a bearer token or basic credentials, compared in constant time.
enum Credentials {
  /// Whether `header` carries what `authentication` asks for.
  static func allow(_ header: String?, _ authentication: ServerAuthentication) -> Bool {
    switch authentication {
    case .none:
      return true
    case .bearer(let token):
      guard let given = value(of: header, scheme: "bearer") else { return false }
      return same(Array(given.utf8), Array(token.utf8))
    case .basic(let user, let password):
      guard let given = value(of: header, scheme: "basic"),
        let data = Data(base64Encoded: given)
      else { return false }
      return same(Array(data), Array("\(user):\(password)".utf8))
    }
  }

  /// The `WWW-Authenticate` challenge of a 401.
  static func challenge(_ authentication: ServerAuthentication) -> String {
    switch authentication {
    case .basic: return "Basic realm=\"icslanes\", charset=\"UTF-8\""
    default: return "Bearer realm=\"icslanes\""
    }
  }

  /// The credentials after `scheme` (any case) and a space.
  private static func value(of header: String?, scheme: String) -> String? {
    guard let header, header.utf8.count > scheme.utf8.count + 1 else { return nil }
    let prefix = header.prefix(scheme.count + 1)
    guard prefix.lowercased() == scheme + " " else { return nil }
    return header.dropFirst(scheme.count + 1).trimmingCharacters(in: .whitespaces)
  }

  /// Whether the two are equal, in a time that depends only on their lengths.
  private static func same(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
    var difference = UInt8(given.count == expected.count ? 0 : 1)
    for index in 0..<expected.count {
      difference |= expected[index] ^ (index < given.count ? given[index] : 0)
    }
    return difference == 0
  }
}
