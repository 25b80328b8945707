import Foundation

/// The one door to libical. libical keeps global state (its time-zone cache, its error number)
/// that is not safe when first used from several threads at once, so every call into it goes
/// through this lock. Re-entrant, so a locked helper may call another.
enum LibicalGate {
  private static let lock = NSRecursiveLock()

  /// Runs `body` while holding libical's lock.
  static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
