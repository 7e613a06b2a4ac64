import Canvas
import Widgets

/// A form drawn as rows, scrolled so the focused row stays in view: the search, passengers and
/// payment panels are all built from these rows.
struct FormLayout {
  enum Row {
    case heading(String)
    /// One line, cut at the edge (aligned lists such as suggestions).
    case text(String, Style)
    /// Prose, wrapped at spaces to the panel's width.
    case paragraph(String, Style)
    case field(label: String, field: TextField, focused: Bool, error: String?, note: String)
    case selector(label: String, value: String, focused: Bool, error: String?)
    case button(String, focused: Bool)
    case blank
  }

  var rows: [Row] = []
  var labelWidth = 14

  mutating func add(_ row: Row) { rows.append(row) }

  private func isFocused(_ row: Row) -> Bool {
    switch row {
    case .field(_, _, let focused, _, _), .selector(_, _, let focused, _), .button(_, let focused):
      focused
    default: false
    }
  }

  func draw(on canvas: inout Canvas, in rect: Rect, theme: Theme) {
    guard !rect.isEmpty else { return }
    let rows = rows.flatMap { row -> [Row] in
      guard case .paragraph(let text, let style) = row else { return [row] }
      return Modal.wrap(text, width: rect.width).map { .text($0, style) }
    }
    let focusedRow = rows.firstIndex(where: isFocused) ?? 0
    // Keep the focused row (and the row after it, often its suggestions) in view.
    let top = max(0, min(focusedRow + 2 - rect.height, rows.count - rect.height))
    for (offset, row) in rows.dropFirst(top).prefix(rect.height).enumerated() {
      draw(row, on: &canvas, in: rect.row(offset), theme: theme)
    }
    // A form taller than its panel says so at the right edge: more above ▴, more below ▾.
    if rect.width > 1 {
      if top > 0 { canvas.put("▴", x: rect.maxX - 1, y: rect.y, style: theme.accent) }
      if top + rect.height < rows.count {
        canvas.put("▾", x: rect.maxX - 1, y: rect.maxY - 1, style: theme.accent)
      }
    }
  }

  private func draw(_ row: Row, on canvas: inout Canvas, in line: Rect, theme: Theme) {
    switch row {
    case .heading(let text):
      canvas.put(text, x: line.x, y: line.y, style: theme.title, clip: line)
    case .text(let text, let style), .paragraph(let text, let style):
      canvas.put(text, x: line.x, y: line.y, style: style, clip: line)
    case .blank:
      break
    case .field(let label, let field, let focused, let error, let note):
      let (labelRect, rest) = line.splitLeft(labelWidth)
      canvas.put(
        label, x: labelRect.x, y: line.y, style: focused ? theme.title : theme.dim, clip: labelRect)
      let width = min(max(field.maxLength, 3) + 2, max(12, rest.width / 2), rest.width)
      let (fieldRect, after) = rest.splitLeft(width)
      // An empty field still shows where it is.
      let blank = String(repeating: "_", count: max(0, min(fieldRect.width - 1, field.maxLength)))
      field.draw(on: &canvas, in: fieldRect, focused: focused, theme: theme, placeholder: blank)
      if let error {
        canvas.put(" " + error, x: after.x, y: line.y, style: theme.error, clip: after)
      } else if !note.isEmpty {
        canvas.put(
          DisplayWidth.truncate(" " + note, to: after.width), x: after.x, y: line.y,
          style: theme.dim, clip: after)
      }
    case .selector(let label, let value, let focused, let error):
      let (labelRect, rest) = line.splitLeft(labelWidth)
      canvas.put(
        label, x: labelRect.x, y: line.y, style: focused ? theme.title : theme.dim, clip: labelRect)
      let x = canvas.put(
        focused ? "◂ \(value) ▸" : "  \(value)  ", x: rest.x, y: line.y,
        style: focused ? theme.selection : theme.text, clip: rest)
      if let error {
        let after = Rect(x: x, y: line.y, width: max(0, rest.maxX - x), height: 1)
        canvas.put(
          DisplayWidth.truncate(" " + error, to: after.width), x: after.x, y: line.y,
          style: theme.error, clip: after)
      }
    case .button(let text, let focused):
      canvas.put(
        text, x: line.x, y: line.y, style: focused ? theme.selection : theme.title, clip: line)
    }
  }
}
