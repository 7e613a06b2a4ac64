import Canvas

/// The seat map's legend: each seat cell beside its word, packed into as few rows as the width
/// allows, from the left edge (a word wrapped under its symbol stays under it); rows that do
/// not fit in the height given are left off from the end.
enum SeatLegendLine {
  typealias Item = (symbol: String, style: Style, word: String)

  /// The longest word last: on a narrow map it wraps under its own symbol.
  static func items(_ legend: SeatLegend, theme: Theme) -> [Item] {
    [
      ("[ ]", theme.seatFree, legend.free), ("[x]", theme.seatTaken, legend.taken),
      ("[1]", theme.seatSelected, legend.chosen), ("◂▸", theme.accent, legend.exitRow),
      ("[+]", theme.seatPremium, legend.premium),
    ]
  }

  /// The items packed into rows of at most `width` columns; an item too wide for a row of its
  /// own wraps its word onto the rows below, under the word.
  static func rows(_ items: [Item], width: Int) -> [[Item]] {
    var rows: [[Item]] = [[]]
    var used = 0
    for item in items {
      let symbolWidth = DisplayWidth.of(item.symbol)
      let itemWidth = symbolWidth + 1 + DisplayWidth.of(item.word)
      if let last = rows.last, !last.isEmpty, used + 2 + itemWidth > width {
        rows.append([])
        used = 0
      }
      guard itemWidth > width, width > symbolWidth + 2 else {
        used += (rows[rows.count - 1].isEmpty ? 0 : 2) + itemWidth
        rows[rows.count - 1].append(item)
        continue
      }
      let lines = Modal.wrap(item.word, width: width - symbolWidth - 1)
      for (index, line) in lines.enumerated() {
        if index > 0 { rows.append([]) }
        let symbol = index == 0 ? item.symbol : String(repeating: " ", count: symbolWidth)
        rows[rows.count - 1].append((symbol, item.style, line))
      }
      used = width
    }
    return rows
  }

  /// How many rows the whole legend takes at `width`.
  static func rowsNeeded(_ legend: SeatLegend, width: Int) -> Int {
    rows(items(legend, theme: .monochrome), width: width - margin(width)).count
  }

  /// A column left free at the map's edge, where there is room for it.
  private static func margin(_ width: Int) -> Int { width > 2 ? 1 : 0 }

  /// Draws the legend in the rows of `rect`.
  static func draw(on canvas: inout Canvas, in rect: Rect, legend: SeatLegend, theme: Theme) {
    let margin = margin(rect.width)
    for (index, row) in rows(items(legend, theme: theme), width: rect.width - margin)
      .prefix(rect.height).enumerated()
    {
      var x = rect.x + margin
      let y = rect.y + index
      for (offset, item) in row.enumerated() {
        if offset > 0 { x += 2 }
        // A word wrapped under its own symbol has blanks there, left as the row's fill (a
        // symbol's style may underline).
        if item.symbol.allSatisfy({ $0 == " " }) {
          x += DisplayWidth.of(item.symbol) + 1
        } else {
          x = canvas.put(item.symbol, x: x, y: y, style: item.style, clip: rect) + 1
        }
        x = canvas.put(item.word, x: x, y: y, style: theme.dim, clip: rect)
      }
    }
  }
}
