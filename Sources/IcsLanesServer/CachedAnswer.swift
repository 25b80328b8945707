import NIOCore
import Synchronization

/// An answer's body and its entity tag, with the gzip form made once when first asked for.
/// The bytes are kept as `ByteBuffer`s, which responses share without copying: 64 readers of
/// one big month hold one copy of it, not 64.
final class CachedAnswer: Sendable {
  let body: ByteBuffer
  let contentType: String
  /// The entity tag's hash, `"…"` around it in the header; the gzip form adds `-gz`.
  let tag: String
  private let compressed = Mutex<ByteBuffer?>(nil)

  init(body: [UInt8], contentType: String, tag: String) {
    self.body = ByteBuffer(bytes: body)
    self.contentType = contentType
    self.tag = tag
  }

  /// The body in gzip, made on the first call.
  var gzipped: ByteBuffer? {
    if let done = compressed.withLock({ $0 }) { return done }
    guard let made = Gzip.compress(Array(body.readableBytesView)) else { return nil }
    let buffer = ByteBuffer(bytes: made)
    compressed.withLock { $0 = buffer }
    return buffer
  }

  /// The bytes this answer may come to hold: its body, and room for its gzip form.
  var size: Int { body.readableBytes * 2 }
}

/// Answers kept by key (their route, parameters and the snapshot's generation), the oldest
/// let go first past a byte budget: a month asked again is not laid out again.
final class ResponseCache: Sendable {
  private struct Store {
    var answers: [String: CachedAnswer] = [:]
    var order: [String] = []
    var bytes = 0
    var generation: UInt64 = 0
  }
  private let store = Mutex(Store())
  let budget: Int

  init(budget: Int) {
    self.budget = budget
  }

  /// The answer kept for `key`, made from a snapshot of `generation`.
  func answer(for key: String, generation: UInt64) -> CachedAnswer? {
    store.withLock { store in
      store.generation == generation ? store.answers[key] : nil
    }
  }

  /// Keeps `answer` for `key`; answers of an older generation go.
  func keep(_ answer: CachedAnswer, for key: String, generation: UInt64) {
    let size = answer.size
    guard size <= budget / 4 else { return }
    store.withLock { store in
      if store.generation != generation {
        guard generation > store.generation else { return }
        store = Store(generation: generation)
      }
      guard store.answers[key] == nil else { return }
      store.answers[key] = answer
      store.order.append(key)
      store.bytes += size
      while store.bytes > budget, !store.order.isEmpty {
        let oldest = store.order.removeFirst()
        if let gone = store.answers.removeValue(forKey: oldest) {
          store.bytes -= gone.size
        }
      }
    }
  }
}
