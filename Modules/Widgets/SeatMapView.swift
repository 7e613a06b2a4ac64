import Canvas
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
/// takes `theme.seatCursor`. When the rows do not fit, the map scrolls to centre the cursor's row,
/// and a marker row says how many rows are hidden above or below (`▲ 6 rows`); when the seats of
/// a row do not fit across, it shows as many columns as fit around the cursor's and marks the cut
/// side in the header with `‹` or `›`.
public enum SeatMapView {
  /// A seat as a click target: where the map drew it, on a canvas that keeps regions.
  public struct SeatClick: Hashable, Sendable {
    public let seat: SeatDesignator

    /// `seat`, as a click target.
    public init(seat: SeatDesignator) { self.seat = seat }
  }

  /// Columns a seat takes.
  private static let seatWidth = 3
  /// Columns an aisle takes.
  private static let aisleWidth = 2

  /// Draws `seatMap` into `rect`, centred across it, with `chosen` seats labelled, and the
  /// legend on its bottom rows unless `drawsLegend` is false (the caller draws it elsewhere,
  /// with `drawLegend`).
  public static func draw(
    on canvas: inout Canvas, in rect: Rect, seatMap: SeatMap, chosen: [SeatDesignator: String],
    cursor: SeatDesignator?, theme: Theme, legend: SeatLegend, drawsLegend: Bool = true
  ) {
    canvas.fill(rect, style: theme.text)
    guard !rect.isEmpty else { return }
    let headerRows = rect.height >= 2 ? 1 : 0
    // The whole legend where the map has room for it (a third of its height at most).
    let legendRows =
      drawsLegend && rect.height >= 3
      ? min(SeatLegendLine.rowsNeeded(legend, width: rect.width), max(1, rect.height / 3)) : 0
    let visible = rect.height - headerRows - legendRows
    let left = rect.x + max(0, (rect.width - requiredWidth(for: seatMap)) / 2)
    let labelWidth = rowLabelWidth(seatMap)
    let window = columnWindow(
      seatMap: seatMap, cursor: cursor, width: rect.width - (labelWidth + 2 + 1))
    let columns = seatMap.columns[window]
    if headerRows > 0 {
      let x = left + labelWidth + 2
      drawHeader(on: &canvas, in: rect, x: x, columns: columns, theme: theme)
      if window.lowerBound > 0 {
        canvas.put("‹", x: x - 1, y: rect.y, style: theme.accent, clip: rect)
      }
      if window.upperBound < seatMap.columns.count {
        canvas.put("›", x: x + cabinWidth(columns), y: rect.y, style: theme.accent, clip: rect)
      }
    }
    let seats = Dictionary(
      seatMap.seats.map { ($0.designator, $0) }, uniquingKeysWith: { first, _ in first })
    let exitRows = Set(seatMap.rows(of: .exitRow))
    let rows = ScrollWindow(
      count: seatMap.rows.count, height: visible,
      showing: cursor.flatMap { seatMap.rows.firstIndex(of: $0.row) } ?? 0, centred: true)
    if rows.marked {
      let x = left + labelWidth + 2
      let room = Rect(x: x, y: rect.y, width: max(0, rect.maxX - x), height: rect.height)
      for (hidden, y, arrow) in [
        (rows.hiddenAbove, rect.y + headerRows, "▲"),
        (rows.hiddenBelow, rect.y + headerRows + visible - 1, "▼"),
      ] where hidden > 0 {
        let text = DisplayWidth.truncate("\(arrow) \(hidden) \(legend.rows)", to: room.width)
        canvas.put(text, x: x, y: y, style: theme.accent, clip: room)
      }
    }
    for (line, row) in seatMap.rows[rows.lines].enumerated() {
      let y = rect.y + headerRows + rows.firstLineRow + line
      let label = DisplayWidth.pad(String(row), to: labelWidth, alignRight: true)
      let labelStyle = row == cursor?.row ? theme.strong : theme.dim
      var x = canvas.put(label, x: left, y: y, style: labelStyle, clip: rect) + 1
      let isExit = exitRows.contains(row)
      x = canvas.put(isExit ? "◂" : " ", x: x, y: y, style: theme.accent, clip: rect)
      for column in columns {
        guard case .seat(let letter) = column else {
          x += aisleWidth
          continue
        }
        let designator = letter.first.flatMap { try? SeatDesignator(row: row, letter: $0) }
        let (text, style) = cell(
          designator.flatMap { seats[$0] }, label: designator.flatMap { chosen[$0] },
          isCursor: designator != nil && designator == cursor, theme: theme)
        if let designator, seats[designator] != nil, x >= rect.x, x + seatWidth <= rect.maxX {
          canvas.record(
            SeatClick(seat: designator), in: Rect(x: x, y: y, width: seatWidth, height: 1))
        }
        x = canvas.put(text, x: x, y: y, style: style, clip: rect)
      }
      if isExit { canvas.put("▸", x: x, y: y, style: theme.accent, clip: rect) }
    }
    if legendRows > 0 {
      SeatLegendLine.draw(
        on: &canvas,
        in: Rect(x: rect.x, y: rect.maxY - legendRows, width: rect.width, height: legendRows),
        legend: legend, theme: theme)
    }
  }

  /// Draws the legend alone in the rows of `rect`, packed into as few rows as its width allows;
  /// rows that do not fit are left off from the end.
  public static func drawLegend(
    on canvas: inout Canvas, in rect: Rect, legend: SeatLegend, theme: Theme
  ) {
    SeatLegendLine.draw(on: &canvas, in: rect, legend: legend, theme: theme)
  }

  /// How many rows the whole legend takes at `width`.
  public static func legendRows(_ legend: SeatLegend, width: Int) -> Int {
    SeatLegendLine.rowsNeeded(legend, width: width)
  }

  /// The columns the map takes without being cut: row numbers, exit marks, seats and aisles.
  public static func requiredWidth(for seatMap: SeatMap) -> Int {
    rowLabelWidth(seatMap) + 2 + cabinWidth(seatMap.columns[...]) + 1
  }

  private static func cabinWidth(_ columns: ArraySlice<SeatColumn>) -> Int {
    columns.reduce(0) { $0 + columnWidth($1) }
  }

  private static func columnWidth(_ column: SeatColumn) -> Int {
    if case .seat = column { return seatWidth }
    return aisleWidth
  }

  /// The columns drawn: all of them when they fit in `width`, else as many as fit around the
  /// cursor's column (the first seat's when there is no cursor), growing one column at a time on
  /// the side with more left to show.
  static func columnWindow(seatMap: SeatMap, cursor: SeatDesignator?, width: Int) -> Range<Int> {
    let columns = seatMap.columns
    guard cabinWidth(columns[...]) > width, !columns.isEmpty else { return columns.indices }
    let letter = cursor.map { String($0.letter) }
    let center =
      columns.firstIndex { column in
        if case .seat(let seat) = column { return letter == nil || seat == letter }
        return false
      } ?? 0
    var lower = center
    var upper = center + 1
    var used = columnWidth(columns[center])
    while true {
      let leftRoom = lower > 0 ? columnWidth(columns[lower - 1]) : Int.max
      let rightRoom = upper < columns.count ? columnWidth(columns[upper]) : Int.max
      let preferRight = columns.count - upper >= lower
      if preferRight, rightRoom != Int.max, used + rightRoom <= width {
        used += rightRoom
        upper += 1
      } else if leftRoom != Int.max, used + leftRoom <= width {
        used += leftRoom
        lower -= 1
      } else if rightRoom != Int.max, used + rightRoom <= width {
        used += rightRoom
        upper += 1
      } else {
        break
      }
    }
    return lower..<upper
  }

  private static func rowLabelWidth(_ seatMap: SeatMap) -> Int {
    max(1, seatMap.rows.map { String($0).count }.max() ?? 1)
  }

  private static func drawHeader(
    on canvas: inout Canvas, in rect: Rect, x start: Int, columns: ArraySlice<SeatColumn>,
    theme: Theme
  ) {
    var x = start
    for column in columns {
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
