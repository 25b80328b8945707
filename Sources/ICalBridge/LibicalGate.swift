import Foundation

/// The lock of the door to libical. libical keeps global state (its time-zone cache, its error
/// number) that is not safe when first used from several threads at once, so every call into
/// it goes through this lock: the door's entry points (``EventParser``, ``LibicalZone``,
/// ``TimeZoneResolver``, ``LibicalRecurrence``, ``WallTime``'s libical arithmetic) take it
/// themselves, and the helpers they call check in debug builds that it is held. Re-entrant,
/// so an entry point may call another. Nothing outside `ICalBridge` takes it.
package enum LibicalGate {
  private static let lock = NSRecursiveLock()
  /// The thread holding the lock and how deep; read only by ``assertHeld()`` in debug builds.
  nonisolated(unsafe) private static var holder: pthread_t?
  nonisolated(unsafe) private static var depth = 0

  /// Runs `body` while holding libical's lock.
  static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    #if DEBUG
      if depth == 0 { holder = pthread_self() }
      depth += 1
    #endif
    defer {
      #if DEBUG
        depth -= 1
        if depth == 0 { holder = nil }
      #endif
      lock.unlock()
    }
    return try body()
  }

  /// Stops a debug build when the calling thread does not hold the lock.
  static func assertHeld(file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
      let held = depth > 0 && holder.map { pthread_equal($0, pthread_self()) != 0 } == true
      assert(held, "libical called outside LibicalGate", file: file, line: line)
    #endif
  }
}
