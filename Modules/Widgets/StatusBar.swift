import Canvas

/// The footer row of key hints, ` key label ` after one another.
///
/// The hints come most important first. When they do not fit, hints are left off whole, from
/// the end: a key is never shown without what it does (F1 lists every key of the screen).
public enum StatusBar {
  /// Draws `hints` on the first row of `rect`, filled with `theme.footer`.
  public static func draw(on canvas: inout Canvas, in rect: Rect, hints: [KeyHint], theme: Theme) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    canvas.fill(row, style: theme.footer)
    var x = row.x
    for hint in shortened(hints, width: row.width) {
      x = canvas.put(hint.key, x: x + 1, y: row.y, style: theme.keyHint, clip: row)
      if !hint.label.isEmpty {
        x = canvas.put(hint.label, x: x + 1, y: row.y, style: theme.footer, clip: row)
      }
      x += 1
    }
  }

  /// The hints as they fit in `width` columns, each whole: hints left off from the end.
  static func shortened(_ hints: [KeyHint], width: Int) -> [KeyHint] {
    var shown = hints
    while columns(shown) > width, !shown.isEmpty { shown.removeLast() }
    return shown
  }

  /// The columns `hints` take: a space, the key, a space and the label (when there is one), and
  /// a space, for each.
  private static func columns(_ hints: [KeyHint]) -> Int {
    hints.reduce(0) { total, hint in
      let label = DisplayWidth.of(hint.label)
      return total + 1 + DisplayWidth.of(hint.key) + (label > 0 ? 1 + label : 0) + 1
    }
  }
}
