/// A fixed number of slots, each remembering the last value put in it, so that a later equal
/// value can take the remembered one (its box, buffer or storage) instead of keeping its own.
/// The memory is fixed whatever comes: values that all differ just replace one another.
/// ``RecurrenceShelf`` and ``TextShelf`` are made of these.
public struct SharingSlots<Value> {
  /// Slots (a power of two).
  @usableFromInline static var count: Int { 1_024 }
  @usableFromInline var slots = [Value?](repeating: nil, count: SharingSlots.count)

  /// Empty slots.
  @inlinable public init() {}

  /// The value in `hash`'s slot when `same` says it equals `value`; else `value`, now in the
  /// slot. Values that `same` calls equal must have equal hashes.
  @inlinable public mutating func share(_ value: Value, hash: Int, same: (Value, Value) -> Bool)
    -> Value
  {
    let slot = hash & (SharingSlots.count - 1)
    if let shelved = slots[slot], same(shelved, value) { return shelved }
    slots[slot] = value
    return value
  }
}
