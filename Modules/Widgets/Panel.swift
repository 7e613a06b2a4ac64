import Canvas

/// A box with a single-line border and a title in its top edge, its inside cleared.
public enum Panel {
  /// Draws the box over `rect` and returns the rectangle inside the border.
  ///
  /// The title sits in the top border as `┌ Title ───┐`, cut with `…` when it does not fit. A
  /// rectangle smaller than 2x2 is only cleared, and the inside returned is empty.
  @discardableResult
  public static func draw(
    on canvas: inout Canvas, in rect: Rect, title: String, focused: Bool, theme: Theme
  ) -> Rect {
    canvas.fill(rect, style: theme.text)
    guard rect.width >= 2, rect.height >= 2 else {
      return Rect(x: rect.x, y: rect.y, width: 0, height: 0)
    }
    let border = focused ? theme.focusedBorder : theme.border
    let inner = rect.width - 2
    let horizontal = String(repeating: "─", count: inner)
    canvas.put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: border, clip: rect)
    canvas.put("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: border, clip: rect)
    for y in (rect.y + 1)..<(rect.maxY - 1) {
      canvas.put("│", x: rect.x, y: y, style: border, clip: rect)
      canvas.put("│", x: rect.maxX - 1, y: y, style: border, clip: rect)
    }
    // The title needs a space on each side of it and at least one column of its own.
    let shown = DisplayWidth.truncate(title, to: inner - 2)
    if inner >= 3, DisplayWidth.of(shown) > 0 {
      let end = canvas.put(" ", x: rect.x + 1, y: rect.y, style: border, clip: rect)
      let after = canvas.put(shown, x: end, y: rect.y, style: theme.title, clip: rect)
      canvas.put(" ", x: after, y: rect.y, style: border, clip: rect)
    }
    return rect.inset(by: 1)
  }
}
