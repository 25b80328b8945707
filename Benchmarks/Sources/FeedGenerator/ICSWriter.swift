#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

struct WriteError: Error, CustomStringConvertible {
  let description: String
}

/// Builds iCalendar content lines in a scratch buffer, folds them at 75
/// octets or `foldWidth` (never inside a UTF-8 sequence), terminates them with CRLF and
/// writes the result to a file descriptor in large chunks.
struct ICSWriter {
  private let fd: Int32
  /// The longest physical line, in octets (at least 2: a continuation holds its space and a byte).
  private let foldWidth: Int
  private var out: [UInt8] = []
  /// The content line being built (unfolded, without CRLF).
  private var line: [UInt8] = []
  private static let flushThreshold = 1 << 20
  private(set) var bytesWritten = 0

  init(fd: Int32, foldWidth: Int = 75) {
    self.fd = fd
    self.foldWidth = max(2, foldWidth)
    out.reserveCapacity(Self.flushThreshold + 64 * 1024)
    line.reserveCapacity(4096)
  }

  // MARK: Building the current content line

  @inline(__always)
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { line.append(contentsOf: $0) }
  }

  @inline(__always)
  mutating func append(_ bytes: [UInt8]) {
    line.append(contentsOf: bytes)
  }

  @inline(__always)
  mutating func append(byte: UInt8) {
    line.append(byte)
  }

  /// Appends TEXT value bytes with RFC 5545 escaping (backslash, semicolon,
  /// comma, newline).
  mutating func appendEscaped(_ bytes: [UInt8]) {
    for b in bytes {
      switch b {
      case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
        line.append(UInt8(ascii: "\\"))
        line.append(b)
      case UInt8(ascii: "\n"):
        line.append(UInt8(ascii: "\\"))
        line.append(UInt8(ascii: "n"))
      default:
        line.append(b)
      }
    }
  }

  /// Appends a non-negative integer in decimal, zero-padded to `width`.
  @inline(__always)
  mutating func append(number: Int, width: Int = 0) {
    precondition(number >= 0)
    append(number: UInt64(number), width: width)
  }

  /// Appends an unsigned integer in decimal, zero-padded to `width` (at most 20).
  mutating func append(number: UInt64, width: Int = 0) {
    // 24 bytes of scratch on the stack, enough for 20 digits.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var n = number
    withUnsafeMutableBytes(of: &digits) { buf in
      repeat {
        buf[count] = UInt8(truncatingIfNeeded: n % 10) &+ UInt8(ascii: "0")
        n /= 10
        count += 1
      } while n > 0
      while count < width && count < 20 {
        buf[count] = UInt8(ascii: "0")
        count += 1
      }
      var i = count - 1
      while i >= 0 {
        line.append(buf[i])
        i -= 1
      }
    }
  }

  /// Appends lowercase hex, zero-padded to `width` digits.
  mutating func append(hex value: UInt64, width: Int) {
    var shift = (width - 1) * 4
    while shift >= 0 {
      let nibble = UInt8(truncatingIfNeeded: (value >> UInt64(shift)) & 0xF)
      line.append(nibble < 10 ? nibble &+ 48 : nibble &+ 87)
      shift -= 4
    }
  }

  /// YYYYMMDD
  mutating func append(date dayNumber: Int) {
    let d = Civil.date(fromDayNumber: dayNumber)
    append(number: d.year, width: 4)
    append(number: d.month, width: 2)
    append(number: d.day, width: 2)
  }

  /// YYYYMMDDTHHMMSS (seconds always 00)
  mutating func append(dateTime dayNumber: Int, minute: Int) {
    append(date: dayNumber)
    line.append(UInt8(ascii: "T"))
    append(number: minute / 60, width: 2)
    append(number: minute % 60, width: 2)
    line.append(UInt8(ascii: "0"))
    line.append(UInt8(ascii: "0"))
  }

  // MARK: Emitting lines

  /// Folds the current content line into the output and starts a new one.
  mutating func endLine() {
    let n = line.count
    if n <= foldWidth {
      out.append(contentsOf: line)
    } else {
      var start = 0
      var limit = foldWidth
      while start < n {
        var end = start + limit
        if end >= n {
          end = n
        } else {
          // Never cut inside a UTF-8 sequence: back up to a lead byte.
          while end > start + 1 && line[end] & 0xC0 == 0x80 {
            end -= 1
          }
        }
        if start > 0 {
          out.append(UInt8(ascii: " "))
        }
        line.withUnsafeBufferPointer { out.append(contentsOf: $0[start..<end]) }
        if end < n {
          out.append(13)
          out.append(10)
        }
        start = end
        limit = foldWidth - 1  // the leading space of a continuation line counts
      }
    }
    out.append(13)
    out.append(10)
    line.removeAll(keepingCapacity: true)
  }

  /// Emits a complete, literal content line.
  mutating func line(_ text: StaticString) {
    append(text)
    endLine()
  }

  mutating func flushIfNeeded() throws {
    if out.count >= Self.flushThreshold {
      try flush()
    }
  }

  mutating func flush() throws {
    let fd = self.fd
    var written = 0
    try out.withUnsafeBytes { raw in
      while written < raw.count {
        let r = write(fd, raw.baseAddress! + written, raw.count - written)
        if r < 0 {
          if errno == EINTR { continue }
          throw WriteError(description: "write failed: \(String(cString: strerror(errno)))")
        }
        written += r
      }
    }
    bytesWritten += written
    out.removeAll(keepingCapacity: true)
  }
}
