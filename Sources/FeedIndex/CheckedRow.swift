import GRDB

extension Row {
  /// The value of column `name` as `Value`; nil when it is NULL or of a type that does not
  /// convert (an index edited or made by hand): never GRDB's fatal error for a value that does
  /// not convert, which a damaged index must not cause.
  func checked<Value: DatabaseValueConvertible>(_ name: String) -> Value? {
    Value.fromDatabaseValue(self[name] as DatabaseValue)
  }

  /// The value of the column at `index`, as ``checked(_:)-(String)``.
  func checked<Value: DatabaseValueConvertible>(_ index: Int) -> Value? {
    Value.fromDatabaseValue(self[index] as DatabaseValue)
  }
}

extension Database {
  /// The one value of the first row `sql` gives, as `Value`; nil when there is none, or it is
  /// NULL or of a type that does not convert (see ``GRDB/Row/checked(_:)-(String)``).
  func checkedValue<Value: DatabaseValueConvertible>(_ sql: String) throws -> Value? {
    try Row.fetchOne(self, sql: sql).flatMap { $0.checked(0) }
  }
}
