import Dispatch

/// `body` of every index of `0..<count`, worked out on the machine's cores at once (icslanes
/// asks for two at a time: two months of a request), in index order.
///
/// For independent values only: `body` must not touch shared mutable state.
package func concurrentMap<Value: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Value)
  -> [Value]
{
  let slots = Slots<Value>(count: count)
  DispatchQueue.concurrentPerform(iterations: count) { index in
    slots.set(index, body(index))
  }
  return slots.values.compactMap { $0 }
}

/// One slot per index; each thread fills its own, and nothing reads them before
/// `concurrentPerform` returns.
///
/// The slots live in memory allocated once: writing through an `Array` property from several
/// threads would be a mutating access to the array itself on each, a data race (ThreadSanitizer
/// reports it) even though every thread writes a different element.
private final class Slots<Value>: @unchecked Sendable {
  private let buffer: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }

  deinit {
    buffer.deinitialize()
    buffer.deallocate()
  }

  /// The slots' values, in index order.
  var values: [Value?] { Array(buffer) }

  func set(_ index: Int, _ value: Value) {
    buffer[index] = value
  }
}
