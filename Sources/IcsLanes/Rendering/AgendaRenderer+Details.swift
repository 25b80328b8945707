import LaneLayout

extension AgendaRenderer {
  /// The most lines of a description the agenda shows under an occurrence; a longer one ends
  /// in `…`.
  public static let descriptionLines = 3

  /// The width descriptions are wrapped to when the renderer has no ``width``.
  static let defaultWrapWidth = 80

  /// Whether `day` is the first day the list shows `occurrence` on: its first visible day, or
  /// the first of ``days`` when it started before them. Details are written there only.
  func isFirstListed(_ occurrence: Occurrence, on day: Day) -> Bool {
    day == max(occurrence.firstDay, days?.lowerBound ?? occurrence.firstDay)
  }

  /// The lines under an occurrence with ``showsDetails``, each `indent` spaces in: `Location:`,
  /// `Status:`, `Organizer:`, `Attendees:` and `URL:` (labels in the locale's words where
  /// icslanes has them), then the description wrapped to the width and cut after
  /// ``descriptionLines`` lines. Feed text is made safe for the terminal as titles are.
  func detailLines(_ occurrence: Occurrence, indent: Int) -> [String] {
    let phrases = names.phrases
    let details = occurrence.details
    var fields: [(label: String, value: String)] = []
    if let location = occurrence.location, !location.isEmpty {
      fields.append((phrases.location, location))
    }
    if let status = details?.status { fields.append((phrases.status, phrases.status(status))) }
    if let organizer = details?.organizer, !organizer.isEmpty {
      fields.append((phrases.organizer, organizer))
    }
    if let count = details?.attendeeCount { fields.append((phrases.attendees, "\(count)")) }
    if let url = details?.url, !url.isEmpty { fields.append(("URL", url)) }
    let margin = String(repeating: " ", count: indent)
    var lines = fields.map { margin + clean($0.label) + ": " + clean($0.value) }
    if let description = details?.description {
      let room = max(20, (width ?? AgendaRenderer.defaultWrapWidth) - indent)
      let wrapped = AgendaRenderer.wrap(
        description, to: room, lines: AgendaRenderer.descriptionLines,
        cut: details?.descriptionTruncated == true)
      lines += wrapped.map { margin + $0 }
    }
    return lines
  }

  /// `text`'s lines (blank ones left out), control characters made visible, wrapped at spaces
  /// to `columns` columns (a longer word is split), at most `count` of them: the last ends in
  /// `…` when text was left out or `cut` says the text was cut already.
  static func wrap(_ text: String, to columns: Int, lines count: Int, cut: Bool) -> [String] {
    var result: [String] = []
    // One line more than is shown: whether it comes says whether text is left out.
    let limit = count + 1
    paragraphs: for paragraph in text.split(whereSeparator: \.isNewline) {
      let clean = TerminalText.sanitize(paragraph.replacingOccurrences(of: "\t", with: " "))
      var line = ""
      for word in clean.split(separator: " ") {
        var piece = String(word)
        while !piece.isEmpty {
          if line.isEmpty, TerminalText.width(of: piece) > columns {
            let head = leadingPart(of: piece, columns: columns)
            result.append(head)
            piece = String(piece.dropFirst(head.count))
          } else if TerminalText.width(of: line) + (line.isEmpty ? 0 : 1)
            + TerminalText.width(of: piece) <= columns
          {
            line += (line.isEmpty ? "" : " ") + piece
            piece = ""
          } else {
            result.append(line)
            line = ""
          }
          if result.count >= limit { break paragraphs }
        }
      }
      if !line.isEmpty { result.append(line) }
      if result.count >= limit { break }
    }
    let more = cut || result.count > count
    result = Array(result.prefix(count))
    guard more, let last = result.last else { return result }
    result[result.count - 1] =
      TerminalText.width(of: last) < columns ? last + "…" : TerminalText.truncate(last, to: columns)
    return result
  }

  /// The longest start of `text` that fits `columns` columns; at least its first character.
  static func leadingPart(of text: String, columns: Int) -> String {
    var used = 0
    var part = ""
    for character in text {
      let next = TerminalText.width(of: character)
      if used + next > columns, !part.isEmpty { break }
      part.append(character)
      used += next
    }
    return part
  }
}
