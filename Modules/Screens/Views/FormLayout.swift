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
  /// What a click on a row does, by the row's place in `rows`: kept only for a canvas that
  /// keeps regions, so a frame drawn for the terminal builds no table.
  private var targets: [Int: any Sendable] = [:]
  private let keepsTargets: Bool

  /// A form drawn on `canvas`, noting its rows' click targets when the canvas keeps regions.
  init(on canvas: Canvas) { keepsTargets = canvas.regions != nil }

  mutating func add(_ row: Row, target: (any Sendable)? = nil) {
    if keepsTargets, let target { targets[rows.count] = target }
    rows.append(row)
  }

  private func isFocused(_ row: Row) -> Bool {
    switch row {
    case .field(_, _, let focused, _, _), .selector(_, _, let focused, _), .button(_, let focused):
      focused
    default: false
    }
  }

  func draw(on canvas: inout Canvas, in rect: Rect, theme: Theme) {
    guard !rect.isEmpty else { return }
    // Each row as the lines it takes at this width: prose wrapped, and a message too long for the
    // space beside its field wrapped under it.
    var rows: [Row] = []
    var lineTargets: [Int: any Sendable] = [:]
    var focusedRow = 0
    var focusEnd = 0
    for (index, row) in self.rows.enumerated() {
      let lines = self.lines(of: row, width: rect.width, theme: theme)
      if !targets.isEmpty, let target = targets[index] { lineTargets[rows.count] = target }
      if isFocused(row) {
        focusedRow = rows.count
        focusEnd = rows.count + lines.count - 1
      }
      rows += lines
    }
    // Keep the focused row in view, with its message and the row after it (often its
    // suggestions).
    let top = max(
      0, min(max(focusedRow + 2, focusEnd + 1) - rect.height, rows.count - rect.height, focusedRow))
    for (offset, row) in rows.dropFirst(top).prefix(rect.height).enumerated() {
      draw(row, on: &canvas, in: rect.row(offset), theme: theme)
      if !lineTargets.isEmpty, let target = lineTargets[top + offset] {
        // A button takes a click on its text; any other row on its whole line.
        var line = rect.row(offset)
        if case .button(let text, _) = row { line.width = min(line.width, DisplayWidth.of(text)) }
        canvas.record(target, in: line)
      }
    }
    // A form taller than its panel says so at the right edge: more above ▴, more below ▾.
    if rect.width > 1 {
      if top > 0 { canvas.put("▴", x: rect.maxX - 1, y: rect.y, style: theme.accent) }
      if top + rect.height < rows.count {
        canvas.put("▾", x: rect.maxX - 1, y: rect.maxY - 1, style: theme.accent)
      }
    }
  }

  /// How many lines the rows take `width` wide, wrapped as `draw` wraps them.
  func height(width: Int, theme: Theme) -> Int {
    rows.reduce(0) { $0 + lines(of: $1, width: width, theme: theme).count }
  }

  /// How wide a field's box is on a line `width` wide.
  private func fieldWidth(_ field: TextField, lineWidth width: Int) -> Int {
    let rest = max(0, width - labelWidth)
    return min(max(field.maxLength, 3) + 2, max(12, rest / 2), rest)
  }

  /// `row` as the lines it takes `width` wide.
  private func lines(of row: Row, width: Int, theme: Theme) -> [Row] {
    switch row {
    case .paragraph(let text, let style):
      return Modal.wrap(text, width: width).map { .text($0, style) }
    case .field(let label, let field, let focused, let error?, _)
    where 1 + DisplayWidth.of(error) > width - labelWidth - fieldWidth(field, lineWidth: width):
      return [.field(label: label, field: field, focused: focused, error: nil, note: "")]
        + wrapped(error, width: width, theme: theme)
    case .selector(let label, let value, let focused, let error?)
    where 1 + DisplayWidth.of(error) > width - labelWidth - DisplayWidth.of(value) - 4:
      return [.selector(label: label, value: value, focused: focused, error: nil)]
        + wrapped(error, width: width, theme: theme)
    default:
      return [row]
    }
  }

  /// A message wrapped under its field: below the field's box, or from the left edge when the
  /// panel is too narrow for that.
  private func wrapped(_ message: String, width: Int, theme: Theme) -> [Row] {
    let indent = width - labelWidth >= 20 ? labelWidth : 0
    return Modal.wrap(message, width: width - indent).map {
      .text(String(repeating: " ", count: indent) + $0, theme.error)
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
      let (fieldRect, after) = rest.splitLeft(fieldWidth(field, lineWidth: line.width))
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
