import Canvas

/// A virtualized list: draws only the rows in view, keeping the selected one among them.
///
/// It scrolls a page at a time: the top row is `selected - selected % height`, except that the
/// last page is always full (a list never shows empty rows while rows are left above), so what
/// is on screen follows from the count, the selection and the height alone, with no stored
/// state. A row may be more than one line tall (`rowHeight`).
public enum ListView {
  /// Draws the visible rows of a list of `count` into `rect`, calling `row` once for each.
  ///
  /// Each row is `rowHeight` lines tall. The selected row is filled with `theme.selection`
  /// before `row` draws it. When the rows do not all fit, the right column shows a scroll bar
  /// and `row` gets rectangles one column narrower. Rows are drawn over what `rect` holds: a
  /// list sits in a cleared panel, and clearing it again would cost a pass over every cell on
  /// every frame.
  public static func draw(
    on canvas: inout Canvas, in rect: Rect, count: Int, selected: Int, theme: Theme,
    rowHeight: Int = 1,
    row: (_ index: Int, _ rect: Rect, _ isSelected: Bool, _ canvas: inout Canvas) -> Void
  ) {
    guard !rect.isEmpty else { return }
    let lines = max(1, rowHeight)
    let fit = rect.height / lines
    let range = visibleRange(count: count, selected: selected, height: fit)
    let scrolls = count > fit
    let rowWidth = rect.width - (scrolls ? 1 : 0)
    let chosen = clamped(selected, count: count)
    for index in range {
      let rowRect = Rect(
        x: rect.x, y: rect.y + (index - range.lowerBound) * lines, width: rowWidth, height: lines)
      let isSelected = index == chosen
      if isSelected { canvas.fill(rowRect, style: theme.selection) }
      row(index, rowRect, isSelected, &canvas)
    }
    if scrolls {
      let bar = Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height)
      drawScrollBar(
        on: &canvas, in: bar, count: count, visible: fit, top: range.lowerBound, theme: theme)
    }
  }

  /// The indices on screen for `count` rows, `selected` chosen, with room for `height` rows: the
  /// page holding the selection, or the last `height` rows when that page is the last.
  public static func visibleRange(count: Int, selected: Int, height: Int) -> Range<Int> {
    guard count > 0, height > 0 else { return 0..<0 }
    let chosen = clamped(selected, count: count)
    let top = min(chosen - chosen % height, max(0, count - height))
    return top..<min(count, top + height)
  }

  private static func clamped(_ selected: Int, count: Int) -> Int {
    min(max(0, selected), max(0, count - 1))
  }

  /// A track of `│` with a `█` thumb sized and placed by the share of rows in view (`visible`
  /// of `count`, from `top`).
  private static func drawScrollBar(
    on canvas: inout Canvas, in bar: Rect, count: Int, visible: Int, top: Int, theme: Theme
  ) {
    let height = bar.height
    let thumb = max(1, height * visible / count)
    let scrollable = count - visible
    let offset = (min(top, scrollable) * (height - thumb) + scrollable / 2) / scrollable
    for y in 0..<height {
      let inThumb = y >= offset && y < offset + thumb
      canvas.put(
        inThumb ? "█" : "│", x: bar.x, y: bar.y + y, style: inThumb ? theme.text : theme.dim,
        clip: bar)
    }
  }
}
