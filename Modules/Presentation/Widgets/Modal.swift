/// A box in the middle of the screen over whatever is there: a title and word-wrapped lines.
public enum Modal {
  /// Draws the box, sized to its content but at most 80% of the canvas each way, and returns
  /// its rectangle. Lines are wrapped to the box and drawn in `style` (default `theme.text`);
  /// lines that do not fit below are left off.
  @discardableResult
  public static func draw(
    on canvas: inout Canvas, title: String, lines: [String], theme: Theme, style: Style? = nil
  ) -> Rect {
    let maxWidth = canvas.width * 4 / 5
    let maxHeight = canvas.height * 4 / 5
    // A border and one column of padding on each side.
    let wrapped = lines.flatMap { wrap($0, width: max(1, maxWidth - 4)) }
    let textWidth = wrapped.map { DisplayWidth.of($0) }.max() ?? 0
    // The title needs a space on each side in the top border.
    let width = min(maxWidth, max(textWidth, DisplayWidth.of(title)) + 4)
    let height = min(maxHeight, wrapped.count + 2)
    let box = canvas.bounds.centered(width: width, height: height)
    let inside = Panel.draw(on: &canvas, in: box, title: title, focused: true, theme: theme)
    let text = Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: inside.height)
    for (offset, line) in wrapped.prefix(text.height).enumerated() {
      canvas.put(line, x: text.x, y: text.y + offset, style: style ?? theme.text, clip: text)
    }
    return box
  }

  /// `text` broken into lines of at most `width` columns at spaces (not at no-break spaces); a
  /// word longer than a line is broken between characters. Line breaks in `text` are kept; an empty text is one empty line.
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
    var current = ""
    var used = 0
    // No-break spaces hold a card number or an amount together on one line.
    let words = paragraph.split(whereSeparator: {
      $0.isWhitespace && $0 != "\u{00A0}" && $0 != "\u{202F}"
    })
    for word in words {
      let wordWidth = DisplayWidth.of(word)
      if used > 0, used + 1 + wordWidth <= width {
        current += " " + word
        used += 1 + wordWidth
        continue
      }
      if used > 0 {
        lines.append(current)
        (current, used) = ("", 0)
      }
      // The word starts a line; one too long for any line is cut between characters.
      for character in word {
        let columns = DisplayWidth.of(character)
        if used > 0, used + columns > width {
          lines.append(current)
          (current, used) = ("", 0)
        }
        current.append(character)
        used += columns
      }
    }
    lines.append(current)
    return lines
  }
}
