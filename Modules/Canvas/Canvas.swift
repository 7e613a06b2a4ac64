/// A grid of cells that widgets draw into; a backend copies it to a real terminal.
///
/// Drawing clips at the edges and never splits a wide character: one that would not fit is
/// replaced by spaces, and overwriting half of a wide character blanks its other half.
///
/// Two canvases are equal when they show the same: the same size and cells. The regions a canvas
/// may keep for clicks (`recordRegions`) are not what it shows, and are not compared.
public struct Canvas: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Row-major cells, `width * height` of them.
  public private(set) var cells: [Cell]
  /// Where views drew what a click can land on, in drawing order; nil (the default) while the
  /// canvas keeps none.
  public internal(set) var regions: [Region]?

  public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(cells)
  }

  /// A blank canvas.
  public init(width: Int, height: Int, style: Style = .plain) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank(style), count: self.width * self.height)
  }

  /// A canvas holding `lines` as plain text, for comparing renders in tests. Its width is the
  /// widest line's.
  public init(lines: [String]) {
    let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
    self.init(width: width, height: lines.count)
    for (row, line) in lines.enumerated() { put(line, x: 0, y: row) }
  }

  /// The whole canvas as a rectangle.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`, or nil outside the canvas.
  public subscript(x: Int, y: Int) -> Cell? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    return cells[y * width + x]
  }

  /// Draws `text` from column `x` on row `y`, clipped to `clip` (default: the whole canvas).
  /// Returns the column where the text ends, drawn or clipped. Control characters are not
  /// drawn.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    var text = text
    // Most of every screen is text whose every scalar takes one cell: no grapheme breaking.
    if let end = text.withUTF8({ putSimple($0, x: x, y: y, style: style, clip: clip) }) {
      return end
    }
    return putCharacters(text, x: x, y: y, style: style, clip: clip)
  }

  /// Draws `text` from column `x` on row `y`, clipped to `clip` (default: the whole canvas).
  /// Returns the column where the text ends, drawn or clipped. Control characters are not
  /// drawn.
  @discardableResult
  public mutating func put(
    _ text: Substring, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    var text = text
    if let end = text.withUTF8({ putSimple($0, x: x, y: y, style: style, clip: clip) }) {
      return end
    }
    return putCharacters(text, x: x, y: y, style: style, clip: clip)
  }

  /// Draws `text` from column `x` on row `y`, clipped to `clip` (default: the whole canvas).
  /// Returns the column where the text ends, drawn or clipped. Control characters are not
  /// drawn.
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    put(String(text), x: x, y: y, style: style, clip: clip)
  }

  /// Draws `bytes` (UTF-8) when every scalar in them is one a terminal shows in one column and
  /// that is always a grapheme cluster of its own (printable ASCII, Latin letters and signs,
  /// dashes, arrows, box drawing, currency signs), and returns the column after them; nil
  /// (nothing drawn) otherwise, and the text goes through grapheme breaking instead. Nothing
  /// in that set combines with a neighbour, so each scalar is one cell. A run of one-column
  /// cells can only cut a wide character at its two ends, so only those go through `set`.
  private mutating func putSimple(
    _ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: Style, clip: Rect?
  ) -> Int? {
    guard let (count, ascii) = DisplayWidth.simpleRun(bytes) else { return nil }
    let end = x + count
    let area = clip ?? bounds
    guard y >= max(0, area.y), y < min(height, area.maxY) else { return end }
    let first = max(x, max(0, area.x))
    let last = min(end, min(width, area.maxX)) - 1
    guard first <= last else { return end }
    let row = y * width
    func cell(_ scalar: UInt32) -> Cell {
      Cell(glyph: Glyph(scalar: scalar), width: 1, style: style)
    }
    if ascii {
      set(cell(UInt32(bytes[first - x])), x: first, y: y)
      guard last > first else { return end }
      cells.withUnsafeMutableBufferPointer { cells in
        for column in (first + 1)..<last {
          cells[row + column] = Cell(glyph: Glyph(ascii: bytes[column - x]), width: 1, style: style)
        }
      }
      set(cell(UInt32(bytes[last - x])), x: last, y: y)
      return end
    }
    var column = x
    var index = 0
    while column <= last, let (scalar, length) = DisplayWidth.simpleScalar(bytes, at: index) {
      if column == first || column == last {
        set(cell(scalar), x: column, y: y)
      } else if column > first {
        cells[row + column] = cell(scalar)
      }
      index += length
      column += 1
    }
    return end
  }

  /// Draws `text` character by character, through grapheme breaking: what `put` does for text
  /// `putSimple` does not take (internal so a test can compare the two).
  mutating func putCharacters(
    _ text: some StringProtocol, x: Int, y: Int, style: Style, clip: Rect?
  ) -> Int {
    let area = clip ?? bounds
    guard y >= max(0, area.y), y < min(height, area.maxY) else {
      return x + DisplayWidth.of(text)
    }
    let left = max(0, area.x)
    let right = min(width, area.maxX)
    var column = x
    for character in text {
      let columns = DisplayWidth.of(character)
      if columns == 0 { continue }
      if column >= right {
        column += columns  // past the clip: counted, not drawn
        continue
      }
      if column >= left {
        if column + columns > right {
          // A wide character that would be cut in half: blank what is left instead.
          for blank in column..<right { set(.blank(style), x: blank, y: y) }
        } else if columns == 2 {
          set(Cell(grapheme: String(character), width: 2, style: style), x: column, y: y)
          set(Cell(glyph: .empty, width: 0, style: style), x: column + 1, y: y)
        } else {
          set(Cell(grapheme: String(character), width: 1, style: style), x: column, y: y)
        }
      } else if column + columns > left {
        set(.blank(style), x: left, y: y)
      }
      column += columns
    }
    return column
  }

  /// Makes this canvas the same as `other`, writing only the cells that differ when both are
  /// the same size (else taking `other` whole). A backend keeps the canvas it last drew this
  /// way: it never shares the buffer of the canvas the app draws into, which would make the
  /// app's next frame copy every cell. `rows`, when given, are the only rows compared.
  public mutating func copyCells(from other: Canvas, rows: Range<Int>? = nil) {
    guard width == other.width, height == other.height else {
      self = other
      return
    }
    let rows = (rows ?? 0..<height).clamped(to: 0..<height)
    for index in (rows.lowerBound * width)..<(rows.upperBound * width)
    where cells[index] != other.cells[index] {
      cells[index] = other.cells[index]
    }
  }

  /// Sets every cell of `rect` to a space in `style`.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    let left = max(0, rect.x)
    let right = min(width, rect.maxX)
    let top = max(0, rect.y)
    let bottom = min(height, rect.maxY)
    guard left < right, top < bottom else { return }
    let blank = Cell.blank(style)
    for y in top..<bottom {
      // Only the edges can cut a wide character in half; the inside is overwritten plainly.
      set(blank, x: left, y: y)
      if right - 1 > left { set(blank, x: right - 1, y: y) }
    }
    guard right - 1 > left + 1 else { return }
    let width = width
    cells.withUnsafeMutableBufferPointer { cells in
      for y in top..<bottom {
        let row = y * width
        for x in (left + 1)..<(right - 1) { cells[row + x] = blank }
      }
    }
  }

  /// Changes the style of every cell of `rect`, keeping the text.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let left = max(0, rect.x)
    let right = min(width, rect.maxX)
    let top = max(0, rect.y)
    let bottom = min(height, rect.maxY)
    guard left < right, top < bottom else { return }
    let width = width
    cells.withUnsafeMutableBufferPointer { cells in
      for y in top..<bottom {
        for x in left..<right { change(&cells[y * width + x].style) }
      }
    }
  }

  /// Draws `change` as a terminal draws a cell it is sent: a wide character takes the column to
  /// its right too, and the other half of a wide character it overlaps is blanked. A change
  /// outside the canvas draws nothing.
  public mutating func apply(_ change: CellChange) {
    guard change.x >= 0, change.y >= 0, change.x < width, change.y < height else { return }
    set(change.cell, x: change.x, y: change.y)
    if change.cell.width == 2, change.x + 1 < width {
      set(Cell(glyph: .empty, width: 0, style: change.cell.style), x: change.x + 1, y: change.y)
    }
  }

  /// Writes one cell, blanking the other half of any wide character it overlaps. A
  /// continuation written after its wide character (which `put` and `apply` write first) is the
  /// new character's right half, not an overlap of the old one's.
  private mutating func set(_ cell: Cell, x: Int, y: Int) {
    let index = y * width + x
    let oldWidth = cells[index].width
    if oldWidth == 2, x + 1 < width, cell.width != 2 {
      cells[index + 1] = .blank(cells[index + 1].style)
    }
    if oldWidth == 0, x > 0, cells[index - 1].width == 2, cell.width != 0 {
      cells[index - 1] = .blank(cells[index - 1].style)
    }
    cells[index] = cell
  }

  /// Row `y` as plain text (continuation cells skipped), trailing spaces kept.
  public func line(_ y: Int) -> String {
    guard y >= 0, y < height else { return "" }
    var text = ""
    for cell in cells[(y * width)..<((y + 1) * width)] where !cell.isContinuation {
      text += cell.grapheme
    }
    return text
  }

  /// Every row as plain text with trailing spaces removed: what a person would read.
  public var lines: [String] {
    (0..<height).map { y in
      var text = line(y)
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// The canvas as text, one row a line, for test failures and goldens.
  public var description: String { lines.joined(separator: "\n") }
}
