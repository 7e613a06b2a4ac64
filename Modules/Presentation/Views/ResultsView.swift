import Canvas
import Domain
import Widgets
import Words

/// Draws the offers list and names its keys.
enum ResultsView {
  static func draw(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, spinner: Int
  ) {
    guard !rect.isEmpty else { return }
    // The week's fares above the list where there is room for them and the list.
    let showsStrip = rect.height >= 10 && rect.width >= 30
    let (top, body) = rect.splitTop(showsStrip ? 4 : 2)
    let header = top.row(0)
    if showsStrip {
      FareStrip.draw(
        state, on: &canvas, in: Rect(x: top.x, y: top.y + 1, width: top.width, height: 2),
        theme: theme, language: language)
    }
    guard
      let offers = LoadStatusView.value(
        of: state.load, loadingText: strings.loadingOffers, on: &canvas, in: body, theme: theme,
        strings: strings, spinner: spinner)
    else { return }
    canvas.put(
      DisplayWidth.truncateAtWord(
        summary(state, offers: offers, strings, language), to: header.width),
      x: header.x, y: header.y, style: theme.dim, clip: header)
    if state.choosingAirlines {
      drawChecklist(state, on: &canvas, in: body, theme: theme, strings: strings)
      return
    }
    if state.listed.isEmpty {
      var onlyNonstop = ResultsFeature.Filters()
      onlyNonstop.nonstopOnly = true
      let text =
        offers.isEmpty
        ? strings.noOffers
        : state.filters == onlyNonstop ? strings.noNonstops : strings.noneMatch
      for (row, line) in Modal.wrap(text, width: body.width).prefix(body.height).enumerated() {
        canvas.put(line, x: body.x, y: body.y + row, style: theme.warning, clip: body)
      }
      return
    }
    let listed = state.listed
    // One price column for every row, as wide as the dearest fare: amounts line up on the right.
    let priceColumn = state.dearest.map { DisplayWidth.of($0.formatted(language.moneyStyle)) } ?? 0
    let widths = columnWidths(strings)
    ListView.draw(
      on: &canvas, in: body, count: listed.count, selected: state.selected, theme: theme
    ) { index, row, isSelected, canvas in
      drawRow(
        listed[index], on: &canvas, in: row, selected: isSelected, theme: theme, strings: strings,
        language: language, priceColumn: priceColumn, widths: widths)
    }
  }

  /// "12 of 40 offers · sorted by price · nonstop only · without LH · mornings · up to EUR 300".
  static func summary(
    _ state: ResultsFeature.State, offers: [Offer], _ strings: Strings, _ language: Language
  ) -> String {
    var parts = [
      strings.offerCount(state.listed.count, offers.count),
      strings.sortedBy(strings.sortName(state.sort.order)),
    ]
    let filters = state.filters
    if filters.nonstopOnly { parts.append(strings.nonstopOnly) }
    if !filters.hiddenAirlines.isEmpty {
      parts.append(strings.withoutAirlines(filters.hiddenAirlines.sorted().joined(separator: ", ")))
    }
    if let part = filters.dayPart { parts.append(strings.dayPartName(part)) }
    if let highest = filters.highestPrice, let currency = offers.first?.total.currency {
      parts.append(strings.upTo(Money(highest, currency).formatted(language.moneyStyle)))
    }
    return parts.joined(separator: " · ")
  }

  /// The airlines checklist: a line each, ticked when its offers show.
  static func drawChecklist(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings
  ) {
    guard !rect.isEmpty else { return }
    canvas.put(
      DisplayWidth.truncateAtWord(strings.airlinesTitle, to: rect.width), x: rect.x, y: rect.y,
      style: theme.title, clip: rect)
    let list = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 1))
    ListView.draw(
      on: &canvas, in: list, count: state.airlines.count, selected: state.airlineCursor,
      theme: theme
    ) { index, row, isSelected, canvas in
      let airline = state.airlines[index]
      let shown = !state.filters.hiddenAirlines.contains(airline.code)
      let style = isSelected ? theme.selection : theme.text
      canvas.fill(row, style: style)
      canvas.put(
        " \(shown ? "[x]" : "[ ]") \(airline.code)  \(airline.name)", x: row.x, y: row.y,
        style: style, clip: row)
    }
  }

  /// The columns' widths in screen order (times, flights, airline, duration, stops, cabin): the
  /// stops column as wide as its longest words in this language with one stop's airport code
  /// ("1 stop FRA"; a second stop's code is cut with "…"), the cabin column as its longest word.
  static func columnWidths(_ strings: Strings) -> [Int] {
    let stops = [strings.nonstop, strings.stops(1) + " XXX", strings.stops(2) + " XXX"].map(
      DisplayWidth.of
    ).max()
    let cabins = Cabin.allCases.map { DisplayWidth.of(strings.cabinName($0)) }.max()
    return [14, 15, 19, 9, (stops ?? 10) + 2, min(16, (cabins ?? 9) + 1)]
  }

  /// One offer on one line: times, flights, airline, duration, stops, cabin, price (right-aligned
  /// in a column `priceColumn` wide).
  static func drawRow(
    _ offer: Offer, on canvas: inout Canvas, in row: Rect, selected: Bool, theme: Theme,
    strings: Strings, language: Language, priceColumn: Int, widths columnWidths: [Int]
  ) {
    let base = selected ? theme.selection : theme.text
    let slice = offer.outbound
    let dayShift = slice.departure.days(until: slice.arrival)
    let times =
      "\(slice.departure.hhmm)→\(slice.arrival.hhmm)" + (dayShift > 0 ? "+\(dayShift)" : "  ")
    let flights = offer.flightNumbers.map(\.description).joined(separator: "+")
    let stops =
      offer.stops == 0
      ? strings.nonstop
      : strings.stops(offer.stops) + " "
        + slice.stopAirports.map(\.code.description).joined(separator: " ")
    let price = offer.total.formatted(language.moneyStyle)
    let cabin = strings.cabinName(offer.cabin)
    let priceWidth = DisplayWidth.of(price)
    let columnStart = row.maxX - max(priceColumn, priceWidth) - 1
    let priceStart = row.maxX - priceWidth - 1
    let columns = Rect(x: row.x, y: row.y, width: max(0, columnStart - row.x - 1), height: 1)
    // Columns in screen order with their widths; on a narrow screen the least useful give way
    // first: the airline's name (its code is in the flight numbers), then the cabin.
    let texts: InlineArray<6, String> = [
      times, flights, offer.airline.name, language.duration(minutes: offer.durationMinutes), stops,
      cabin,
    ]
    var widths = InlineArray<6, Int>(repeating: 0)
    for index in widths.indices { widths[index] = columnWidths[index] }
    var shown = InlineArray<6, Bool>(repeating: false)
    var used = 1
    for index in [0, 1, 3, 4, 5, 2] {
      let room = columns.width - used
      // The flight numbers, the cabin and the airline's name shrink to the room left rather than
      // vanish, down to what still reads (a stump of a name is left out).
      let least = index == 1 ? 5 : index == 5 ? 8 : 10
      if index == 1 || index == 2 || index == 5, room < widths[index], room >= least {
        widths[index] = room
      }
      // Last in line, the airline's name takes spare room on a wide screen, up to 26 columns.
      if index == 2, room > widths[index] { widths[index] = min(room, 26) }
      // A column that does not fit leaves its room to the next ones.
      guard widths[index] <= room else { continue }
      shown[index] = true
      used += widths[index]
    }
    // The columns' room is blanked in the row's style, then each text is put at its column's
    // start, cut with "…" only when it is wider than its column less one space: no string is
    // built for the row, which is drawn for every visible offer on every frame.
    var starts = InlineArray<6, Int>(repeating: -1)
    var column = row.x + 1
    for index in texts.indices where shown[index] {
      starts[index] = column
      column += widths[index]
    }
    let blank = Rect(x: row.x, y: row.y, width: min(column, columns.maxX) - row.x, height: 1)
    canvas.fill(blank, style: base)
    for index in texts.indices where shown[index] {
      canvas.put(
        DisplayWidth.truncate(texts[index], to: widths[index] - (index == 0 ? 0 : 1)),
        x: starts[index], y: row.y, style: base, clip: columns)
    }
    canvas.put(price, x: priceStart, y: row.y, style: base, clip: row)
    func restyle(_ index: Int, _ change: (inout Style) -> Void) {
      guard starts[index] >= 0 else { return }
      canvas.restyle(Rect(x: starts[index], y: row.y, width: widths[index] - 1, height: 1), change)
    }
    restyle(1) { $0.attributes.insert(.bold) }
    if !selected {
      if offer.stops == 0 { restyle(4) { $0 = theme.success } }
      restyle(5) { $0 = theme.dim }
    }
    canvas.restyle(Rect(x: priceStart, y: row.y, width: priceWidth, height: 1)) {
      $0 = selected ? base.adding(.bold) : theme.accent
    }
  }

  static func hints(_ state: ResultsFeature.State, strings: Strings) -> [KeyHint] {
    if case .failed = state.load {
      return [
        KeyHint("r", strings.hintRetry), KeyHint("Esc", strings.hintBack),
        KeyHint("q", strings.hintQuit),
      ]
    }
    if state.choosingAirlines {
      return [
        KeyHint("Space", strings.hintToggle), KeyHint("↑↓", strings.hintMove),
        KeyHint("Esc", strings.hintClose),
      ]
    }
    return [
      KeyHint("Enter", strings.hintSelect), KeyHint("s", strings.hintSort),
      KeyHint("n", strings.hintNonstop), KeyHint("a", strings.hintAirlines),
      KeyHint("t", strings.hintTime), KeyHint("+/-", strings.hintPrice),
      KeyHint("x", strings.hintClear), KeyHint("[ ]", strings.hintDay),
      KeyHint("Esc", strings.hintBack), KeyHint("?", strings.hintHelp),
    ]
  }
}
