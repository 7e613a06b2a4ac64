import Canvas

extension TextField {
  /// The text as shown: masked with `•`, or grouped in fours for a card number.
  public var displayText: String {
    switch mask {
    case .none: return text
    case .secret: return String(repeating: "•", count: text.count)
    case .cardNumber:
      var grouped = ""
      for (offset, character) in text.enumerated() {
        if offset > 0, offset.isMultiple(of: 4) { grouped.append(" ") }
        grouped.append(character)
      }
      return grouped
    }
  }

  /// Where the cursor is in `displayText`, in characters: past the group spaces of a card
  /// number, except at the end, where it follows the last digit.
  public var displayCursor: Int {
    guard mask == .cardNumber, cursor > 0 else { return cursor }
    return cursor < text.count ? cursor + cursor / 4 : cursor + (cursor - 1) / 4
  }

  /// Draws the field on the first row of `rect`, scrolled so the cursor stays in view.
  ///
  /// A focused field is drawn in `theme.field`, its cursor cell in `theme.fieldCursor` (which
  /// shows in the monochrome theme too). An unfocused field shows its start, or
  /// `placeholder` in `theme.dim` when it is empty. Text wider than the field shows `…` where it
  /// is cut: at the end, at the start (the cursor at the end, as when typing a long card
  /// number), or at both.
  public func draw(
    on canvas: inout Canvas, in rect: Rect, focused: Bool, theme: Theme, placeholder: String = ""
  ) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    let fieldStyle = focused ? theme.field : theme.text
    canvas.fill(row, style: fieldStyle)
    if !focused, text.isEmpty {
      let shown = DisplayWidth.truncate(placeholder, to: row.width)
      canvas.put(shown, x: row.x, y: row.y, style: theme.dim, clip: row)
      return
    }
    if !focused {
      let shown = DisplayWidth.truncate(displayText, to: row.width)
      canvas.put(shown, x: row.x, y: row.y, style: fieldStyle, clip: row)
      return
    }
    let cursorStyle = theme.fieldCursor
    let characters = Array(displayText)
    let at = displayCursor
    let (shown, cutBefore, cutAfter) = Self.window(characters, cursor: at, columns: row.width)
    var x = row.x
    if cutBefore { x = canvas.put("…", x: x, y: row.y, style: fieldStyle, clip: row) }
    let end = row.maxX - (cutAfter ? 1 : 0)
    // "…4242", not "… 4242": a card number's group space right after the cut is left out.
    var first = shown.lowerBound
    if cutBefore, first < at, characters[first] == " " { first += 1 }
    for offset in first..<characters.count {
      // A selected text shows whole in the cursor's style: the next key replaces all of it.
      let style = offset == at || isSelected ? cursorStyle : fieldStyle
      if x + DisplayWidth.of(characters[offset]) > end {
        // A wide character under the cursor in a one-column field: show the cursor at least.
        if offset == at { canvas.put(" ", x: x, y: row.y, style: style, clip: row) }
        break
      }
      x = canvas.put(String(characters[offset]), x: x, y: row.y, style: style, clip: row)
    }
    if at >= characters.count, x < end {
      canvas.put(" ", x: x, y: row.y, style: cursorStyle, clip: row)
    }
    if cutAfter { canvas.put("…", x: end, y: row.y, style: fieldStyle, clip: row) }
  }

  /// The characters shown in a focused field of `columns`, and whether text is cut before and
  /// after them (each cut takes a column for its `…`): the cursor (one column at the end) in
  /// view, with as much as fits before it. A field too narrow for the cursor and two `…` shows
  /// no `…`.
  private static func window(_ characters: [Character], cursor: Int, columns: Int) -> (
    Range<Int>, cutBefore: Bool, cutAfter: Bool
  ) {
    var cutBefore = false
    var cutAfter = false
    var shown = 0..<0
    // Each pass may find a cut the one before did not: at most one more for each side.
    for _ in 0..<3 {
      let room = columns - (cutBefore ? 1 : 0) - (cutAfter ? 1 : 0)
      let start = firstVisible(characters, cursor: cursor, columns: max(1, room))
      var used = 0
      var end = start
      while end < characters.count, used + DisplayWidth.of(characters[end]) <= room {
        used += DisplayWidth.of(characters[end])
        end += 1
      }
      shown = start..<end
      let before = start > 0
      let after = end < characters.count
      if columns < 3 || (before == cutBefore && after == cutAfter) { break }
      cutBefore = before
      cutAfter = after
    }
    return columns < 3 ? (shown, false, false) : (shown, cutBefore, cutAfter)
  }

  /// The first character to show so that the cursor (one column at the end) fits in `columns`,
  /// showing as much as possible before it.
  private static func firstVisible(_ characters: [Character], cursor: Int, columns: Int) -> Int {
    var used = cursor < characters.count ? max(1, DisplayWidth.of(characters[cursor])) : 1
    var start = min(cursor, characters.count)
    while start > 0 {
      let width = DisplayWidth.of(characters[start - 1])
      if used + width > columns { break }
      used += width
      start -= 1
    }
    return start
  }
}
