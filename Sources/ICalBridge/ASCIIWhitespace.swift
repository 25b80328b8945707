/// Trimming the blanks iCalendar allows around values (spaces and tabs, not other Unicode space).
extension String {
  package func trimmingASCIIWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
