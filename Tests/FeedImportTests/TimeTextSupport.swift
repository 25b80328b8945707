import LaneLayout

// Tests compare starts, ends and recurrence ids with the contract's text they write.

/// Whether `time` writes `text` (``LocalDateTime/description``).
func == (time: LocalDateTime, text: String) -> Bool {
  time.description == text
}

/// Whether `time` writes `text`, or both are nil.
func == (time: LocalDateTime?, text: String?) -> Bool {
  time?.description == text
}

/// Whether `time` does not write `text`.
func != (time: LocalDateTime, text: String) -> Bool {
  !(time == text)
}
