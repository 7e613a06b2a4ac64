import Canvas

/// The footer row of key hints, ` key label ` after one another; hints that do not fit whole are
/// left off from the end.
public enum StatusBar {
  /// Draws `hints` on the first row of `rect`, filled with `theme.footer`.
  public static func draw(on canvas: inout Canvas, in rect: Rect, hints: [KeyHint], theme: Theme) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    canvas.fill(row, style: theme.footer)
    var x = row.x
    for hint in hints {
      let keyWidth = DisplayWidth.of(hint.key)
      let labelWidth = DisplayWidth.of(hint.label)
      let width = 1 + keyWidth + (labelWidth > 0 ? 1 + labelWidth : 0) + 1
      if x + width > row.maxX { break }
      x = canvas.put(hint.key, x: x + 1, y: row.y, style: theme.keyHint, clip: row)
      if labelWidth > 0 {
        x = canvas.put(hint.label, x: x + 1, y: row.y, style: theme.footer, clip: row)
      }
      x += 1
    }
  }
}
