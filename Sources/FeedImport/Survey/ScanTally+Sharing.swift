extension ScanTally {
  /// Remembers a passed-over event an index kept the keys of, as ``route(_:)`` remembers the
  /// event it passes over (the counts are the replay's).
  mutating func remember(_ event: SharingEvent) {
    let key = FeedLoader.uidKey(event.uid)
    if let replaced = event.replacedDay, let instance = event.instance {
      passedOverOverrides.append(
        PassedOverride(
          uid: key, instanceKey: instance, line: event.line,
          replacedDay: Int32(clamping: replaced), sequence: Int32(clamping: event.sequence)))
    } else {
      passedOverUIDs.append(key)
      passedOverLines.append(
        event.line < Int(ScanTally.unknownLine) ? UInt32(event.line) : ScanTally.unknownLine)
    }
  }
}
