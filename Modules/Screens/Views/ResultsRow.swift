import Canvas
import Domain
import Widgets
import Words

/// One offer in the results list: a line for a one-way trip; two for a round trip, the outbound
/// above the return. The columns (times, flights, airline, duration, stops, cabin) are laid out
/// once a frame (`Layout`); the prices are on the right, labelled.
enum ResultsRow {
  /// Where each column of a row goes, for a row's width.
  struct Layout {
    /// The row's width.
    let width: Int
    /// Whether a row has two lines: a round trip, the total above and the fare per adult below.
    let twoLines: Bool
    /// The widths of the dearest total and the dearest fare per adult, with their labels.
    let totalColumn: Int
    let perAdultColumn: Int
    /// Whether a one-line row shows the fare per adult after its total.
    let perAdult: Bool
    /// Each column's start from the row's left edge (-1: not shown) and its width.
    private(set) var starts = InlineArray<6, Int>(repeating: -1)
    private(set) var widths = InlineArray<6, Int>(repeating: 0)
    /// Where the shown columns end, from the row's left edge.
    private(set) var columnsEnd = 1

    /// The layout of rows `width` wide for `state`'s offers.
    init(
      width: Int, twoLines: Bool, state: ResultsFeature.State, strings: Strings,
      language: Language
    ) {
      self.width = width
      self.twoLines = twoLines
      let style = language.moneyStyle
      totalColumn =
        state.dearest.map { DisplayWidth.of(strings.totalPrice($0.formattedBrief(style))) } ?? 0
      perAdultColumn =
        state.dearestPerAdult.map {
          DisplayWidth.of(strings.perAdultPrice($0.formattedBrief(style)))
        } ?? 0
      let base = ResultsRow.columnWidths(strings, language)
      // On one line, the fare per adult shows while times, flights, duration and stops still fit
      // beside both prices; else the total alone, with its label.
      let essential = 2 + base[0] + base[1] + base[3] + base[4]
      perAdult = !twoLines && width - totalColumn - 3 - perAdultColumn - 1 >= essential
      let prices =
        twoLines
        ? max(totalColumn, perAdultColumn)
        : perAdult ? totalColumn + 3 + perAdultColumn : totalColumn
      // A space before the prices and one after them.
      let room = width - prices - 2
      // On a narrow screen the least useful columns give way first: the airline's name (its
      // code is in the flight numbers), then the cabin.
      var shown = InlineArray<6, Bool>(repeating: false)
      for index in widths.indices { widths[index] = base[index] }
      var used = 1
      for index in [0, 1, 3, 4, 5, 2] {
        let left = room - used
        // The flight numbers, the cabin and the airline's name shrink to the room left rather
        // than vanish, down to what still reads (a stump of a name is left out).
        let least = index == 1 ? 5 : index == 5 ? 8 : 10
        if index == 1 || index == 2 || index == 5, left < widths[index], left >= least {
          widths[index] = left
        }
        // Last in line, the airline's name takes spare room on a wide screen, up to 26 columns.
        if index == 2, left > widths[index] { widths[index] = min(left, 26) }
        // A column that does not fit leaves its room to the next ones.
        guard widths[index] <= left else { continue }
        shown[index] = true
        used += widths[index]
      }
      var column = 1
      for index in widths.indices where shown[index] {
        starts[index] = column
        column += widths[index]
      }
      columnsEnd = column
    }
  }

  /// The columns' widths in screen order (times, flights, airline, duration, stops, cabin): the
  /// duration column as wide as a day less a minute ("23h 59m", "23sa 59dk": a round trip's
  /// way back may take most of a day), the stops column as its longest words in this language
  /// with one stop's airport code ("1 stop FRA"; a second stop's code is cut with "…"), the
  /// cabin column as its longest word.
  static func columnWidths(_ strings: Strings, _ language: Language) -> [Int] {
    let stops = [strings.nonstop, strings.stops(1) + " XXX", strings.stops(2) + " XXX"].map(
      DisplayWidth.of
    ).max()
    let cabins = Cabin.allCases.map { DisplayWidth.of(strings.cabinName($0)) }.max()
    let duration = max(9, DisplayWidth.of(language.duration(minutes: 23 * 60 + 59)) + 1)
    return [14, 15, 19, duration, (stops ?? 10) + 2, min(16, (cabins ?? 9) + 1)]
  }

  /// The columns' names over the list, where the rows put their columns.
  static func drawHeadings(
    _ layout: Layout, on canvas: inout Canvas, at row: Rect, theme: Theme, strings: Strings
  ) {
    guard !row.isEmpty else { return }
    let names = strings.resultColumns
    guard names.count >= 8 else { return }
    for index in layout.starts.indices where layout.starts[index] >= 0 {
      canvas.put(
        DisplayWidth.truncate(names[index], to: max(0, layout.widths[index] - 1)),
        x: row.x + layout.starts[index], y: row.y, style: theme.dim, clip: row)
    }
    let end = row.x + layout.width - 1
    var totalEnd = end
    if layout.perAdult {
      putRight(names[7], endingAt: end, y: row.y, on: &canvas, style: theme.dim, clip: row)
      totalEnd = end - layout.perAdultColumn - 3
    }
    putRight(names[6], endingAt: totalEnd, y: row.y, on: &canvas, style: theme.dim, clip: row)
  }

  /// One offer: each slice's times, flights, duration and stops on a line of its own (the
  /// airline and cabin on the first), the total on the first line and the fare per adult beside
  /// it or below it. No string is built for the row beyond its texts: it is drawn for every
  /// visible offer on every frame.
  static func draw(
    _ offer: Offer, on canvas: inout Canvas, in row: Rect, selected: Bool, layout: Layout,
    theme: Theme, strings: Strings, language: Language
  ) {
    let base = selected ? theme.selection : theme.text
    let style = language.moneyStyle
    let end = row.x + layout.width - 1
    let lines = layout.twoLines ? 2 : 1
    let columnsRight = min(row.x + layout.columnsEnd, end)
    for (line, slice) in offer.slices.prefix(lines).enumerated() {
      let y = row.y + line
      let columns = Rect(x: row.x, y: y, width: max(0, columnsRight - row.x), height: 1)
      canvas.fill(columns, style: base)
      if line > 0 { canvas.put("↩", x: row.x, y: y, style: base, clip: columns) }
      let dayShift = slice.departure.days(until: slice.arrival)
      let stops =
        slice.stops == 0
        ? strings.nonstop
        : strings.stops(slice.stops) + " "
          + slice.stopAirports.map(\.code.description).joined(separator: " ")
      let texts: InlineArray<6, String> = [
        "\(slice.departure.hhmm)→\(slice.arrival.hhmm)" + (dayShift > 0 ? "+\(dayShift)" : "  "),
        slice.flightNumbers.map(\.description).joined(separator: "+"),
        line == 0 ? offer.airline.name : "",
        language.duration(minutes: slice.durationMinutes), stops,
        line == 0 ? strings.cabinName(offer.cabin) : "",
      ]
      for index in texts.indices where layout.starts[index] >= 0 && !texts[index].isEmpty {
        // Cut with "…" only when wider than its column less one space.
        canvas.put(
          DisplayWidth.truncate(texts[index], to: layout.widths[index] - (index == 0 ? 0 : 1)),
          x: row.x + layout.starts[index], y: y, style: base, clip: columns)
      }
      func restyle(_ index: Int, _ change: (inout Style) -> Void) {
        guard layout.starts[index] >= 0 else { return }
        canvas.restyle(
          Rect(
            x: row.x + layout.starts[index], y: y, width: layout.widths[index] - 1, height: 1),
          change)
      }
      restyle(1) { $0 = selected ? theme.selectionStrong : theme.strong }
      if !selected {
        if slice.stops == 0 { restyle(4) { $0 = theme.success } }
        restyle(5) { $0 = theme.dim }
      }
    }
    let total = strings.totalPrice(offer.total.formattedBrief(style))
    let totalStyle = selected ? theme.selectionStrong : theme.accent
    let perAdultStyle = selected ? base : theme.dim
    let shownPerAdult = layout.twoLines || layout.perAdult
    let perAdult =
      shownPerAdult
      ? strings.perAdultPrice(offer.perPerson.adult.formattedBrief(style)) : ""
    if layout.twoLines {
      putRight(total, endingAt: end, y: row.y, on: &canvas, style: totalStyle, clip: row)
      putRight(
        perAdult, endingAt: end, y: row.y + 1, on: &canvas, style: perAdultStyle, clip: row)
    } else if layout.perAdult {
      let split = end - layout.perAdultColumn - 3
      putRight(total, endingAt: split, y: row.y, on: &canvas, style: totalStyle, clip: row)
      canvas.put(" · ", x: split, y: row.y, style: perAdultStyle, clip: row)
      putRight(perAdult, endingAt: end, y: row.y, on: &canvas, style: perAdultStyle, clip: row)
    } else {
      putRight(total, endingAt: end, y: row.y, on: &canvas, style: totalStyle, clip: row)
    }
  }

  /// Puts `text` so that it ends just before column `end`.
  static func putRight(
    _ text: String, endingAt end: Int, y: Int, on canvas: inout Canvas, style: Style, clip: Rect
  ) {
    canvas.put(text, x: end - DisplayWidth.of(text), y: y, style: style, clip: clip)
  }
}
