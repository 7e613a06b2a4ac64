import Canvas

/// The footer row of key hints, ` key label ` after one another.
///
/// The hints come most important first. When they do not fit, labels give way before keys: the
/// last hint's label goes first, then the one before it, each key staying; only when the keys
/// alone do not fit are hints left off, from the end.
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

  /// The hints as they fit in `width` columns: every label while they all fit, then labels
  /// left off from the end, then (keys alone) hints left off from the end.
  static func shortened(_ hints: [KeyHint], width: Int) -> [KeyHint] {
    var shown = hints
    var labelled = shown.count
    while columns(shown) > width, labelled > 0 {
      labelled -= 1
      shown[labelled] = KeyHint(shown[labelled].key, "")
    }
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
