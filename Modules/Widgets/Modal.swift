import Canvas

/// A box in the middle of the screen over whatever is there: a title and word-wrapped lines.
public enum Modal {
  /// Draws the box, sized to its content but at most 80% of the canvas each way, and returns
  /// its rectangle. Lines are wrapped to the box and drawn in `style` (default `theme.text`),
  /// from line `scroll` on (clamped); `▴` and `▾` in the right border say more is above or below.
  @discardableResult
  public static func draw(
    on canvas: inout Canvas, title: String, lines: [String], theme: Theme, style: Style? = nil,
    scroll: Int = 0
  ) -> Rect {
    let (wrapped, width, height) = layout(
      title: title, lines: lines, canvasWidth: canvas.width, canvasHeight: canvas.height)
    let box = canvas.bounds.centered(width: width, height: height)
    let inside = Panel.draw(on: &canvas, in: box, title: title, focused: true, theme: theme)
    let text = Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: inside.height)
    let top = max(0, min(scroll, wrapped.count - text.height))
    for (offset, line) in wrapped.dropFirst(top).prefix(text.height).enumerated() {
      canvas.put(line, x: text.x, y: text.y + offset, style: style ?? theme.text, clip: text)
    }
    if text.height > 0, box.width > 2 {
      if top > 0 { canvas.put("▴", x: box.maxX - 1, y: text.y, style: theme.accent) }
      if top + text.height < wrapped.count {
        canvas.put("▾", x: box.maxX - 1, y: text.y + text.height - 1, style: theme.accent)
      }
    }
    return box
  }

  /// The furthest `scroll` that still changes what the box shows on a canvas of this size.
  public static func maxScroll(
    title: String, lines: [String], canvasWidth: Int, canvasHeight: Int
  ) -> Int {
    let (wrapped, _, height) = layout(
      title: title, lines: lines, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    return max(0, wrapped.count - max(0, height - 2))
  }

  /// The wrapped lines and the box's size: at most 80% of the canvas each way.
  private static func layout(
    title: String, lines: [String], canvasWidth: Int, canvasHeight: Int
  ) -> (lines: [String], width: Int, height: Int) {
    let maxWidth = canvasWidth * 4 / 5
    let maxHeight = canvasHeight * 4 / 5
    // A border and one column of padding on each side.
    let wrapped = lines.flatMap { wrap($0, width: max(1, maxWidth - 4)) }
    let textWidth = wrapped.map { DisplayWidth.of($0) }.max() ?? 0
    // The title needs a space on each side in the top border.
    let width = min(maxWidth, max(textWidth, DisplayWidth.of(title)) + 4)
    return (wrapped, width, min(maxHeight, wrapped.count + 2))
  }

  /// `text` broken into lines of at most `width` columns at spaces (not at no-break spaces); a
  /// word longer than a line is broken between characters. An indented line that goes on under
  /// itself keeps its indent and two columns more, so it still reads as one (the inspector's
  /// fields). Line breaks in `text` are kept; an empty text is one empty line.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    return paragraphs.flatMap { wrapParagraph($0, width: width) }
  }

  private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
    // A line that fits keeps its own spacing (aligned columns in help text).
    if DisplayWidth.of(paragraph) <= width, paragraph.contains(where: { !$0.isWhitespace }) {
      return [String(paragraph)]
    }
    var lines: [String] = []
    // An indented paragraph's indent starts its first line, and the lines after it take two
    // columns more (none when that would leave too little room); prose wraps flush.
    let leading = String(paragraph.prefix { $0 == " " })
    let hanging = !leading.isEmpty && leading.count + 2 < width / 2 ? leading + "  " : ""
    var current = leading.count < width / 2 ? leading : ""
    var used = current.count
    let start = used
    // No-break spaces hold a card number or an amount together on one line.
    let words = paragraph.split(whereSeparator: {
      $0.isWhitespace && $0 != "\u{00A0}" && $0 != "\u{202F}"
    })
    for word in words {
      let wordWidth = DisplayWidth.of(word)
      let started = lines.isEmpty ? used > start : used > hanging.count
      if started, used + 1 + wordWidth <= width {
        current += " " + word
        used += 1 + wordWidth
        continue
      }
      if started {
        lines.append(current)
        (current, used) = (hanging, hanging.count)
      }
      // The word starts a line; one too long for any line is cut between characters.
      for character in word {
        let columns = DisplayWidth.of(character)
        let lineStart = lines.isEmpty ? start : hanging.count
        if used > lineStart, used + columns > width {
          lines.append(current)
          (current, used) = (hanging, hanging.count)
        }
        current.append(character)
        used += columns
      }
    }
    lines.append(current)
    return lines
  }
}
