/// The seat map's legend on one row: each seat cell beside its word, centred; items that do not
/// fit are left off from the end.
enum SeatLegendLine {
  /// Draws the legend centred in the first row of `rect`.
  static func draw(on canvas: inout Canvas, in rect: Rect, legend: SeatLegend, theme: Theme) {
    let items: [(symbol: String, style: Style, word: String)] = [
      ("[ ]", theme.seatFree, legend.free), ("[+]", theme.seatPremium, legend.premium),
      ("[x]", theme.seatTaken, legend.taken), ("[1]", theme.seatSelected, legend.chosen),
      ("◂▸", theme.accent, legend.exitRow),
    ]
    var fitting: [(symbol: String, style: Style, word: String)] = []
    var width = 0
    for item in items {
      let itemWidth = DisplayWidth.of(item.symbol) + 1 + DisplayWidth.of(item.word)
      let needed = width + (fitting.isEmpty ? 0 : 2) + itemWidth
      if needed > rect.width { break }
      fitting.append(item)
      width = needed
    }
    var x = rect.x + (rect.width - width) / 2
    for (offset, item) in fitting.enumerated() {
      if offset > 0 { x += 2 }
      x = canvas.put(item.symbol, x: x, y: rect.y, style: item.style, clip: rect) + 1
      x = canvas.put(item.word, x: x, y: rect.y, style: theme.dim, clip: rect)
    }
  }
}
