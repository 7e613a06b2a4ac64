import Domain

/// A picture of the cabin: column letters over rows of seats, aisles as gaps, exit rows marked
/// at both edges, and a legend on the bottom row.
///
/// ```
///      A  B  C    D  E  F
///  1  [+][+][x]  [+][+][+]
/// 12 ◂[ ][1][ ]  [x][ ][ ]▸
/// ```
///
/// Free seats are `[ ]`, free seats that cost more `[+]`, taken ones `[x]`, and a seat chosen
/// for a passenger shows the passenger's label, `[1]`. The cursor keeps the seat's text and
/// takes `theme.seatCursor`. When the rows do not fit, the map scrolls to centre the cursor's row.
public enum SeatMapView {
  /// Columns a seat takes.
  private static let seatWidth = 3
  /// Columns an aisle takes.
  private static let aisleWidth = 2

  /// Draws `seatMap` into `rect`, centred across it, with `chosen` seats labelled.
  public static func draw(
    on canvas: inout Canvas, in rect: Rect, seatMap: SeatMap, chosen: [SeatDesignator: String],
    cursor: SeatDesignator?, theme: Theme, legend: SeatLegend
  ) {
    canvas.fill(rect, style: theme.text)
    guard !rect.isEmpty else { return }
    let headerRows = rect.height >= 2 ? 1 : 0
    let legendRows = rect.height >= 3 ? 1 : 0
    let visible = rect.height - headerRows - legendRows
    let left = rect.x + max(0, (rect.width - requiredWidth(for: seatMap)) / 2)
    let labelWidth = rowLabelWidth(seatMap)
    if headerRows > 0 {
      drawHeader(on: &canvas, in: rect, x: left + labelWidth + 2, seatMap: seatMap, theme: theme)
    }
    let seats = Dictionary(
      seatMap.seats.map { ($0.designator, $0) }, uniquingKeysWith: { first, _ in first })
    let exitRows = Set(seatMap.rows(of: .exitRow))
    let top = firstRow(seatMap: seatMap, cursor: cursor, visible: visible)
    for (line, row) in seatMap.rows.dropFirst(top).prefix(visible).enumerated() {
      let y = rect.y + headerRows + line
      let label = DisplayWidth.pad(String(row), to: labelWidth, alignRight: true)
      let labelStyle = row == cursor?.row ? theme.text.adding(.bold) : theme.dim
      var x = canvas.put(label, x: left, y: y, style: labelStyle, clip: rect) + 1
      let isExit = exitRows.contains(row)
      x = canvas.put(isExit ? "◂" : " ", x: x, y: y, style: theme.accent, clip: rect)
      for column in seatMap.columns {
        guard case .seat(let letter) = column else {
          x += aisleWidth
          continue
        }
        let designator = letter.first.flatMap { try? SeatDesignator(row: row, letter: $0) }
        let (text, style) = cell(
          designator.flatMap { seats[$0] }, label: designator.flatMap { chosen[$0] },
          isCursor: designator != nil && designator == cursor, theme: theme)
        x = canvas.put(text, x: x, y: y, style: style, clip: rect)
      }
      if isExit { canvas.put("▸", x: x, y: y, style: theme.accent, clip: rect) }
    }
    if legendRows > 0 {
      SeatLegendLine.draw(on: &canvas, in: rect.row(rect.height - 1), legend: legend, theme: theme)
    }
  }

  /// The columns the map takes without being cut: row numbers, exit marks, seats and aisles.
  public static func requiredWidth(for seatMap: SeatMap) -> Int {
    let cabin = seatMap.columns.reduce(0) { total, column in
      if case .seat = column { return total + seatWidth }
      return total + aisleWidth
    }
    return rowLabelWidth(seatMap) + 2 + cabin + 1
  }

  private static func rowLabelWidth(_ seatMap: SeatMap) -> Int {
    max(1, seatMap.rows.map { String($0).count }.max() ?? 1)
  }

  /// The index of the first row shown: 0 when all fit, else the cursor's row as near the middle
  /// as the ends allow.
  private static func firstRow(seatMap: SeatMap, cursor: SeatDesignator?, visible: Int) -> Int {
    let count = seatMap.rows.count
    guard visible > 0, count > visible else { return 0 }
    let target = cursor.flatMap { seatMap.rows.firstIndex(of: $0.row) } ?? 0
    return min(max(0, target - visible / 2), count - visible)
  }

  private static func drawHeader(
    on canvas: inout Canvas, in rect: Rect, x start: Int, seatMap: SeatMap, theme: Theme
  ) {
    var x = start
    for column in seatMap.columns {
      guard case .seat(let letter) = column else {
        x += aisleWidth
        continue
      }
      let shown = DisplayWidth.prefix(letter, fitting: 1)
      canvas.put(shown, x: x + 1, y: rect.y, style: theme.dim, clip: rect)
      x += seatWidth
    }
  }

  /// The text and style of one seat, or of a gap where the cabin has no seat.
  private static func cell(_ seat: Seat?, label: String?, isCursor: Bool, theme: Theme) -> (
    String, Style
  ) {
    guard let seat else { return ("   ", theme.text) }
    let text: String
    var style: Style
    if let label {
      let mark = DisplayWidth.prefix(label, fitting: 1)
      text = "[" + (mark.isEmpty ? "*" : mark) + "]"
      style = theme.seatSelected
    } else if seat.occupied {
      (text, style) = ("[x]", theme.seatTaken)
    } else if seat.kind == .standard {
      (text, style) = ("[ ]", theme.seatFree)
    } else {
      (text, style) = ("[+]", theme.seatPremium)
    }
    if isCursor { style = theme.seatCursor }
    return (text, style)
  }
}
