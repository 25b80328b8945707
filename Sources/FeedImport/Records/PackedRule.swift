import CLibical
import Foundation

/// An RRULE kept compactly: libical's `icalrecurrencetype` is about 2.9 KB, nearly all of it
/// BY-part arrays padded with `ICAL_RECURRENCE_ARRAY_MAX`. Packing run-length encodes those
/// padding words, so a typical rule takes a few dozen bytes, and unpacking restores the struct
/// bit for bit. RSCALE, a pointer into the parsed component, is kept as its own string.
struct PackedRule {
  /// The struct as 16-bit words, with runs of the padding word encoded as `marker, length`.
  private let words: [UInt16]
  /// RSCALE, when the rule has one.
  private let rscale: [CChar]?

  private static let padding = UInt16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
  private static let marker: UInt16 = 0xFFFF
  private static let wordCount = MemoryLayout<icalrecurrencetype>.size / 2

  /// Packs `rule`, copying its RSCALE out of the component it came from.
  init(_ rule: icalrecurrencetype) {
    var copy = rule
    if let name = copy.rscale {
      let length = strlen(name)
      rscale = Array(UnsafeBufferPointer(start: name, count: length + 1))
    } else {
      rscale = nil
    }
    copy.rscale = nil
    var packed: [UInt16] = []
    withUnsafeBytes(of: &copy) { raw in
      let source = raw.bindMemory(to: UInt16.self)
      var index = 0
      while index < PackedRule.wordCount {
        let word = source[index]
        if word == PackedRule.padding {
          var run = 1
          while index + run < PackedRule.wordCount, run < 0xFFFE,
            source[index + run] == PackedRule.padding
          {
            run += 1
          }
          packed.append(PackedRule.marker)
          packed.append(UInt16(run))
          index += run
        } else if word == PackedRule.marker {
          packed.append(PackedRule.marker)
          packed.append(0)
          index += 1
        } else {
          packed.append(word)
          index += 1
        }
      }
    }
    words = packed
  }

  /// Runs `body` with the rule unpacked; its RSCALE pointer is valid only inside `body`.
  func withRule<Result>(_ body: (icalrecurrencetype) -> Result) -> Result {
    var rule = icalrecurrencetype()
    withUnsafeMutableBytes(of: &rule) { raw in
      let target = raw.bindMemory(to: UInt16.self)
      var out = 0
      var index = 0
      while index < words.count, out < PackedRule.wordCount {
        let word = words[index]
        if word == PackedRule.marker, index + 1 < words.count {
          let run = Int(words[index + 1])
          if run == 0 {
            target[out] = PackedRule.marker
            out += 1
          } else {
            for _ in 0..<min(run, PackedRule.wordCount - out) {
              target[out] = PackedRule.padding
              out += 1
            }
          }
          index += 2
        } else {
          target[out] = word
          out += 1
          index += 1
        }
      }
    }
    guard let rscale else { return body(rule) }
    return rscale.withUnsafeBufferPointer { name in
      rule.rscale = UnsafeMutablePointer(mutating: name.baseAddress)
      return body(rule)
    }
  }
}
